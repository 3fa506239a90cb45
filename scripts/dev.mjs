#!/usr/bin/env node
// `npm run dev`: the API with reload on change, and Vite's dev server (which proxies /api to it).
import { spawn } from 'node:child_process'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bin = join(root, 'node_modules', '.bin')
const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}` }

const children = [
  spawn(join(bin, 'tsx'), ['watch', 'server/src/main.ts'], { cwd: root, env, stdio: 'inherit' }),
  spawn(join(bin, 'vite'), [], { cwd: join(root, 'web'), env, stdio: 'inherit' }),
]
const stop = (signal) => {
  for (const child of children) child.kill(signal)
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal))
for (const child of children) child.on('exit', () => stop('SIGTERM'))
