import { type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import { keptIn, keptMovements, keptScopeOf } from './kept-movements.ts'
import { type Filters, money, payingSpans } from './paying.ts'
import { type Days, type MovementRow, monthsIn, type RowsAsked } from './ranges.ts'

/**
 * CTEs `periods` (kind, first_day, last_day, lo, hi): business days or the given months as kind 'row' (days:
 * generate_series over the business days, in the zone), and the whole range as kind 'total', with the
 * instants they start and end at in the zone; `row_periods` numbers the rows in order (bucket), `whole` is the range.
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
    row_periods as (select periods.*, row_number() over (order by first_day) as bucket from periods where kind = 'row'),
    whole as (select * from periods where kind = 'total')`
}

/**
 * CTE `changes` (kind, first_day, user_id, before, after, first_at): the members whose MRR may differ between
 * a period's start and its end, each with their MRR just before both. A member's MRR changes only at an end
 * of one of their spans, so only the members with a span's end inside a period are read there: each end is
 * put in its period by a binary search over the periods' starts (width_bucket), and the member's spans are
 * summed at the two instants (their first paying instant read with them). Everyone else pays through the
 * period what they paid at its start.
 */
const changesOf = sql`bounds as (select array_agg(lo order by bucket) as starts from row_periods),
    moments as (
      select distinct ends.user_id, width_bucket(ends.at, bounds.starts) as bucket
      from (select user_id, lo as at from segments union all select user_id, hi from segments where hi is not null) ends,
        bounds, whole
      where ends.at >= whole.lo and ends.at < whole.hi
    ),
    touched as (
      select row_periods.kind, row_periods.first_day, row_periods.lo, row_periods.hi, moments.user_id
      from moments join row_periods on row_periods.bucket = moments.bucket
      union all
      select whole.kind, whole.first_day, whole.lo, whole.hi, user_id
      from (select distinct user_id from moments) members, whole
    ),
    sides as (
      select touched.kind, touched.first_day, touched.user_id,
        coalesce(sum(segments.mrr) filter (where segments.lo < touched.lo
          and (segments.hi is null or segments.hi >= touched.lo)), 0) as before,
        coalesce(sum(segments.mrr) filter (where segments.lo < touched.hi
          and (segments.hi is null or segments.hi >= touched.hi)), 0) as after,
        min(segments.lo) as first_at
      from touched join segments on segments.user_id = touched.user_id
      group by touched.kind, touched.first_day, touched.user_id
    ),
    changes as (select * from sides where before > 0 or after > 0)`

/**
 * Each period's movements, per member from their MRR just before its start to just before its end:
 * new (0 to more, never paying before), reactivation (0 to more, paying at some instant before), expansion
 * and contraction (more to more, up or down), churn (more to 0). Contraction and churn are negative, so a
 * period's opening plus its movements is its closing, exactly (each subscription's MRR is whole cents).
 * The MRR and members paying at the range's start are read once; each period's opening is that plus what
 * the periods before it moved (a window over them), its closing that plus its own.
 */
function movementsSql(zone: string, start: string, end: string, months: Days[] | null, filters: Filters) {
  const members = (condition: SQL) => sql`(count(*) filter (where ${condition}))::integer`
  const before = sql`partition by moved.kind order by moved.first_day rows between unbounded preceding and 1 preceding`
  const through = sql`partition by moved.kind order by moved.first_day rows between unbounded preceding and current row`
  return sql`with ${payingSpans(filters)}, ${periodsOf(zone, start, end, months)}, ${changesOf},
    opening as (
      select coalesce(sum(segments.mrr), 0) as mrr, count(distinct segments.user_id) as members
      from segments, whole
      where segments.lo < whole.lo and (segments.hi is null or segments.hi >= whole.lo)
    ),
    moved as (
      select periods.kind, periods.first_day, periods.last_day,
        coalesce(sum(changes.after - changes.before), 0) as mrr_moved,
        ${members(sql`changes.before = 0`)} - ${members(sql`changes.after = 0`)} as joined,
        ${money(sql`sum(changes.after) filter (where changes.before = 0 and changes.first_at >= periods.lo)`)} as new,
        ${money(sql`sum(changes.after) filter (where changes.before = 0 and changes.first_at < periods.lo)`)} as reactivation,
        ${money(sql`sum(changes.after - changes.before) filter (where changes.before > 0 and changes.after > changes.before)`)} as expansion,
        ${money(sql`sum(changes.after - changes.before) filter (where changes.after > 0 and changes.after < changes.before)`)} as contraction,
        ${money(sql`-sum(changes.before) filter (where changes.before > 0 and changes.after = 0)`)} as churn,
        ${members(sql`changes.before = 0 and changes.first_at >= periods.lo`)} as new_members,
        ${members(sql`changes.before = 0 and changes.first_at < periods.lo`)} as reactivated_members,
        ${members(sql`changes.before > 0 and changes.after > changes.before`)} as expanded_members,
        ${members(sql`changes.after > 0 and changes.after < changes.before`)} as contracted_members,
        ${members(sql`changes.before > 0 and changes.after = 0`)} as churned_members
      from periods left join changes on changes.kind = periods.kind and changes.first_day = periods.first_day
      group by periods.kind, periods.first_day, periods.last_day
    )
    select moved.kind, moved.first_day::text as start_date, moved.last_day::text as end_date,
      ${money(sql`opening.mrr + coalesce(sum(moved.mrr_moved) over (${before}), 0)`)} as opening_mrr,
      moved.new, moved.reactivation, moved.expansion, moved.contraction, moved.churn,
      ${money(sql`opening.mrr + sum(moved.mrr_moved) over (${through})`)} as closing_mrr,
      (opening.members + coalesce(sum(moved.joined) over (${before}), 0))::integer as opening_members,
      moved.new_members, moved.reactivated_members, moved.expanded_members, moved.contracted_members,
      moved.churned_members,
      (opening.members + sum(moved.joined) over (${through}))::integer as closing_members
    from moved, opening
    order by moved.kind desc, moved.first_day`
}

/**
 * The movements rows of each day or month of a range and of the whole range (kind 'total', unless not
 * asked: the rows then read only what they need where kept; the raw statement works it out anyway): from what the
 * keeping keeps where it keeps the scope asked in the zone asked and every member is worked out (`kept`: the
 * figures are kept at all), else from the raw rows; the same rows either way.
 */
export async function movementRows(
  db: Db,
  zone: string,
  asked: RowsAsked,
  filters: Filters,
  kept: boolean,
): Promise<MovementRow[]> {
  const { start, end, by } = asked
  const scope = kept ? keptScopeOf(filters) : null
  if (scope && (await keptIn(db, zone))) return keptMovements(db, zone, asked, scope)
  return queryRows<MovementRow>(
    db,
    movementsSql(zone, start, end, by === 'month' ? monthsIn(start, end) : null, filters),
  )
}

/** The movements of each day or month of a range (data) and of the whole range (totals), as answered. */
export async function movements(
  db: Db,
  zone: string,
  query: { start_date: string; end_date: string; by: 'day' | 'month' },
  filters: Filters,
  kept: boolean,
) {
  const { start_date: start, end_date: end } = query
  const rows = await movementRows(db, zone, { start, end, by: query.by, totals: true }, filters, kept)
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
