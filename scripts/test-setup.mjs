#!/usr/bin/env node
// First step of `npm test`: install what is missing, as `npm start` does, and make sure the browser tests
// will find Chromium: installed here when this runs as root on Debian, otherwise one line saying how.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { ensureDependencies, step } from './setup.mjs'

ensureDependencies()

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const hasAptGet = () => spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
if (!existsSync(chromium)) {
  if (chromium === '/usr/bin/chromium' && process.getuid?.() === 0 && hasAptGet()) {
    step('Installing Chromium for the browser tests', 'sh', [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
    ])
  } else {
    console.error(
      `The browser tests need Chromium at ${chromium}: install it with "sudo apt-get install -y chromium" ` +
        '(Debian/Ubuntu; never "playwright install"), or set CHROMIUM_PATH to one.',
    )
    process.exit(1)
  }
}
