// What `npm start` and `npm test` do first on any machine: install the dependencies when the lock file
// changed since the last install, quietly, saying in one line what happens. Written for any Node >= 18 so
// that it runs before `node_modules/.bin/node` (Node 24) exists.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')
export const bin = join(root, 'node_modules', '.bin')
export const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}` }

/** The latest modification time (ms) of a file, or of anything under a folder; 0 when it is missing. */
export function newest(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs)
}

/** Where the output of quiet steps goes; shown when a step fails. */
const logDir = join(root, 'node_modules', '.vod-logs')

/**
 * Runs one step with its output kept in a log file instead of the terminal: `label... done (4 s)`. On
 * failure the end of that output is shown and the process exits with the step's status.
 */
export function step(label, cmd, args, options = {}) {
  process.stdout.write(`${label}... `)
  const started = Date.now()
  const result = spawnSync(cmd, args, {
    cwd: root,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  })
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`
  if (result.status === 0) {
    console.log(`done (${Math.round((Date.now() - started) / 1000)} s)`)
    return output
  }
  console.log('failed.')
  mkdirSync(logDir, { recursive: true })
  const log = join(logDir, `${label.toLowerCase().replace(/[^a-z]+/g, '-')}.log`)
  writeFileSync(log, output)
  console.error(output.trim().split('\n').slice(-30).join('\n'))
  console.error(`\n(the whole output is in ${log})`)
  process.exit(result.status || 1)
}

// `npm install` rather than `npm ci`: npm 11 leaves other platforms' optional binaries (Biome's) out of the
// lock, and `npm ci` then refuses it. Warnings (engines of the machine's own Node, which only starts npm)
// stay out of the way; errors still show.
const stamp = join(root, 'node_modules', '.vod-installed')
const lockHash = () =>
  createHash('sha256')
    .update(readFileSync(join(root, 'package-lock.json')))
    .digest('hex')

/** Installs the dependencies when node_modules is missing or older than the lock file. */
export function ensureDependencies() {
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === lockHash()) return
  step('Installing dependencies (the first time takes a minute or two)', 'npm', [
    'install',
    '--no-audit',
    '--no-fund',
    '--no-update-notifier',
    '--loglevel=error',
  ])
  writeFileSync(stamp, lockHash())
}
