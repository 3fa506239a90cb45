// The run's time factor (issue 63): how much longer than on a quiet two-core host of this kind a test's work
// may take here. Every time limit a test sets is scaled by it (test/support/time.ts). TEST_TIME_FACTOR, when
// set, is taken as it is; otherwise `npm test` measures it once at its start with `calibrate()`.
import { createHash } from 'node:crypto'
import { availableParallelism } from 'node:os'

/** What the work below took on a host of this kind at its usual speed (122-133 ms in five runs on two quiet cores). */
const REFERENCE_MS = 125
/** The cores of that host: a run pinned to fewer shares them among the suites it runs side by side. */
const REFERENCE_CORES = 2

/**
 * Milliseconds of plain JavaScript work on one core (what the suites mostly do: build, parse and compare
 * objects); the least of a few tries, so a pause of the host is not counted.
 */
function measure() {
  let least = Number.POSITIVE_INFINITY
  for (let attempt = 0; attempt < 5; attempt++) {
    const started = performance.now()
    const rows = Array.from({ length: 80_000 }, (_, n) => ({
      id: n,
      name: `row ${(n * 7919) % 80_000}`,
      at: n / 3,
    }))
    const parsed = JSON.parse(JSON.stringify(rows))
    parsed.sort((a, b) => a.name.localeCompare(b.name))
    createHash('sha256').update(JSON.stringify(parsed)).digest()
    least = Math.min(least, performance.now() - started)
  }
  return least
}

/** The factor, at least 1, to one decimal; with the figures it rests on. */
export function calibrate() {
  const ms = measure()
  const cores = availableParallelism()
  const factor = Math.max(
    1,
    Math.ceil((ms / REFERENCE_MS) * (REFERENCE_CORES / Math.min(cores, REFERENCE_CORES)) * 10) / 10,
  )
  return { factor, ms, cores }
}

/** TEST_TIME_FACTOR as given (a number of at least 1), or measured; and how it was found, for the summary. */
export function timeFactor(env = process.env) {
  const given = env.TEST_TIME_FACTOR
  if (given !== undefined && given !== '') {
    const factor = Number(given)
    if (!Number.isFinite(factor) || factor < 1)
      throw new Error(`TEST_TIME_FACTOR must be a number of at least 1, not "${given}"`)
    return { factor, how: 'TEST_TIME_FACTOR as set' }
  }
  const { factor, ms, cores } = calibrate()
  return {
    factor,
    how: `measured: ${ms.toFixed(0)} ms of JavaScript work against ${REFERENCE_MS} ms on a usual host, on ${cores} of its ${REFERENCE_CORES} cores`,
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(timeFactor())
