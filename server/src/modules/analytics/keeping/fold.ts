import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type Db, queryRows } from '../../../db/client.ts'

/** How often each process folds what the member site's writes queued (freshness is about this, at most twice it). */
const FOLD_INTERVAL_MS = 250

/** One bounded step of vod_figures_fold (db/sql/figure-fold.sql): 1 when more is left, 0 when not, -1 when another process folds. */
export const foldStep = async (db: Db, wait = false) =>
  (await queryRows<{ left: number }>(db, sql`select vod_figures_fold(${wait}) as left`))[0]?.left ?? 0

/** Stale days whose visitors are counted again a step (db/sql/visitor-sketches.sql vod_stale_days_recount). */
const STALE_DAYS_A_STEP = 7

/** One step of vod_stale_days_recount: 1 when more days are left, 0 when not. */
const recountStep = async (db: Db) =>
  (await queryRows<{ left: number }>(db, sql`select vod_stale_days_recount(${STALE_DAYS_A_STEP}) as left`))[0]
    ?.left ?? 0

/**
 * The embedded way (PGlite, or a PostgreSQL without logical decoding): every process folds every
 * FOLD_INTERVAL_MS, one at a time across processes (the fold's advisory lock): when the one folding dies, its
 * lock goes with its connection and the next tick of another takes over. One connection of the pool at a
 * time, never a request's. Answers how to stop it.
 */
export const startFolding = (db: Db, log: FastifyBaseLogger, intervalMs = FOLD_INTERVAL_MS) =>
  repeatSteps(() => foldStep(db), log, 'fold the queued figures', intervalMs)

/**
 * Beside the change stream: the business days whose visits it saw moved or deleted have their visitors
 * counted again, a few days a step, as often as the fold, never in the stream's own runs (which would wait
 * for a recount of whole days at every correction).
 */
export const startRecounting = (db: Db, log: FastifyBaseLogger) =>
  repeatSteps(() => recountStep(db), log, 'count again the visitors of corrected days', FOLD_INTERVAL_MS)

/** `step` every `intervalMs`, at once again while it says more is left (1); a failure said once. */
function repeatSteps(step: () => Promise<number>, log: FastifyBaseLogger, what: string, intervalMs: number) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let stopped = false
  let failing = false
  const tick = () => {
    let again = false
    running = step()
      .then((left) => {
        if (failing) log.info(`could ${what} again`)
        failing = false
        again = left === 1
      })
      .catch((error: unknown) => {
        // A database that went away: said once, tried again at the next tick.
        if (!failing) log.warn({ err: error }, `could not ${what}; trying again`)
        failing = true
      })
      .finally(() => {
        running = undefined
        // A backlog goes in at once, step after step; otherwise the next look is a tick away.
        if (!stopped) timer = setTimeout(tick, again ? 0 : intervalMs).unref()
      })
  }
  timer = setTimeout(tick, intervalMs).unref()
  return async () => {
    stopped = true
    clearTimeout(timer)
    await running
  }
}
