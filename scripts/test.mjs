// `npm test`: each stage in turn, stopping at the first that fails, and the time each took.
import { spawnSync } from 'node:child_process'

const stages = [
  ['lint', 'npm run lint'],
  ['typecheck', 'npm run typecheck'],
  // The API document as Redocly and Spectral read it (scripts/lint-openapi.mjs).
  ['openapi', 'node scripts/lint-openapi.mjs'],
  ['build', 'npm run build'],
  ['unit + API', 'vitest run --project contract --project server --project web'],
  // Last: a broken unit fails the run before Chromium starts.
  ['browser', 'vitest run --project e2e'],
]

const times = []
const report = () => {
  console.log('\nnpm test, time per stage:')
  for (const [name, seconds, ok] of times)
    console.log(`  ${name.padEnd(12)}${seconds.toFixed(1).padStart(7)} s${ok ? '' : '  FAILED'}`)
  const total = times.reduce((sum, [, seconds]) => sum + seconds, 0)
  console.log(`  ${'total'.padEnd(12)}${total.toFixed(1).padStart(7)} s`)
}

for (const [name, command] of stages) {
  const started = performance.now()
  const { status } = spawnSync(command, { stdio: 'inherit', shell: true })
  times.push([name, (performance.now() - started) / 1000, status === 0])
  if (status !== 0) {
    report()
    process.exit(status ?? 1)
  }
}
report()
