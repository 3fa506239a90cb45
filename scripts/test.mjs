// `npm test`: each stage in turn, stopping at the first that fails, and the time each took.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { timeFactor } from './time-factor.mjs'

// Where vitest's skipped-reporter (scripts/skipped-reporter.mjs) writes what a run skipped and why, for the
// summary at the end: a suite run without PostgreSQL or Redis is said there, not only in the scrolled output.
const skippedDir = mkdtempSync(join(tmpdir(), 'npm-test-'))
const skippedFile = join(skippedDir, 'skipped.txt')
process.env.SKIPPED_SUMMARY = skippedFile
const linesOf = (file) => {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean)
  } catch {
    return []
  }
}
// Where each browser file adds the pages it loaded (e2e/support/product.ts), for the count at the end.
const bootsFile = join(skippedDir, 'boots.txt')
process.env.E2E_BOOTS = bootsFile

// Every time limit a test sets is scaled by this (test/support/time.ts); measured once, before anything runs.
const time = timeFactor()
process.env.TEST_TIME_FACTOR = String(time.factor)
console.log(`Time factor ${time.factor} (${time.how}).`)

/**
 * CPU-seconds (user + system) of every process this run started and waited for, read from the kernel's count
 * of this process's ended children (processes they started count when they in turn were waited for).
 */
function childCpuSeconds() {
  const stat = readFileSync('/proc/self/stat', 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // cutime and cstime, fields 16 and 17 of proc(5), in clock ticks of 1/100 s on Linux.
  return (Number(fields[13]) + Number(fields[14])) / 100
}

/**
 * CPU-seconds the whole machine was busy (all cores, /proc/stat): with the run's own processes, the work the
 * machine's PostgreSQL did for it, and whatever else ran meanwhile.
 */
function machineBusySeconds() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/)
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
  const busy = ticks.slice(0, 8).reduce((sum, n, at) => (at === 3 || at === 4 ? sum : sum + Number(n)), 0)
  return busy / 100
}
const machineBusyAtStart = machineBusySeconds()

/**
 * A stage: one command, or several side by side (the first one's output live, the others' when they end).
 * A step: one stage, or several side by side.
 */
const checks = [
  'checks+build',
  ['npm run lint', 'npm run typecheck', 'node scripts/lint-openapi.mjs', 'npm run build'],
]
// The API suites wait on PostgreSQL and argon2 a seventh of their time; the web suite, all CPU, fills it
// in one worker of its own (alone after them, it added 45 s; beside them, 20 s).
const unitAndApi = [
  'unit + API',
  ['vitest run --project contract --project server', 'vitest run --project web --maxWorkers=1'],
]
const browser = ['browser', ['vitest run --project e2e']]

/**
 * The unit and API suites and the browser suite run side by side once the checks and the build pass (issue
 * 56, item 7): each mostly waits (the API suites on PostgreSQL, a browser file on Chromium and the server),
 * so one after another left the cores half idle. Their workers measured under load on 27 November: the
 * server suite's 403 s of CPU in a 1,706 s run, the browser suite's about 700 s in 1,273 s. The first failure
 * ends the others. NPM_TEST_SERIAL=1 runs them one after another, the browser suite last, as before.
 */
const steps = process.env.NPM_TEST_SERIAL
  ? [[checks], [unitAndApi], [browser]]
  : [[checks], [unitAndApi, browser]]

/**
 * Runs a command to its end; its output goes straight through, or is gathered and printed when it ends.
 * Resolves with its exit status and the seconds it took.
 */
function run(command, live) {
  const started = performance.now()
  return new Promise((resolve) => {
    // A process group of its own, so that a failure elsewhere ends it with everything it started.
    const child = spawn(command, {
      stdio: live ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
      shell: true,
      detached: true,
    })
    running.add(child)
    const output = []
    child.stdout?.on('data', (chunk) => output.push(chunk))
    child.stderr?.on('data', (chunk) => output.push(chunk))
    child.on('close', (status) => {
      running.delete(child)
      if (!live) process.stdout.write(Buffer.concat(output))
      resolve([status ?? 1, (performance.now() - started) / 1000])
    })
  })
}

/** Commands under way, each the leader of its process group. */
const running = new Set()

/** Set once a stage has failed: stages beside it that end after are said to be stopped, not failed. */
let stopping = false

/** Ends every command under way and what it started (a stage beside one that failed). */
function stopAll() {
  stopping = true
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
}
// Ctrl-C reaches this process only (the commands are in groups of their own): it ends them too.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopAll()
    process.exit(130)
  })

/** Each stage's name, seconds and whether it passed (or was stopped), with its commands' own when it ran several. */
const times = []
const report = () => {
  console.log('\nnpm test, time per stage:')
  for (const [name, seconds, ok, commands] of times) {
    const outcome = ok === true ? '' : ok === 'stopped' ? '  stopped (another stage failed)' : '  FAILED'
    console.log(`  ${name.padEnd(14)}${seconds.toFixed(1).padStart(7)} s${outcome}`)
    if (commands.length > 1)
      for (const [command, seconds, status] of commands)
        console.log(`    ${seconds.toFixed(1).padStart(7)} s  ${command}${status === 0 ? '' : '  FAILED'}`)
  }
  // Wall-clock time: stages run side by side overlap.
  const total = (performance.now() - runStarted) / 1000
  console.log(`  ${'total'.padEnd(14)}${total.toFixed(1).padStart(7)} s`)
  console.log(
    `  ${'CPU'.padEnd(14)}${childCpuSeconds().toFixed(1).padStart(7)} s  user + system of every process the run started and waited for`,
  )
  console.log(
    `  ${'machine CPU'.padEnd(14)}${(machineBusySeconds() - machineBusyAtStart).toFixed(1).padStart(7)} s  busy on all cores meanwhile (PostgreSQL's work and anything else running included)`,
  )
  console.log(`  time factor ${time.factor}: ${time.how}`)
  const boots = linesOf(bootsFile).map((line) => Number(line.split(' ').at(-1)))
  if (boots.length > 0)
    console.log(
      `  browser suite: ${boots.reduce((sum, n) => sum + n, 0)} page loads in Chromium over ${boots.length} files`,
    )
  const skipped = linesOf(skippedFile)
  console.log(
    skipped.length
      ? `\nWhat the run skipped, and why:\n${skipped.map((line) => `  ${line}`).join('\n')}`
      : '\nNothing skipped.',
  )
  rmSync(skippedDir, { recursive: true, force: true })
}

const runStarted = performance.now()

/** Runs one stage; a failure ends every other command under way. Resolves with its exit status. */
async function runStage([name, commands], live) {
  const started = performance.now()
  const results = await Promise.all(commands.map((command, n) => run(command, live && n === 0)))
  const failed = results.map(([status]) => status).find((status) => status !== 0)
  const each = commands.map((command, n) => [command, results[n][1], results[n][0]])
  const ok = failed === undefined || (stopping ? 'stopped' : false)
  times.push([name, (performance.now() - started) / 1000, ok, each])
  if (failed !== undefined && !stopping) stopAll()
  return failed
}

for (const step of steps) {
  // Side by side, the first stage's first command shows its output as it goes, the rest when they end.
  const results = await Promise.all(step.map((stage, n) => runStage(stage, n === 0)))
  const failed = results.find((status) => status !== undefined)
  if (failed !== undefined) {
    report()
    process.exit(failed)
  }
}
report()
