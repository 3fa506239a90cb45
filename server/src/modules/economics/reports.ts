import { addDays, monthOf } from '@vod/contract'
import { type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import { keptCohortCells } from './kept-cohorts.ts'
import { keptDues } from './kept-dues.ts'
import { keptIn, keptScopeOf } from './kept-movements.ts'
import { movementRows } from './movements.ts'
import { type Filters, money, payingSpans } from './paying.ts'
import { type Days, monthsIn } from './ranges.ts'

/** numerator / denominator to `places` as text, null when the denominator is 0 (as the registry's ratios). */
const ratioOf = (numerator: SQL, denominator: SQL, places = 4) =>
  sql`case when ${denominator} = 0 then null else round((${numerator})::numeric / ${denominator}, ${places})::text end`

/** The first day of the month `count` months before the one a day is in. */
function monthsBefore(day: string, count: number): string {
  let first = monthOf(day)
  for (let step = 0; step < count; step++) first = monthOf(addDays(first, -1))
  return first
}

const period = (zone: string, start: string, end: string) => ({
  start_date: start,
  end_date: end,
  time_zone: zone,
})

/**
 * Each business month the range touches (from its first day, the last to end_date): its logo and revenue
 * churn rates, ARPU at its end and LTV from the churn of it and the two months before (read whole, even
 * before the range), which the answer names; from the months' movements (movementRows: kept or raw, `kept`
 * as there), worked out in SQL as money is.
 */
export async function churn(
  db: Db,
  zone: string,
  start: string,
  end: string,
  filters: Filters,
  kept: boolean,
) {
  const months = await movementRows(
    db,
    zone,
    { start: monthsBefore(start, 2), end, by: 'month', totals: false },
    filters,
    kept,
  )
  // The raw statement gives the range's total too.
  const monthRows = JSON.stringify(months.filter((row) => row.kind === 'row'))
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select month_rows.*,
      ${ratioOf(sql`churned_members`, sql`opening_members`)} as churn_rate,
      ${ratioOf(sql`-(churn + contraction)`, sql`opening_mrr`)} as revenue_churn_rate,
      case when closing_members = 0 then null else round(closing_mrr / closing_members, 2)::numeric(22, 2) end as arpu,
      case when closing_members = 0 or trailing_churned = 0 then null
        else round(closing_mrr * trailing_members / (closing_members * trailing_churned), 2)::numeric(22, 2) end as ltv
    from (
      select movement_rows.*,
        sum(opening_members) over last_three as trailing_members, sum(churned_members) over last_three as trailing_churned
      from jsonb_to_recordset(${monthRows}::jsonb) as movement_rows(start_date text, end_date text,
        opening_mrr numeric, contraction numeric, churn numeric, closing_mrr numeric, opening_members integer,
        churned_members integer, closing_members integer)
      window last_three as (order by start_date rows between 2 preceding and current row)
    ) month_rows
    where start_date >= ${monthOf(start)}
    order by start_date`,
  )
  const monthName = (day: string) => day.slice(0, 7)
  return {
    data: rows.map((row) => {
      const first = row.start_date as string
      return {
        month: monthName(first),
        start_date: first,
        end_date: row.end_date,
        opening_members: row.opening_members,
        churned_members: row.churned_members,
        closing_members: row.closing_members,
        churn_rate: row.churn_rate,
        revenue_churn_rate: row.revenue_churn_rate,
        arpu: row.arpu,
        ltv: row.ltv,
        ltv_months: [monthsBefore(first, 2), monthsBefore(first, 1), first].map(monthName),
      }
    }),
    meta: period(zone, start, end),
  }
}

/**
 * The CTEs `sizes` and `cells` of the retention cohorts (as keptCohortCells) computed from the raw rows: the
 * members whose first paying instant is in the range, by its month; their MRR at each month's end.
 */
function rawCohortCells(zone: string, start: string, end: string, months: Days[], filters: Filters): SQL {
  return sql`${payingSpans(filters)},
      month_ends as (
        select to_char(first_day, 'YYYY-MM') as month, (last_day + 1)::timestamp at time zone ${zone} as hi
        from unnest(${`{${months.map((m) => m.first).join(',')}}`}::date[],
          ${`{${months.map((m) => m.last).join(',')}}`}::date[]) as month_rows(first_day, last_day)
      ),
      cohort_members as (
        select user_id, to_char(first_at at time zone ${zone}, 'YYYY-MM') as cohort from firsts
        where first_at >= ${monthOf(start)}::date::timestamp at time zone ${zone}
          and first_at < (${end}::date + 1)::timestamp at time zone ${zone}
      ),
      states as (
        select month_ends.hi, segments.user_id, sum(segments.mrr) as mrr
        from cohort_members join segments on segments.user_id = cohort_members.user_id
          join month_ends on segments.lo < month_ends.hi and (segments.hi is null or segments.hi >= month_ends.hi)
        group by month_ends.hi, segments.user_id
      ),
      cells as (
        select cohort_members.cohort, month_ends.month, count(states.user_id)::integer as members,
          coalesce(sum(states.mrr), 0) as mrr
        from cohort_members join month_ends on month_ends.month >= cohort_members.cohort
          left join states on states.hi = month_ends.hi and states.user_id = cohort_members.user_id
        group by cohort_members.cohort, month_ends.month
      ),
      sizes as (select cohort, count(*)::integer as members from cohort_members group by cohort)`
}

/**
 * Retention cohorts: members by the business month of their first paying instant, for each month the range
 * touches; per month after, up to the range's last, the members paying and their MRR at its end (end_date for
 * the last), against the cohort's members and its MRR at the end of its first month. From what is kept when
 * `kept` and the scope is one kept (as movementRows), else from the rows: the same answer.
 */
export async function cohorts(
  db: Db,
  zone: string,
  start: string,
  end: string,
  filters: Filters,
  kept: boolean,
) {
  const months = monthsIn(monthOf(start), end)
  const scope = kept ? keptScopeOf(filters) : null
  const cells =
    scope && (await keptIn(db, zone))
      ? keptCohortCells(zone, months, scope)
      : rawCohortCells(zone, start, end, months, filters)
  const monthNumber = (column: SQL) =>
    sql`(substr(${column}, 1, 4)::integer * 12 + substr(${column}, 6, 2)::integer)`
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with ${cells}
    select cells.cohort, sizes.members as cohort_members, ${money(sql`base.mrr`)} as cohort_mrr, cells.month,
      ${monthNumber(sql`cells.month`)} - ${monthNumber(sql`cells.cohort`)} as month_after,
      cells.members, ${money(sql`cells.mrr`)} as mrr,
      ${ratioOf(sql`cells.members`, sql`sizes.members`)} as logo_retention,
      ${ratioOf(sql`cells.mrr`, sql`base.mrr`)} as revenue_retention
    from cells join sizes on sizes.cohort = cells.cohort
      join cells base on base.cohort = cells.cohort and base.month = cells.cohort
    order by cells.cohort, cells.month`,
  )
  const data: { cohort: string; members: number; mrr: unknown; months: unknown[] }[] = []
  for (const row of rows) {
    const cohort = row.cohort as string
    if (data.at(-1)?.cohort !== cohort)
      data.push({ cohort, members: row.cohort_members as number, mrr: row.cohort_mrr, months: [] })
    data.at(-1)?.months.push({
      month_after: row.month_after,
      month: row.month,
      members: row.members,
      mrr: row.mrr,
      logo_retention: row.logo_retention,
      revenue_retention: row.revenue_retention,
    })
  }
  return { data, meta: period(zone, start, end) }
}

