// `npm test`: each stage in turn, stopping at the first that fails, and the time each took.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// Where vitest's skipped-reporter (scripts/skipped-reporter.mjs) writes what a run skipped and why, for the
// summary at the end: a suite run without PostgreSQL or Redis is said there, not only in the scrolled output.
const skippedDir = mkdtempSync(join(tmpdir(), 'npm-test-'))
const skippedFile = join(skippedDir, 'skipped.txt')
process.env.SKIPPED_SUMMARY = skippedFile
const skippedLines = () => {
  try {
    return readFileSync(skippedFile, 'utf8').trim().split('\n').filter(Boolean)
  } catch {
    return []
  }
}

/** A stage: one command, or several side by side (the first one's output live, the others' when they end). */
const stages = [
  // Lint, typecheck, the API document as Redocly and Spectral read it (scripts/lint-openapi.mjs) and the
  // build, side by side: each is mostly one process that leaves much of the second core idle (on this
  // two-core machine under other load, one after another 228 s, side by side 138 s).
  ['checks+build', ['npm run lint', 'npm run typecheck', 'node scripts/lint-openapi.mjs', 'npm run build']],
  // The API suites wait on PostgreSQL and argon2 a seventh of their time; the web suite, all CPU, fills it
  // in one worker of its own (alone after them, it added 45 s; beside them, 20 s).
  [
    'unit + API',
    ['vitest run --project contract --project server', 'vitest run --project web --maxWorkers=1'],
  ],
  // Last: a broken unit fails the run before Chromium starts.
  ['browser', ['vitest run --project e2e']],
]

/**
 * Runs a command to its end; its output goes straight through, or is gathered and printed when it ends.
 * Resolves with its exit status and the seconds it took.
 */
function run(command, live) {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn(command, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], shell: true })
    const output = []
    child.stdout?.on('data', (chunk) => output.push(chunk))
    child.stderr?.on('data', (chunk) => output.push(chunk))
    child.on('close', (status) => {
      if (!live) process.stdout.write(Buffer.concat(output))
      resolve([status ?? 1, (performance.now() - started) / 1000])
    })
  })
}

/** Each stage's name, seconds and whether it passed, with its commands' own when it ran several. */
const times = []
const report = () => {
  console.log('\nnpm test, time per stage:')
  for (const [name, seconds, ok, commands] of times) {
    console.log(`  ${name.padEnd(14)}${seconds.toFixed(1).padStart(7)} s${ok ? '' : '  FAILED'}`)
    if (commands.length > 1)
      for (const [command, seconds, status] of commands)
        console.log(`    ${seconds.toFixed(1).padStart(7)} s  ${command}${status === 0 ? '' : '  FAILED'}`)
  }
  const total = times.reduce((sum, [, seconds]) => sum + seconds, 0)
  console.log(`  ${'total'.padEnd(14)}${total.toFixed(1).padStart(7)} s`)
  const skipped = skippedLines()
  console.log(
    skipped.length
      ? `\nWhat the run skipped, and why:\n${skipped.map((line) => `  ${line}`).join('\n')}`
      : '\nNothing skipped.',
  )
  rmSync(skippedDir, { recursive: true, force: true })
}

for (const [name, commands] of stages) {
  const started = performance.now()
  const results = await Promise.all(commands.map((command, n) => run(command, n === 0)))
  const failed = results.map(([status]) => status).find((status) => status !== 0)
  const each = commands.map((command, n) => [command, results[n][1], results[n][0]])
  times.push([name, (performance.now() - started) / 1000, failed === undefined, each])
  if (failed !== undefined) {
    report()
    process.exit(failed)
  }
}
report()
