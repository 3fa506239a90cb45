import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type Db, queryRows } from '../../db/client.ts'
import { repeatSteps } from '../analytics/keeping/fold.ts'
import { firstOpenMonth } from '../analytics/restatements.ts'
import { duesPutIn, duesTakenOut } from './kept-dues.ts'
import { addToPeriods, memberRows, type Noted, type NotedSums } from './kept-rows.ts'

/** Taken by one keeping step at a time, across processes: economics_periods' rows are added to by each. */
const KEEPING_LOCK = 660_066

/** How often each process looks for stale members: as often as the figures are folded. */
const KEEPING_INTERVAL_MS = 250

/**
 * Members a step works out. On the embedded database a step runs in the server's own thread, which answers
 * nothing meanwhile: fewer, with a pause between steps for the requests that came.
 */
const BATCH = { pool: 2_000, embedded: 250 } as const
const EMBEDDED_PAUSE_MS = 20

/** What the keeping keeps: a build empties them, and vacuums them once it has filled them. */
const KEPT_TABLES = sql.raw(
  'economics_member_periods, economics_periods, economics_cohorts, economics_member_dues, economics_dues',
)

/** The sources a member may be made stale by, the one whose change a restatement names first. */
const SOURCES = ['subscriptions', 'plans', 'orders']

/**
 * Each taken member's source: `subscriptions` when a subscription of theirs changed, else `plans` when a plan's
 * prices or periods did, else `orders` (a paid order: only their conversion moves, which is no restatement).
 */
function sourcesOf(taken: { user_id: number; source: string }[]): Map<number, string> {
  const sources = new Map<number, string>()
  for (const { user_id, source } of taken) {
    const held = sources.get(user_id)
    if (held === undefined || SOURCES.indexOf(source) < SOURCES.indexOf(held)) sources.set(user_id, source)
  }
  return sources
}

/**
 * One step of the keeping (docs/analytics.md "Subscription economics kept"): at most `batch` stale members
 * worked out again, their old rows taken out of the sums and their new ones put in, in one transaction; what
 * that changed of closed months noted (docs/analytics.md "Restatements of subscription economics") once every
 * member was worked out. When the business zone is not the one kept, every row is dropped and every member
 * with a subscription made stale, and the answers come from the raw rows until they are all worked out again
 * and their rows vacuumed (`built`). 1 when more is left, 0 when not, -1 when another process keeps (`wait`:
 * waits for it instead).
 */
export async function keepEconomicsStep(db: Db, wait = false, batch: number = BATCH.pool): Promise<number> {
  const { next, built } = await workOut(db, wait, batch)
  if (built !== null) await finishBuild(db, built)
  return next
}

/**
 * A build's end: its millions of rows made visible to reads from the index alone (VACUUM; autovacuum may come
 * much later), then the keeping whole in `zone` unless it was set to be kept anew meanwhile.
 */
async function finishBuild(db: Db, zone: string) {
  await db.execute(sql`vacuum (analyze) ${KEPT_TABLES}`)
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEEPING_LOCK})`)
    await tx.execute(sql`update economics_kept set built = true where zone = ${zone}`)
  })
}

/** keepEconomicsStep's transaction: what it answers, and the zone whose build it finished (or null). */
async function workOut(
  db: Db,
  wait: boolean,
  batch: number,
): Promise<{ next: number; built: string | null }> {
  return db.transaction(async (tx) => {
    const answer = (next: number, built: string | null = null) => ({ next, built })
    const [locked] = await queryRows<{ ok: boolean }>(
      tx,
      wait
        ? sql`select pg_advisory_xact_lock(${KEEPING_LOCK}) is not null as ok`
        : sql`select pg_try_advisory_xact_lock(${KEEPING_LOCK}) as ok`,
    )
    if (!locked?.ok) return answer(-1)
    const [state] = await queryRows<{ zone: string; kept_zone: string | null; built: boolean }>(
      tx,
      sql`select vod_business_zone() as zone, kept.zone as kept_zone, kept.built from economics_kept kept`,
    )
    if (!state) return answer(0)
    const { zone } = state
    if (state.kept_zone !== zone) {
      await tx.execute(sql`truncate ${KEPT_TABLES}, economics_stale`)
      await tx.execute(
        sql`insert into economics_stale (user_id, source) select distinct user_id, 'subscriptions' from subscriptions`,
      )
      await tx.execute(sql`update economics_kept set zone = ${zone}, built = false`)
      return answer(1)
    }
    const taken = await queryRows<{ user_id: number; source: string }>(
      tx,
      sql`delete from economics_stale where user_id in
        (select distinct user_id from economics_stale order by user_id limit ${batch}) returning user_id, source`,
    )
    const sources = sourcesOf(taken)
    // Fewer than a batch: every member made stale before this step is worked out with it.
    const drained = sources.size < batch
    const built = drained && !state.built ? zone : null
    if (sources.size === 0) return answer(0, built)
    const userIds = [...sources.keys()]
    const noted: Noted = {
      userIds: `{${userIds.join(',')}}`,
      sources: `{${[...sources.values()].join(',')}}`,
      closed: state.built ? await firstOpenMonth(tx, zone) : null,
    }
    const ids = sql`${noted.userIds}::integer[]`
    const [before] = await queryRows<NotedSums>(
      tx,
      addToPeriods(
        sql`delete from economics_member_periods where user_id = any(${ids}) returning *`,
        zone,
        -1,
        noted,
      ),
    )
    const [after] = await queryRows<NotedSums>(
      tx,
      addToPeriods(
        sql`insert into economics_member_periods (user_id, scope_kind, scope_id, grain, period, before, after, first_at)
          ${memberRows(userIds, zone)} returning *`,
        zone,
        1,
        noted,
      ),
    )
    await tx.execute(duesTakenOut(ids, zone))
    await tx.execute(duesPutIn(userIds, zone))
    if (noted.closed !== null)
      await tx.execute(
        sql`select vod_economics_note(${before?.sums ?? '[]'}::jsonb, ${after?.sums ?? '[]'}::jsonb, ${noted.closed}::date),
          vod_economics_note_cohorts(${before?.cohorts ?? '[]'}::jsonb, ${after?.cohorts ?? '[]'}::jsonb, ${noted.closed}::date)`,
      )
    return answer(drained ? 0 : 1, built)
  })
}

/** Every member made stale so far worked out, when the keeping is whole (a build is left to the background). */
export async function keepEconomicsCaughtUp(db: Db): Promise<void> {
  const [kept] = await queryRows<{ built: boolean }>(db, sql`select built from economics_kept`)
  if (kept?.built) while ((await keepEconomicsStep(db, true, BATCH.embedded)) === 1);
}

/**
 * Keeps subscription economics beside the figures, on whichever way keeps them (keeping/index.ts): a step
 * every KEEPING_INTERVAL_MS, one process at a time, one connection of the pool. Answers how to stop it.
 */
export function startKeepingEconomics(db: Db, log: FastifyBaseLogger, embedded: boolean) {
  const batch = embedded ? BATCH.embedded : BATCH.pool
  return repeatSteps(
    () => keepEconomicsStep(db, false, batch),
    log,
    'keep subscription economics',
    KEEPING_INTERVAL_MS,
    embedded ? EMBEDDED_PAUSE_MS : 0,
  )
}
