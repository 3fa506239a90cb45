#!/usr/bin/env node
// First step of `npm test`: install what is missing, as `npm start` does, and make sure the tests find the
// programs they drive: Chromium (browser tests) and promtool (the /metrics scrapes), installed here when this
// runs as root on Debian, otherwise one line saying how.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { ensureDependencies, step } from './setup.mjs'

ensureDependencies()

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const found = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
// Debian's package for each program that is missing.
const missing = [
  ...(existsSync(chromium)
    ? []
    : [{ what: `Chromium at ${chromium}`, pkg: 'chromium', installable: chromium === '/usr/bin/chromium' }]),
  ...(found('promtool') ? [] : [{ what: 'promtool', pkg: 'prometheus', installable: true }]),
]
if (missing.length > 0) {
  const packages = missing.map((one) => one.pkg).join(' ')
  if (missing.every((one) => one.installable) && process.getuid?.() === 0 && found('apt-get')) {
    step(`Installing ${packages} for the tests`, 'sh', [
      '-c',
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`,
    ])
  } else {
    console.error(
      `The tests need ${missing.map((one) => one.what).join(' and ')}: install with "sudo apt-get install -y ${packages}" ` +
        '(Debian/Ubuntu; never "playwright install"), or set CHROMIUM_PATH to a Chromium.',
    )
    process.exit(1)
  }
}
