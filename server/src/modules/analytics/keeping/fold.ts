import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type Db, queryRows } from '../../../db/client.ts'

/** How often each process folds what the member site's writes queued (freshness is about this, at most twice it). */
const FOLD_INTERVAL_MS = 250

/** One bounded step of vod_figures_fold (db/sql/figure-fold.sql): 1 when more is left, 0 when not, -1 when another process folds. */
export const foldStep = async (db: Db, wait = false) =>
  (await queryRows<{ left: number }>(db, sql`select vod_figures_fold(${wait}) as left`))[0]?.left ?? 0

/**
 * The embedded way (PGlite, or a PostgreSQL without logical decoding): every process folds every
 * FOLD_INTERVAL_MS, one at a time across processes (the fold's advisory lock): when the one folding dies, its
 * lock goes with its connection and the next tick of another takes over. One connection of the pool at a
 * time, never a request's. Answers how to stop it.
 */
export function startFolding(db: Db, log: FastifyBaseLogger, intervalMs = FOLD_INTERVAL_MS) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let stopped = false
  let failing = false
  const tick = () => {
    let again = false
    running = foldStep(db)
      .then((left) => {
        if (failing) log.info('figures are folded again')
        failing = false
        again = left === 1
      })
      .catch((error: unknown) => {
        // A database that went away: said once, tried again at the next tick.
        if (!failing) log.warn({ err: error }, 'could not fold the queued figures; trying again')
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