/**
 * The CTE `due` (plan_id, due, converted) of conversion computed from the raw rows (as keptDues): each
 * subscription whose initial period, at a lower MRR than the recurring one, ended in the range and by now, and
 * whether a paid order of it (amount above 0) came at or after that end.
 */
function rawDues(zone: string, start: string, end: string, filters: Filters): SQL {
  return sql`${payingSpans(filters)},
      due as (
        select subs.plan_id, 1 as due, exists (
          select from orders renewal where renewal.subscription_id = subs.id and renewal.paid_at >= subs.initial_end
            and renewal.amount > 0)::integer as converted
        from subs
        where subs.recurring_mrr is not null and subs.initial_mrr < subs.recurring_mrr
          and subs.initial_end >= ${start}::date::timestamp at time zone ${zone}
          and subs.initial_end < (${end}::date + 1)::timestamp at time zone ${zone}
          and subs.initial_end <= now()
      )`
}

/**
 * First-period conversion by plan: the subscriptions whose initial period, at a lower MRR than the recurring
 * one, ended in the range (and by now), and of them those with a paid order (amount above 0) at or after
 * that end. From what is kept when `kept` and the scope is one kept (as movementRows), else from the rows.
 */
export async function conversion(
  db: Db,
  zone: string,
  start: string,
  end: string,
  filters: Filters,
  kept: boolean,
) {
  const scope = kept ? keptScopeOf(filters) : null
  const dues =
    scope && (await keptIn(db, zone)) ? keptDues(zone, start, end, scope) : rawDues(zone, start, end, filters)
  const data = await queryRows<Record<string, unknown>>(
    db,
    sql`with ${dues}
    select plan_id, sum(due)::integer as due, sum(converted)::integer as converted,
      ${ratioOf(sql`sum(converted)`, sql`sum(due)`)} as first_period_conversion
    from due group by plan_id having sum(due) > 0 order by plan_id`,
  )
  return { data, meta: period(zone, start, end) }
}
