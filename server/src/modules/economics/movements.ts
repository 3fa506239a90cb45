import { addDays, monthOf } from '@vod/contract'
import { type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import { type Filters, payingSpans, statesAt } from './paying.ts'

/** A period of business days, both ends included. */
export interface Days {
  first: string
  last: string
}

/** The business months that days start to end touch, each cut to them. */
export function monthsIn(start: string, end: string): Days[] {
  const months: Days[] = []
  for (let first = start; first <= end; ) {
    const next = monthOf(addDays(monthOf(first), 31))
    const last = addDays(next, -1)
    months.push({ first, last: last < end ? last : end })
    first = next
  }
  return months
}

/**
 * CTE `periods` (kind, first_day, last_day, lo, hi): business days or the given months as kind 'row' (days:
 * generate_series over the business days, in the zone), and the whole range as kind 'total', with the
 * instants they start and end at in the zone.
 */
function periodsOf(zone: string, start: string, end: string, months: Days[] | null): SQL {
  const rows = months
    ? sql`select first_day::date, last_day::date
        from unnest(${`{${months.map((m) => m.first).join(',')}}`}::date[],
          ${`{${months.map((m) => m.last).join(',')}}`}::date[]) as month_rows(first_day, last_day)`
    : sql`select ${start}::date + day_number, ${start}::date + day_number
        from generate_series(0, ${end}::date - ${start}::date) day_number`
  return sql`cut(kind, first_day, last_day) as (
      select 'row', first_day, last_day from (${rows}) as row_days(first_day, last_day)
      union all select 'total', ${start}::date, ${end}::date
    ),
    periods as (
      select kind, first_day, last_day, first_day::timestamp at time zone ${zone} as lo,
        (last_day + 1)::timestamp at time zone ${zone} as hi
      from cut
    ),
    instants as (select lo as at from periods union select hi from periods)`
}

/**
 * Each period's movements, per member from their MRR just before its start to just before its end:
 * new (0 to more, never paying before), reactivation (0 to more, paying at some instant before), expansion
 * and contraction (more to more, up or down), churn (more to 0). Contraction and churn are negative, so a
 * period's opening plus its movements is its closing, exactly (each subscription's MRR is whole cents).
 */
export function movementsSql(
  zone: string,
  start: string,
  end: string,
  months: Days[] | null,
  filters: Filters,
) {
  const money = (expression: SQL) => sql`coalesce(${expression}, 0)::numeric(22, 2)`
  const members = (condition: SQL) => sql`(count(*) filter (where ${condition}))::integer`
  return sql`with ${payingSpans(filters)}, ${periodsOf(zone, start, end, months)}, ${statesAt},
    sides as (
      select periods.kind, periods.first_day, states.user_id, states.mrr as before, 0 as after
      from periods join states on states.at = periods.lo
      union all
      select periods.kind, periods.first_day, states.user_id, 0, states.mrr
      from periods join states on states.at = periods.hi
    ),
    changes as (
      select sides.kind, sides.first_day, sides.user_id, sum(sides.before) as before, sum(sides.after) as after,
        firsts.first_at
      from sides join firsts on firsts.user_id = sides.user_id
      group by sides.kind, sides.first_day, sides.user_id, firsts.first_at
    )
    select periods.kind, periods.first_day::text as start_date, periods.last_day::text as end_date,
      ${money(sql`sum(changes.before)`)} as opening_mrr,
      ${money(sql`sum(changes.after) filter (where changes.before = 0 and changes.first_at >= periods.lo)`)} as new,
      ${money(sql`sum(changes.after) filter (where changes.before = 0 and changes.first_at < periods.lo)`)} as reactivation,
      ${money(sql`sum(changes.after - changes.before) filter (where changes.before > 0 and changes.after > changes.before)`)} as expansion,
      ${money(sql`sum(changes.after - changes.before) filter (where changes.after > 0 and changes.after < changes.before)`)} as contraction,
      ${money(sql`-sum(changes.before) filter (where changes.before > 0 and changes.after = 0)`)} as churn,
      ${money(sql`sum(changes.after)`)} as closing_mrr,
      ${members(sql`changes.before > 0`)} as opening_members,
      ${members(sql`changes.before = 0 and changes.first_at >= periods.lo`)} as new_members,
      ${members(sql`changes.before = 0 and changes.first_at < periods.lo`)} as reactivated_members,
      ${members(sql`changes.before > 0 and changes.after > changes.before`)} as expanded_members,
      ${members(sql`changes.after > 0 and changes.after < changes.before`)} as contracted_members,
      ${members(sql`changes.before > 0 and changes.after = 0`)} as churned_members,
      ${members(sql`changes.after > 0`)} as closing_members
    from periods left join changes on changes.kind = periods.kind and changes.first_day = periods.first_day
    group by periods.kind, periods.first_day, periods.last_day, periods.lo
    order by periods.kind desc, periods.first_day`
}

export type MovementRow = Record<string, string | number> & { kind: 'row' | 'total' }

/** The movements of each day or month of a range (data) and of the whole range (totals). */
export async function movements(
  db: Db,
  zone: string,
  query: { start_date: string; end_date: string; by: 'day' | 'month' },
  filters: Filters,
) {
  const { start_date: start, end_date: end } = query
  const rows = await queryRows<MovementRow>(
    db,
    movementsSql(zone, start, end, query.by === 'month' ? monthsIn(start, end) : null, filters),
  )
  const strip = ({ kind: _kind, start_date: _start, end_date: _end, ...figures }: MovementRow) => figures
  const total = rows.find((row) => row.kind === 'total')
  return {
    data: rows.filter((row) => row.kind === 'row').map(({ kind: _kind, ...row }) => row),
    meta: {
      start_date: start,
      end_date: end,
      time_zone: zone,
      by: query.by,
      totals: total ? strip(total) : {},
    },
  }
}
