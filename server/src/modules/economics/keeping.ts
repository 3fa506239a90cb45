import { type SQL, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type Db, queryRows } from '../../db/client.ts'
import { repeatSteps } from '../analytics/keeping/fold.ts'
import { firstOpenMonth } from '../analytics/restatements.ts'
import { movementSums, PERIOD_FIGURES, periodStart } from './kept-sums.ts'
import { payingSpans } from './paying.ts'

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

/**
 * Each member's rows per scope and period they move in: from their paying spans (paying.ts, all their
 * subscriptions, the plans' prices as they are now), in the kept zone; a period is a business day, month and
 * year holding an instant one of their spans starts or ends at (the only instants their MRR changes), and a
 * row is kept where their MRR before and after it differ; and their cohort's row (grain `first`) per scope.
 */
function memberRows(userIds: number[], zone: string): SQL {
  return sql`with ${payingSpans({ scope: { channels: null }, userIds })},
    scoped as (
      select level.scope_kind, level.scope_id, segments.user_id, segments.lo, segments.hi, segments.mrr
      from segments cross join lateral (values ('all', -1), ('channel', coalesce(segments.channel_id, 0)),
        ('campaign', coalesce(segments.campaign_id, 0)), ('plan', segments.plan_id)) as level(scope_kind, scope_id)
    ),
    instants as (
      select distinct scope_kind, scope_id, user_id, vod_datable(instant) as instant
      from (select scope_kind, scope_id, user_id, lo as instant from scoped
        union all select scope_kind, scope_id, user_id, hi from scoped where hi is not null) each_end
    ),
    touched as (
      select distinct instants.scope_kind, instants.scope_id, instants.user_id, grains.grain, grains.period
      from instants cross join lateral (values
        ('day', (instant at time zone ${zone})::date),
        ('month', date_trunc('month', instant at time zone ${zone})::date),
        ('year', date_trunc('year', instant at time zone ${zone})::date)) as grains(grain, period)
      where instants.instant is not null
    ),
    bounded as (
      select touched.*, period::timestamp at time zone ${zone} as starts,
        (period + case grain when 'day' then interval '1 day' when 'month' then interval '1 month'
          else interval '1 year' end)::timestamp at time zone ${zone} as ends
      from touched
    ),
    sides as (
      select bounded.user_id, bounded.scope_kind, bounded.scope_id, bounded.grain, bounded.period,
        coalesce(sum(scoped.mrr) filter (where scoped.lo < bounded.starts
          and (scoped.hi is null or scoped.hi >= bounded.starts)), 0) as before,
        coalesce(sum(scoped.mrr) filter (where scoped.lo < bounded.ends
          and (scoped.hi is null or scoped.hi >= bounded.ends)), 0) as after,
        min(scoped.lo) as first_at
      from bounded join scoped on scoped.scope_kind = bounded.scope_kind and scoped.scope_id = bounded.scope_id
        and scoped.user_id = bounded.user_id
      group by 1, 2, 3, 4, 5
    )
    select * from sides where before <> after
    union all
    select user_id, scope_kind, scope_id, 'first', date_trunc('month', min(lo) at time zone ${zone})::date, 0, 0, min(lo)
    from scoped group by user_id, scope_kind, scope_id`
}

/** economics_periods' figure columns, listed. */
const figureColumns = sql.join(
  PERIOD_FIGURES.map((column) => sql.identifier(column)),
  sql`, `,
)

/**
 * Members' rows (`rows`, a CTE named moved) summed per scope and period and added to economics_periods, and per
 * scope, cohort and month to economics_cohorts, times `sign`; answers their month rows of closed months (before `noted.closed`) summed per the source that made
 * each member stale, scope and month, as JSON (vod_economics_note's sides), or null when nothing is noted.
 */
function addToPeriods(rows: SQL, zone: string, sign: 1 | -1, noted: Noted): SQL {
  const by = sign === 1 ? sql`+` : sql`-`
  const added = sql.join(
    PERIOD_FIGURES.map((column) => {
      const name = sql.identifier(column)
      return sql`${name} = kept.${name} ${by} excluded.${name}`
    }),
    sql`, `,
  )
  const sums = movementSums(periodStart(zone))
  const cohortAdded = sql.join(
    ['entered', 'joined', 'mrr_moved'].map((column) => {
      const name = sql.identifier(column)
      return sql`${name} = kept.${name} ${by} excluded.${name}`
    }),
    sql`, `,
  )
  const monthly = (condition: SQL) => sql`count(*) filter (where grain = 'month' and ${condition})`
  return sql`with moved as (${rows}),
    added as (
      insert into economics_periods as kept (scope_kind, scope_id, grain, period, ${figureColumns})
      select scope_kind, scope_id, grain, period, ${sums}
      from moved where grain <> 'first' group by scope_kind, scope_id, grain, period order by 1, 2, 3, 4
      on conflict (scope_kind, scope_id, grain, period) do update set ${added}
    ),
    cohorts_added as (
      insert into economics_cohorts as kept (scope_kind, scope_id, cohort, period, entered, joined, mrr_moved)
      select scope_kind, scope_id, date_trunc('month', first_at at time zone ${zone})::date, period,
        count(*) filter (where grain = 'first'), ${monthly(sql`after > 0`)} - ${monthly(sql`before > 0`)},
        coalesce(sum(after - before) filter (where grain = 'month'), 0)
      from moved where grain in ('month', 'first') group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (scope_kind, scope_id, cohort, period) do update set ${cohortAdded}
    )
    select jsonb_agg(summed)::text as sums from (
      select taken.source, moved.scope_kind, moved.scope_id, moved.period, ${sums}
      from moved join unnest(${noted.userIds}::integer[], ${noted.sources}::text[]) as taken (user_id, source)
        using (user_id)
      where moved.grain = 'month' and moved.period < ${noted.closed}::date
      group by 1, 2, 3, 4
    ) summed`
}

