// npm test's OpenAPI stage: the document the server serves at /api/openapi.json, read by other people's
// tools (Redocly's recommended rules, redocly.yaml; Spectral's spectral:oas, .spectral.yaml). Any error
// fails the stage; so does any warning.
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const dir = path.join(root, 'node_modules', '.vod-logs')
const file = path.join(dir, 'openapi.json')
mkdirSync(dir, { recursive: true })

const run = (command, args, options = {}) =>
  spawnSync(command, args, { cwd: root, shell: process.platform === 'win32', encoding: 'utf8', ...options })

const built = run('tsx', ['scripts/openapi-document.ts'], { maxBuffer: 64 * 1024 * 1024 })
if (built.status !== 0) {
  process.stderr.write(built.stderr)
  process.exit(built.status ?? 1)
}
writeFileSync(file, built.stdout)

const redocly = run('redocly', ['lint', file, '--config', 'redocly.yaml', '--max-problems', '200'])
process.stdout.write(redocly.stdout)
process.stderr.write(redocly.stderr)
// Redocly passes with warnings; here they fail the stage too.
let failed = redocly.status !== 0 || /\bwarning\b/i.test(`${redocly.stdout}${redocly.stderr}`)
const spectral = run('spectral', ['lint', file, '--ruleset', '.spectral.yaml', '--fail-severity', 'warn'], {
  stdio: 'inherit',
})
if (spectral.status !== 0) failed = true
process.exit(failed ? 1 : 0)
