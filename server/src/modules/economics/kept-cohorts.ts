import { addDays, nextMonth } from '@vod/contract'
import { type SQL, sql } from 'drizzle-orm'
import type { KeptScope } from './kept-movements.ts'
import type { Days } from './ranges.ts'

/**
 * The CTEs `sizes` (cohort 'YYYY-MM', members) and `cells` (cohort, month 'YYYY-MM', members paying and their
 * MRR in cents at its end) of the retention cohorts of `months` (each month the range touches, the last cut to
 * its end), as reports.ts computes them from the rows, from what the keeping keeps (keeping.ts): a cohort's
 * members and each whole month's moves from economics_cohorts; a last month the range cuts from its members'
 * day rows and cohort rows up to its end, read from their index alone.
 */
export function keptCohortCells(zone: string, months: Days[], scope: KeptScope): SQL {
  const firsts = `{${months.map((month) => month.first).join(',')}}`
  const lasts = `{${months.map((month) => month.last).join(',')}}`
  const last = months.at(-1)
  // Only the last month can be cut; its bounds are constants, so its members' rows are one index range.
  const cut =
    last && addDays(last.last, 1) !== nextMonth(last.first)
      ? last
      : { first: '0001-01-01', last: '0001-01-01' }
  const inScope = (alias: string) =>
    sql`${sql.identifier(alias)}.scope_kind = ${scope.kind} and ${sql.identifier(alias)}.scope_id = ${scope.id}`
  return sql`kept_months as (
      select to_char(first_day, 'YYYY-MM') as month, first_day, last_day, first_day = ${cut.first}::date as cut
      from unnest(${firsts}::date[], ${lasts}::date[]) as month_rows(first_day, last_day)
    ),
    sizes as (
      select to_char(kept.cohort, 'YYYY-MM') as cohort, kept.entered as members
      from kept_months join economics_cohorts kept on ${inScope('kept')} and kept.cohort = kept_months.first_day
        and kept.period = kept_months.first_day
      where not kept_months.cut and kept.entered > 0
      union all
      select to_char(${cut.first}::date, 'YYYY-MM'), count(*)::integer
      from economics_member_periods member
      where ${inScope('member')} and member.grain = 'first' and member.period = ${cut.first}::date
        and member.first_at < (${cut.last}::date + 1)::timestamp at time zone ${zone}
      having count(*) > 0
    ),
    moves as (
      select to_char(kept.cohort, 'YYYY-MM') as cohort, kept_months.first_day, kept.joined, kept.mrr_moved
      from kept_months join economics_cohorts kept on ${inScope('kept')} and kept.period = kept_months.first_day
      where not kept_months.cut
      union all
      select to_char(member.first_at at time zone ${zone}, 'YYYY-MM'), ${cut.first}::date,
        count(*) filter (where member.after > 0) - count(*) filter (where member.before > 0),
        sum(member.after - member.before)
      from economics_member_periods member
      where ${inScope('member')} and member.grain = 'day' and member.period between ${cut.first}::date and ${cut.last}::date
      group by 1
    ),
    cells as (
      select sizes.cohort, kept_months.month, coalesce(sum(moves.joined), 0)::integer as members,
        coalesce(sum(moves.mrr_moved), 0) as mrr
      from sizes join kept_months on kept_months.month >= sizes.cohort
        left join moves on moves.cohort = sizes.cohort and moves.first_day <= kept_months.first_day
      group by sizes.cohort, kept_months.month
    )`
}
