import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import type { Config } from '../../../config.ts'
import { type Db, queryRows } from '../../../db/client.ts'
import { keepEconomicsStep, startKeepingEconomics } from '../../economics/keeping.ts'
import { forgetAnswers } from '../recent-answers.ts'
import { foldStep, startEmbeddedFolding, startFolding, startRecounting } from './fold.ts'
import { gapText, prepareStream, type StreamGap, streamUnavailable } from './setup.ts'
import { followStream, MARK } from './stream.ts'

/** How long foldFigures waits for the stream to apply what was committed before it. */
const CATCH_UP_MS = 60_000

/** Between tries to choose the way, while the database cannot be reached or is not ready for it. */
const CHOOSE_RETRY_MS = 2000

/** Between looks at a database that gives no stream, for one that now does (no restart needed). */
const UNKEPT_RECHECK_MS = 60_000

/** Whether this process's figures are kept: what the figure routes answer by (analytics/index.ts). */
export interface FigureKeeping {
  /** Why the figures are not kept here; null while they are (or the way is not chosen yet). */
  unkept(): StreamGap | null
}

/** The way chosen: one keeping the figures, stopped by `stop`; or none, and why. */
type Way = { stop: () => Promise<void> } | { unkept: StreamGap }

/**
 * Keeps the figures from every committed change of the member site (docs/analytics.md "How the figures are
 * kept"): on PostgreSQL with logical decoding, from its change stream (stream.ts), nothing of ours in the
 * member site's transactions; on PGlite, the embedded way (fold.ts: correction triggers and tails read by id).
 * A PostgreSQL that gives no stream keeps none (issue 64 item 9: the triggers' way has faults there that one
 * connection rules out on PGlite): the correction triggers are taken off, every figure answer says why and
 * which setting mends it, and the database is looked at again every minute. FIGURES_WITHOUT_STREAM=triggers
 * keeps them the embedded way there instead, for development and tests, saying so; never on a database whose
 * figures followed the stream or were left unkept (corrections made meanwhile were never queued). Chosen in
 * the background once the database answers (the server starts while its PostgreSQL is away).
 */
export function keepFigures(app: FastifyInstance, db: Db, config: Config): FigureKeeping {
  let stop: (() => Promise<void>) | undefined
  let closed = false
  let choosing: Promise<void> | undefined
  let unkept: StreamGap | null = null
  let wake: (() => void) | undefined
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  const choose = async (url: string): Promise<Way> => {
    const client = new pg.Client({ connectionString: url })
    // A connection cut meanwhile fails the query under way (tried again): never the process.
    client.on('error', () => undefined)
    await client.connect()
    try {
      const gap = await streamUnavailable(client)
      if (!gap) return { stop: await followStreamOf(url) }
      const { rows } = await client.query<{ followed: boolean; left: boolean }>(
        `select exists (select 1 from figure_stream) as followed,
           exists (select 1 from app_settings where key = 'figures_unkept') as left`,
      )
      const { followed, left } = rows[0] ?? { followed: false, left: false }
      if (config.figuresWithoutStream === 'triggers' && !followed && !left) {
        app.log.warn(
          { reason: gapText(gap) },
          "PostgreSQL gives no change stream: FIGURES_WITHOUT_STREAM=triggers keeps the figures the embedded way, with triggers in the member site's transactions, for development and tests only (docs/analytics.md)",
        )
        return { stop: stopEach(startFolding(db, app.log), startKeepingEconomics(db, app.log, false)) }
      }
      // A stream's figures stand as they were (its slot may come back); the others are unkept from now.
      if (!followed)
        while (
          !closed &&
          !(await client.query('select vod_figures_unkeep($1, $2) as ok', [gap.why, gap.value])).rows[0]?.ok
        );
      return { unkept: gap }
    } finally {
      await client.end()
    }
  }
  const followStreamOf = async (url: string) => {
    const stopStream = followStream(url, await prepareStream(url, app.log), app.log).stop
    return stopEach(stopStream, startRecounting(db, app.log), startKeepingEconomics(db, app.log, false))
  }
  app.addHook('onReady', async () => {
    const url = config.databaseUrl
    if (!url) {
      stop = stopEach(startEmbeddedFolding(db, app.log), startKeepingEconomics(db, app.log, true))
      return
    }
    choosing = (async () => {
      let said = ''
      while (!closed) {
        try {
          const way = await choose(url)
          if ('stop' in way) {
            unkept = null
            if (closed) await way.stop()
            else stop = way.stop
            return
          }
          if (unkept?.why !== way.unkept.why || unkept.value !== way.unkept.value)
            app.log.error(
              { reason: gapText(way.unkept) },
              'PostgreSQL gives no change stream: the figures are not kept, and every figure answer says why and which setting mends it (docs/analytics.md); looked at again every minute',
            )
          unkept = way.unkept
          said = ''
          await pause(UNKEPT_RECHECK_MS)
        } catch (error) {
          const message = (error as Error).message
          if (message !== said) app.log.error({ err: error }, 'the figures are not kept yet; trying again')
          said = message
          await pause(CHOOSE_RETRY_MS)
        }
      }
    })()
  })
  app.addHook('onClose', async () => {
    closed = true
    wake?.()
    await choosing
    await stop?.()
  })
  return { unkept: () => unkept }
}

/** Stops each in turn. */
const stopEach =
  (...stops: (() => Promise<void>)[]) =>
  async () => {
    for (const stop of stops) await stop()
  }

/**
 * Waits until everything committed before the call is in the figures, and in this process's answers at once
 * (what the tests and the benches want; the servers keep them by themselves, keepFigures). On the stream, a
 * mark is written into it and awaited, and the visitors of corrected days counted again; the embedded way folds what is queued itself, after any other
 * process's fold.
 */
export async function foldFigures(db: Db): Promise<void> {
  const [kept] = await queryRows<{ lsn: string | null }>(
    db,
    sql`select (select lsn::text from figure_stream limit 1) as lsn`,
  )
  if (kept?.lsn) {
    const [mark] = await queryRows<{ lsn: string }>(
      db,
      sql`select pg_logical_emit_message(true, ${MARK}, '')::text as lsn`,
    )
    const until = Date.now() + CATCH_UP_MS
    for (;;) {
      const [at] = await queryRows<{ done: boolean }>(
        db,
        sql`select coalesce(bool_or(lsn >= ${mark?.lsn}::pg_lsn), false)
            and not exists (select 1 from figure_stream_applying where commit_lsn < ${mark?.lsn}::pg_lsn)
            and not exists (select 1 from visitor_days_stale) as done
          from figure_stream`,
      )
      if (at?.done) break
      if (Date.now() > until)
        throw new Error(`the figures did not reach ${mark?.lsn} within ${CATCH_UP_MS} ms`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  } else while ((await foldStep(db, true)) === 1);
  while ((await keepEconomicsStep(db, true)) === 1);
  forgetAnswers(db)
}
