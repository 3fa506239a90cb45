/**
 * The one place a test's time limits come from (issue 63). A test waits for a state and asserts what
 * happened, never how long it took; a limit only ends a test that would otherwise hang, and is scaled by the
 * run's time factor: how much slower than a two-core host of this kind at its usual speed this host is
 * (TEST_TIME_FACTOR; `npm test` measures it at its start, scripts/time-factor.mjs, and names it in its summary).
 */

/** The run's environment, read so that the web suite (typed for the browser, run in Node) can use this too. */
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {}

/** The run's factor, at least 1. */
const timeFactor = Math.max(1, Number(env.TEST_TIME_FACTOR) || 1)

/** A limit of `ms` on a usual host, on this one. */
export const scaled = (ms: number): number => Math.round(ms * timeFactor)

/**
 * Asks `check` until `done` accepts what it answers, and answers that; after `ms` (scaled) fails saying what
 * was awaited and what `check` last answered.
 */
export async function until<T>(
  what: string,
  check: () => T | Promise<T>,
  done: (value: T) => boolean = Boolean,
  { ms = 30_000, every = 100 }: { ms?: number; every?: number } = {},
): Promise<T> {
  const deadline = performance.now() + scaled(ms)
  for (;;) {
    const value = await check()
    if (done(value)) return value
    if (performance.now() > deadline)
      throw new Error(
        `waited ${scaled(ms)} ms for ${what}; last seen: ${JSON.stringify(value)?.slice(0, 500)}`,
      )
    await new Promise((resolve) => setTimeout(resolve, every))
  }
}
