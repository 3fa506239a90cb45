#!/usr/bin/env node
// `npm start`: install what is missing, build the web app and the server when their sources changed, then serve API and app
// on one port. A few lines of progress, then the server's banner with the address and how to log in.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { ensureServerBuilt, serverArgs, serverEnv } from './build-server.mjs'
import { bin, ensureDependencies, env, newest, root, step } from './setup.mjs'

ensureDependencies()

const built = join(root, 'web', 'dist', 'index.html')
const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/precompress.ts', 'contract/src'].map(
  (p) => join(root, p),
)
// A production build whatever NODE_ENV the shell has: under `test` or `development` vite bundles React's
// development build, and the first screens outgrow their budget (web/bundle-budget.ts) and fail the build.
if (!existsSync(built) || Math.max(...sources.map(newest)) > newest(built))
  step('Building the web app', join(bin, 'vite'), ['build'], {
    cwd: join(root, 'web'),
    env: { ...env, NODE_ENV: 'production' },
  })

await ensureServerBuilt()
console.log('Starting the server...')

const levels = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' }

/** A pino JSON line as one short line a person reads; anything else (the banner) as it is. */
function readable(line) {
  let entry
  try {
    entry = JSON.parse(line)
  } catch {
    return line
  }
  if (typeof entry !== 'object' || entry === null || !('level' in entry)) return line
  const parts = [`  ${levels[entry.level] ?? entry.level}`.padEnd(8), entry.msg ?? '']
  if (entry.req) parts.push(`${entry.req.method} ${entry.req.url}`)
  if (entry.res) parts.push(String(entry.res.statusCode))
  if (entry.responseTime !== undefined) parts.push(`${Math.round(entry.responseTime)} ms`)
  if (entry.err?.message) parts.push(`: ${entry.err.message}`)
  return parts.filter(Boolean).join(' ')
}

const server = spawn(join(bin, 'node'), serverArgs, {
  cwd: root,
  env: { ...env, ...serverEnv },
  stdio: ['inherit', 'pipe', 'pipe'],
})
for (const [from, to] of [
  [server.stdout, process.stdout],
  [server.stderr, process.stderr],
])
  createInterface({ input: from }).on('line', (line) => to.write(`${readable(line)}\n`))
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
