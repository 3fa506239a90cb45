// `npm run lint`'s check for import circles: madge over web/src, dynamic imports and type imports included.
// madge parses TypeScript with TypeScript's own JavaScript API, which TypeScript 7 (the project's compiler)
// no longer has, so it lives in tools/import-cycles with TypeScript 5 and its own lock file, installed here
// the first time (and whenever that lock changes).
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './setup.mjs'

const tool = join(root, 'tools', 'import-cycles')
const stamp = join(tool, 'node_modules', '.installed')
const lock = createHash('sha256')
  .update(readFileSync(join(tool, 'package-lock.json')))
  .digest('hex')

if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== lock) {
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: tool,
    stdio: 'inherit',
  })
  if (install.status !== 0) process.exit(install.status ?? 1)
  writeFileSync(stamp, lock)
}

const madge = spawnSync(
  join(tool, 'node_modules', '.bin', 'madge'),
  ['--circular', '--no-spinner', '--extensions', 'ts,tsx', '--ts-config', 'web/tsconfig.json', 'web/src'],
  { cwd: root, stdio: 'inherit' },
)
process.exit(madge.status ?? 1)
