#!/usr/bin/env node
// `npm start`: install what is missing, build the web app when its sources changed, then serve API and app
// on one port. Written for any Node >= 18 so that it runs before `node_modules/.bin/node` (Node 24) exists.
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bin = join(root, 'node_modules', '.bin')
const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}` }

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

function newest(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs)
}

// Reinstall when the lock file differs from the one last installed. `npm install` rather than `npm ci`:
// npm 11 leaves other platforms' optional binaries (Biome's) out of the lock, and `npm ci` then refuses it.
const stamp = join(root, 'node_modules', '.vod-installed')
const lockHash = () =>
  createHash('sha256')
    .update(readFileSync(join(root, 'package-lock.json')))
    .digest('hex')
if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== lockHash()) {
  console.log('Installing dependencies...')
  run('npm', ['install', '--no-audit', '--no-fund'])
  writeFileSync(stamp, lockHash())
}

const built = join(root, 'web', 'dist', 'index.html')
const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'contract/src'].map((p) => join(root, p))
if (!existsSync(built) || Math.max(...sources.map(newest)) > newest(built)) {
  console.log('Building the web app...')
  run('npm', ['run', 'build', '-w', 'web'])
}

const server = spawn(join(bin, 'tsx'), ['server/src/main.ts'], { cwd: root, env, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
