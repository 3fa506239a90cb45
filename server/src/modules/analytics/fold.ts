import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { type Db, queryRows } from '../../db/client.ts'

/** How often each process folds what the member site's writes queued (freshness is about this, at most twice it). */
export const FOLD_INTERVAL_MS = 250

/**
 * Folds the queued figure changes into the rollups (vod_figures_fold, migration 0027): answers how many
 * queued rows went in, or -1 when another process is folding them (unless `wait`, which waits for it and
 * then folds what is left, so that everything committed before the call is in the figures after it).
 */
export async function foldFigures(db: Db, wait = false): Promise<number> {
  const [row] = await queryRows<{ folded: string }>(db, sql`select vod_figures_fold(${wait}) as folded`)
  return Number(row?.folded ?? 0)
}

/**
 * Every process folds every FOLD_INTERVAL_MS, one at a time across processes (the fold's advisory lock): when
 * the one folding dies, its lock goes with its connection and the next tick of another takes over. One
 * connection of the pool at a time, never a request's.
 */
export function scheduleFolding(app: FastifyInstance, db: Db, intervalMs = FOLD_INTERVAL_MS) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let stopped = false
  let failing = false
  const tick = () => {
    running = foldFigures(db)
      .then(() => {
        if (failing) app.log.info('figures are folded again')
        failing = false
      })
      .catch((error: unknown) => {
        // A database that went away: said once, tried again at the next tick.
        if (!failing) app.log.warn({ err: error }, 'could not fold the queued figures; trying again')
        failing = true
      })
      .finally(() => {
        running = undefined
        if (!stopped) timer = setTimeout(tick, intervalMs).unref()
      })
  }
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, intervalMs).unref()
  })
  app.addHook('onClose', async () => {
    stopped = true
    clearTimeout(timer)
    await running
  })
}
