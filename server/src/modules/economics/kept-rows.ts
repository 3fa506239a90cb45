import { type SQL, sql } from 'drizzle-orm'
import { movementSums, PERIOD_FIGURES, periodStart } from './kept-sums.ts'
import { payingSpans } from './paying.ts'

/**
 * Each member's rows per scope and period they move in: from their paying spans (paying.ts, all their
 * subscriptions, the plans' prices as they are now), in the kept zone; a period is a business day, month and
 * year holding an instant one of their spans starts or ends at (the only instants their MRR changes), and a
 * row is kept where their MRR before and after it differ; and their cohort's row (grain `first`) per scope.
 */
export function memberRows(userIds: number[], zone: string): SQL {
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
 * scope, cohort and month to economics_cohorts, times `sign`. Answers their rows of closed months (before
 * `noted.closed`) summed per the source that made each member stale, as JSON, or null when nothing is noted:
 * `sums` their month rows per scope and month (vod_economics_note's sides), `cohorts` their month and cohort
 * rows per scope, cohort and month (vod_economics_note_cohorts').
 */
export function addToPeriods(rows: SQL, zone: string, sign: 1 | -1, noted: Noted): SQL {
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
  const cohortSums = sql`count(*) filter (where grain = 'first') as entered,
    ${monthly(sql`after > 0`)} - ${monthly(sql`before > 0`)} as joined,
    coalesce(sum(after - before) filter (where grain = 'month'), 0) as mrr_moved`
  const cohortOf = sql`date_trunc('month', first_at at time zone ${zone})::date`
  const taken = sql`join unnest(${noted.userIds}::integer[], ${noted.sources}::text[]) as taken (user_id, source)
    using (user_id)`
  return sql`with moved as (${rows}),
    added as (
      insert into economics_periods as kept (scope_kind, scope_id, grain, period, ${figureColumns})
      select scope_kind, scope_id, grain, period, ${sums}
      from moved where grain <> 'first' group by scope_kind, scope_id, grain, period order by 1, 2, 3, 4
      on conflict (scope_kind, scope_id, grain, period) do update set ${added}
    ),
    cohorts_added as (
      insert into economics_cohorts as kept (scope_kind, scope_id, cohort, period, entered, joined, mrr_moved)
      select scope_kind, scope_id, ${cohortOf} as cohort, period, ${cohortSums}
      from moved where grain in ('month', 'first') group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (scope_kind, scope_id, cohort, period) do update set ${cohortAdded}
    )
    select (select jsonb_agg(summed)::text from (
        select taken.source, moved.scope_kind, moved.scope_id, moved.period, ${sums}
        from moved ${taken}
        where moved.grain = 'month' and moved.period < ${noted.closed}::date
        group by 1, 2, 3, 4
      ) summed) as sums,
      (select jsonb_agg(summed)::text from (
        select taken.source, moved.scope_kind, moved.scope_id, ${cohortOf} as cohort, moved.period, ${cohortSums}
        from moved ${taken}
        where moved.grain in ('month', 'first') and moved.period < ${noted.closed}::date
        group by 1, 2, 3, 4, 5
      ) summed) as cohorts`
}

/** What a step notes of closed months: its members, the source each was made stale by, the first open month. */
export interface Noted {
  userIds: string
  sources: string
  closed: string | null
}

/** What addToPeriods answers of a step's rows of closed months, as JSON (null: none). */
export interface NotedSums {
  sums: string | null
  cohorts: string | null
}
