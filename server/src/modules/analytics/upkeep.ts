import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { type Db, queryRows } from '../../db/client.ts'
import { keepEconomicsCaughtUp } from '../economics/keeping.ts'
import { foldStatus } from './fold-status.ts'
import { RETENTION } from './keeping/stream.ts'
import { forgetAnswers } from './recent-answers.ts'

const DAY_MS = 86_400_000
const QUARTER_MS = 900_000
/** How often the months the figures are whole for are closed (closeMonths). */
const CLOSE_EVERY_MS = 60_000
/** How long a start waits for a recount of visitors before leaving it to finish behind the open API. */
const RECOUNT_WAIT_MS = 2000

/**
 * BUSINESS_TIME_ZONE into the database, where the visits' trigger counts distinct visitors by business day.
 * When it changed, the visitors of the visits kept are counted again in the new zone (vod_visitors_recount,
 * db/sql/visitor-sketches.sql: readers read the old counts until it commits, visits wait for moments only). Every other
 * figure is cut by zone at read time, so nothing else is rebuilt. Answers whether anything changed.
 */
export async function syncBusinessZone(db: Db, zone: string): Promise<boolean> {
  return db
    .transaction(async (tx) => {
      const rows = (await tx.execute(
        sql`select value from app_settings where key = 'business_time_zone' for update`,
      )) as unknown as { rows: { value: string }[] }
      const stored = rows.rows[0]?.value ?? 'UTC'
      await tx.execute(
        sql`insert into app_settings (key, value) values ('business_time_zone', ${zone})
        on conflict (key) do update set value = excluded.value`,
      )
      if (stored === zone) return false
      await tx.execute(sql`select vod_visitors_recount()`)
      return true
    })
    .then((changed) => {
      if (changed) forgetAnswers(db)
      return changed
    })
}

/**
 * The business days' sums (rollup_zone_days) built again from the quarter-hours when they are kept in
 * another zone (vod_zone_days_rebuild; the folding of queued changes waits for it, readers never: they read
 * the quarter-hours meanwhile). Answers whether they were built.
 */
export async function syncZoneDays(db: Db, zone: string): Promise<boolean> {
  const rows = (await db.execute(sql`select vod_zone_days_rebuild(${zone}) as built`)) as unknown as {
    rows: { built: boolean }[]
  }
  const built = rows.rows[0]?.built === true
  if (built) forgetAnswers(db)
  return built
}

/**
 * Deletes raw visits older than the retention; the rollups, the distinct-visitor counts and the days' and
 * months' hashes and planes stay (docs/analytics.md). Only visits the figures hold: the embedded way's tail
 * may not have read the newest yet, and the change stream is told these deletions are retention's (a
 * message in their transaction), so it takes nothing out. Answers how many visits went.
 */
export async function pruneVisits(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  // A quarter-hour's start, so every quarter-hour is kept whole or gone whole (vod_visits_pruned_before).
  const cutoff = new Date(
    Math.floor((now.getTime() - retentionDays * DAY_MS) / QUARTER_MS) * QUARTER_MS,
  ).toISOString()
  return db.transaction(async (tx) => {
    // Never beside a recount of the visitors (vod_visitors_recount: the same advisory lock),
    // whose moments of holding visits back would then wait for this deletion.
    await tx.execute(sql`select pg_advisory_xact_lock(35002)`)
    await tx.execute(sql`select pg_logical_emit_message(true, ${RETENTION}, '')`)
    await tx.execute(
      sql`insert into app_settings (key, value) values ('visits_pruned_before', ${cutoff})
        on conflict (key) do update
        set value = vod_wire(greatest(app_settings.value::timestamptz, excluded.value::timestamptz))`,
    )
    const gone = (await tx.execute(
      sql`with gone as (
        delete from visits using vod_tail_state('visits') visits_tail
        where visits.visited_at < ${cutoff}::timestamptz and visits.id <= visits_tail.folded
          and visits.id <> all (visits_tail.gaps) returning 1)
      select count(*)::integer as pruned from gone`,
    )) as unknown as { rows: { pruned: number }[] }
    return gone.rows[0]?.pruned ?? 0
  })
}

/**
 * Closes the months of the kept zone the figures hold every change of (vod_figures_close, with how fresh they
 * are): from then on what changes such a month is noted (docs/analytics.md "Closed months and restatements").
 * Answers the first month still open.
 */
export async function closeMonths(db: Db): Promise<string | null> {
  const { freshAsOf } = await foldStatus(db)
  // The members the changes up to then made stale worked out first: what a month took while open is never
  // noted as a restatement of it.
  await keepEconomicsCaughtUp(db)
  const [row] = await queryRows<{ open: string | null }>(
    db,
    sql`select vod_figures_close(${freshAsOf?.toISOString() ?? null}::timestamptz)::text as open`,
  )
  return row?.open ?? null
}

/**
 * The zone synced when the app is ready (waiting a little for a recount), visits pruned then and daily, the
 * months the figures are whole for closed then and every minute.
 */
export function scheduleAnalyticsUpkeep(app: FastifyInstance, db: Db, zone: string, retentionDays: number) {
  let timer: NodeJS.Timeout | undefined
  let closer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | undefined
  let closing: Promise<unknown> | undefined
  const close = () => {
    closing ??= closeMonths(db)
      .catch((error: unknown) => app.log.error({ err: error }, 'could not close the months the figures hold'))
      .finally(() => {
        closing = undefined
      })
  }
  const prune = () => {
    running ??= pruneVisits(db, retentionDays)
      .then((count) => {
        if (count > 0) app.log.info({ count, retentionDays }, 'pruned old visits')
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'could not prune old visits'))
      .finally(() => {
        running = undefined
      })
  }
  app.addHook('onReady', async () => {
    const sync = syncBusinessZone(db, zone)
      .then(
        (changed) => {
          if (changed) app.log.info({ zone }, 'business time zone changed: distinct visitors counted again')
        },
        (error: unknown) =>
          app.log.error({ err: error }, 'could not set the business time zone in the database'),
      )
      .then(() => syncZoneDays(db, zone))
      .then(
        (built) => {
          if (built) app.log.info({ zone }, "the business days' sums were built for the zone")
        },
        (error: unknown) => app.log.error({ err: error }, "could not build the business days' sums"),
      )
    await Promise.race([sync, new Promise((resolve) => setTimeout(resolve, RECOUNT_WAIT_MS).unref())])
    running = sync.finally(() => {
      running = undefined
      prune()
      close()
    })
    timer = setInterval(prune, DAY_MS).unref()
    closer = setInterval(close, CLOSE_EVERY_MS).unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    clearInterval(closer)
    await running
    await closing
  })
}
