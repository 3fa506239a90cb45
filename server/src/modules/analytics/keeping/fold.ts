import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type Db, queryRows } from '../../../db/client.ts'

/** How often each process folds what the member site's writes queued (freshness is about this, at most twice it). */
const FOLD_INTERVAL_MS = 250

/** The rows of each kind a fold step takes: few statements for a backlog, each on one of the pool's connections. */
const FOLD_BATCH = 20_000
/**
 * On the embedded database a statement runs in the server's own thread, which answers nothing meanwhile: its
 * steps are sized to take about this long (halved or doubled after each by how long it took), with a pause
 * between them for the requests that came meanwhile. At FOLD_BATCH a backlog such as the demo's 28,000 new rows
 * is one statement of 7 s on a quiet host of this kind, several times that under load: past a client's patience
 * and a socket's idle limit.
 */
const EMBEDDED_STEP_MS = 250
const EMBEDDED_PAUSE_MS = 20

/**
 * One bounded step of vod_figures_fold_step (db/sql/figure-fold.sql): 1 when more is left, 0 when not, -1
 * when another process folds.
 */
export const foldStep = async (db: Db, wait = false, batch = FOLD_BATCH) =>
  (await queryRows<{ left: number }>(db, sql`select vod_figures_fold_step(${wait}, ${batch}) as left`))[0]
    ?.left ?? 0

/** Stale days whose visitors are counted again a step (db/sql/visitor-sketches.sql vod_stale_days_recount). */
const STALE_DAYS_A_STEP = 7

/** One step of vod_stale_days_recount: 1 when more days are left, 0 when not. */
const recountStep = async (db: Db) =>
  (await queryRows<{ left: number }>(db, sql`select vod_stale_days_recount(${STALE_DAYS_A_STEP}) as left`))[0]
    ?.left ?? 0

/**
 * The embedded way on a PostgreSQL without logical decoding (PGlite's is startEmbeddedFolding): every process folds every
 * FOLD_INTERVAL_MS, one at a time across processes (the fold's advisory lock): when the one folding dies, its
 * lock goes with its connection and the next tick of another takes over. One connection of the pool at a
 * time, never a request's. Answers how to stop it.
 */
export const startFolding = (db: Db, log: FastifyBaseLogger) =>
  repeatSteps(() => foldStep(db), log, 'fold the queued figures', FOLD_INTERVAL_MS)

/** startFolding on the embedded database: steps of about EMBEDDED_STEP_MS, requests served between them. */
export function startEmbeddedFolding(db: Db, log: FastifyBaseLogger) {
  let batch = 1_000
  const step = async () => {
    const started = performance.now()
    const left = await foldStep(db, false, batch)
    const ms = performance.now() - started
    if (ms > 2 * EMBEDDED_STEP_MS) batch = Math.max(50, Math.floor(batch / 2))
    // Grown only by a full step: an idle one is fast whatever the size, and the next burst would meet it whole.
    else if (left === 1 && ms < EMBEDDED_STEP_MS / 2) batch = Math.min(FOLD_BATCH, batch * 2)
    return left
  }
  return repeatSteps(step, log, 'fold the queued figures', FOLD_INTERVAL_MS, EMBEDDED_PAUSE_MS)
}

/**
 * Beside the change stream: the business days whose visits it saw moved or deleted have their visitors
 * counted again, a few days a step, as often as the fold, never in the stream's own runs (which would wait
 * for a recount of whole days at every correction).
 */
export const startRecounting = (db: Db, log: FastifyBaseLogger) =>
  repeatSteps(() => recountStep(db), log, 'count again the visitors of corrected days', FOLD_INTERVAL_MS)

/** `step` every `intervalMs`, again after `pauseMs` while it says more is left (1); a failure said once. */
export function repeatSteps(
  step: () => Promise<number>,
  log: FastifyBaseLogger,
  what: string,
  intervalMs: number,
  pauseMs = 0,
) {
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
        // A backlog goes in step after step; otherwise the next look is a tick away.
        if (!stopped) timer = setTimeout(tick, again ? pauseMs : intervalMs).unref()
      })
  }
  timer = setTimeout(tick, intervalMs).unref()
  return async () => {
    stopped = true
    clearTimeout(timer)
    await running
  }
}
