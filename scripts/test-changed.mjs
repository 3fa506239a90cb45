// `npm run test:changed`: the tests of what the work tree changed since the last commit, for feedback while
// working (issue 63 item 4); the whole run (`npm test`) before a commit is shared. The unit and API suites'
// files that import a changed file (vitest's --changed); the browser files changed, and those that visit a
// changed screen (a folder of web/src/resources or web/src/features named in a file as `#/name`), on a fresh
// build when the app changed.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { env, root } from './setup.mjs'
import { timeFactor } from './time-factor.mjs'

const git = (...args) =>
  spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean)
const changed = [
  ...new Set([...git('diff', '--name-only', 'HEAD'), ...git('ls-files', '--others', '--exclude-standard')]),
]
if (changed.length === 0) {
  console.log('Nothing changed since the last commit.')
  process.exit(0)
}

const run = (command) => spawnSync(command, { cwd: root, env, shell: true, stdio: 'inherit' }).status ?? 1
env.TEST_TIME_FACTOR ??= String(timeFactor().factor)

// The screens changed: their folder names, as the browser files name them in addresses.
const screens = new Set(
  changed.flatMap((file) => /^web\/src\/(?:resources|features)\/([^/.]+)/.exec(file)?.[1] ?? []),
)
const browserFiles = readdirSync(join(root, 'e2e/tests'))
  .map((name) => `e2e/tests/${name}`)
  .filter((file) => {
    if (changed.includes(file)) return true
    const text = readFileSync(join(root, file), 'utf8')
    return [...screens].some((screen) => text.includes(`#/${screen}`))
  })

let status = run('vitest run --changed --passWithNoTests --project contract --project server --project web')
if (browserFiles.length > 0) {
  if (changed.some((file) => /^(web|server|contract)\/src\//.test(file))) status ||= run('npm run build')
  status ||= run(`vitest run --project e2e ${browserFiles.join(' ')}`)
} else console.log('No browser file visits a changed screen.')
process.exit(status)
