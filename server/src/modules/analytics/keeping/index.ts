import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import type { Config } from '../../../config.ts'
import { type Db, queryRows } from '../../../db/client.ts'
import { forgetAnswers } from '../recent-answers.ts'
import { foldStep, startEmbeddedFolding, startFolding, startRecounting } from './fold.ts'
import { prepareStream, streamUnavailable } from './setup.ts'
import { followStream, MARK } from './stream.ts'

/** How long foldFigures waits for the stream to apply what was committed before it. */
const CATCH_UP_MS = 60_000

/** Between tries to choose the way, while the database cannot be reached or is not ready for it. */
const CHOOSE_RETRY_MS = 2000

/**
 * Keeps the figures from every committed change of the member site (docs/analytics.md "How the figures are
 * kept"): on PostgreSQL with logical decoding, from its change stream (stream.ts), nothing of ours in the
 * member site's transactions; on PGlite, or a PostgreSQL that gives no stream, the embedded way (fold.ts:
 * correction triggers and tails read by id), said in the log. Chosen in the background once the database
 * answers (the server starts while its PostgreSQL is away). A database whose figures followed the stream is
 * never handed to the embedded way: its figures stand still, the log says why and readiness fails, until the
 * stream is given back.
 */
export function keepFigures(app: FastifyInstance, db: Db, config: Config) {
  let stop: (() => Promise<void>) | undefined
  let closed = false
  let choosing: Promise<void> | undefined
  const choose = async (url: string) => {
    const client = new pg.Client({ connectionString: url })
    // A connection cut meanwhile fails the query under way (tried again): never the process.
    client.on('error', () => undefined)
    await client.connect()
    let unavailable: string | null
    let followed: boolean
    try {
      unavailable = await streamUnavailable(client)
      followed = (await client.query('select 1 from figure_stream')).rowCount !== 0
    } finally {
      await client.end()
    }
    if (unavailable && followed)
      throw new Error(
        `the figures of this database follow PostgreSQL's change stream, which it does not give now: ${unavailable}; ` +
          'they stand still until it does (docs/analytics.md "PostgreSQL\'s change stream")',
      )
    if (unavailable) {
      app.log.warn(
        { reason: unavailable },
        "PostgreSQL gives no change stream: the figures are kept the embedded way, with triggers in the member site's transactions (docs/analytics.md)",
      )
      return startFolding(db, app.log)
    }
    const stopStream = followStream(url, await prepareStream(url, app.log), app.log).stop
    const stopRecounting = startRecounting(db, app.log)
    return async () => {
      await stopStream()
      await stopRecounting()
    }
  }
  app.addHook('onReady', async () => {
    const url = config.databaseUrl
    if (!url) {
      stop = startEmbeddedFolding(db, app.log)
      return
    }
    choosing = (async () => {
      let said = ''
      while (!closed) {
        try {
          const stopWay = await choose(url)
          if (closed) await stopWay()
          else stop = stopWay
          return
        } catch (error) {
          const message = (error as Error).message
          if (message !== said) app.log.error({ err: error }, 'the figures are not kept yet; trying again')
          said = message
          await new Promise((resolve) => setTimeout(resolve, CHOOSE_RETRY_MS))
        }
      }
    })()
  })
  app.addHook('onClose', async () => {
    closed = true
    await choosing
    await stop?.()
  })
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
  forgetAnswers(db)
}