/** What a step notes of closed months: its members, the source each was made stale by, the first open month. */
interface Noted {
  userIds: string
  sources: string
  closed: string | null
}

/**
 * Each taken member's source: `subscriptions` when a subscription of theirs changed, else `plans` (only a
 * plan's prices or periods did).
 */
function sourcesOf(taken: { user_id: number; source: string }[]): Map<number, string> {
  const sources = new Map<number, string>()
  for (const { user_id, source } of taken)
    if (sources.get(user_id) !== 'subscriptions') sources.set(user_id, source)
  return sources
}

/**
 * One step of the keeping (docs/analytics.md "Subscription economics kept"): at most `batch` stale members
 * worked out again, their old rows taken out of the sums and their new ones put in, in one transaction; what
 * that changed of closed months noted (docs/analytics.md "Restatements of subscription economics") once every
 * member was worked out. When the business zone is not the one kept, every row is dropped and every member
 * with a subscription made stale, and the answers come from the raw rows until they are all worked out again
 * (`built`). 1 when more is left, 0 when not, -1 when another process keeps (`wait`: waits for it instead).
 */
export async function keepEconomicsStep(db: Db, wait = false, batch: number = BATCH.pool): Promise<number> {
  return db.transaction(async (tx) => {
    const [locked] = await queryRows<{ ok: boolean }>(
      tx,
      wait
        ? sql`select pg_advisory_xact_lock(${KEEPING_LOCK}) is not null as ok`
        : sql`select pg_try_advisory_xact_lock(${KEEPING_LOCK}) as ok`,
    )
    if (!locked?.ok) return -1
    const [state] = await queryRows<{ zone: string; kept_zone: string | null; built: boolean }>(
      tx,
      sql`select vod_business_zone() as zone, kept.zone as kept_zone, kept.built from economics_kept kept`,
    )
    if (!state) return 0
    const { zone } = state
    if (state.kept_zone !== zone) {
      await tx.execute(
        sql`truncate economics_member_periods, economics_periods, economics_cohorts, economics_stale`,
      )
      await tx.execute(
        sql`insert into economics_stale (user_id, source) select distinct user_id, 'subscriptions' from subscriptions`,
      )
      await tx.execute(sql`update economics_kept set zone = ${zone}, built = false`)
      return 1
    }
    const taken = await queryRows<{ user_id: number; source: string }>(
      tx,
      sql`delete from economics_stale where user_id in
        (select distinct user_id from economics_stale order by user_id limit ${batch}) returning user_id, source`,
    )
    const sources = sourcesOf(taken)
    // Fewer than a batch: every member made stale before this step is worked out with it.
    const drained = sources.size < batch
    if (drained && !state.built) await tx.execute(sql`update economics_kept set built = true`)
    if (sources.size === 0) return 0
    const userIds = [...sources.keys()]
    const noted: Noted = {
      userIds: `{${userIds.join(',')}}`,
      sources: `{${[...sources.values()].join(',')}}`,
      closed: state.built ? await firstOpenMonth(tx, zone) : null,
    }
    const ids = sql`${noted.userIds}::integer[]`
    const [before] = await queryRows<{ sums: string | null }>(
      tx,
      addToPeriods(
        sql`delete from economics_member_periods where user_id = any(${ids}) returning *`,
        zone,
        -1,
        noted,
      ),
    )
    const [after] = await queryRows<{ sums: string | null }>(
      tx,
      addToPeriods(
        sql`insert into economics_member_periods (user_id, scope_kind, scope_id, grain, period, before, after, first_at)
          ${memberRows(userIds, zone)} returning *`,
        zone,
        1,
        noted,
      ),
    )
    if (noted.closed !== null)
      await tx.execute(
        sql`select vod_economics_note(${before?.sums ?? '[]'}::jsonb, ${after?.sums ?? '[]'}::jsonb, ${noted.closed}::date)`,
      )
    return drained ? 0 : 1
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
