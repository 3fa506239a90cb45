import { and, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { keywordMatch } from './keyword.ts'
import type { FilterSpec, ListQuery, ListSpec } from './list-spec.ts'
import type { DateValue } from './wire-values.ts'

/**
 * Where a date value starts and the first instant after it. A calendar day is a day of BUSINESS_TIME_ZONE
 * (`vod_business_zone()`, db/sql/business-days.sql, written at each start), as the dashboard, analytics and
 * exports count days: October in Asia/Shanghai is the same orders on a list as in analytics, whatever zone
 * the browser is in. The zone is read once a statement (a stable function), so an index on the column
 * still serves the range.
 */
const inZone = (day: Date) =>
  sql`(${day.toISOString().slice(0, 10)}::date::timestamp at time zone vod_business_zone())`
const startOf = (value: DateValue) => (value.day ? inZone(value.start) : value.start)
const endOf = (value: DateValue) => (value.end && value.day ? inZone(value.end) : value.end)

function equals(spec: FilterSpec, value: unknown): SQL {
  if (spec.where) return spec.where(value as never)
  const column = spec.column as PgColumn
  if (spec.type === 'date') {
    const date = value as DateValue
    const end = endOf(date)
    return and(gte(column, startOf(date)), end ? lt(column, end) : undefined) as SQL
  }
  return eq(column, value)
}

/** The condition a list query puts on the rows: its ids, filters, ranges and keyword, all values bound. */
export function listWhere(
  spec: Pick<ListSpec<Record<string, SQL>>, 'sortable' | 'filters' | 'ranges' | 'keyword'>,
) {
  const filters = spec.filters ?? {}
  const ranges = spec.ranges ?? {}
  return function where(q: ListQuery, extra?: SQL): SQL | undefined {
    const conditions: (SQL | undefined)[] = [extra]
    if (q.ids) conditions.push(inArray(spec.sortable.id, q.ids))
    for (const [name, filter] of Object.entries(filters)) {
      const value = q.filters[name]
      if (value !== undefined) conditions.push(equals(filter, value))
    }
    for (const [name, range] of Object.entries(ranges)) {
      const { from, to } = q.ranges[name] ?? {}
      const column = range.column as PgColumn
      if (range.type === 'date') {
        if (from !== undefined) conditions.push(gte(column, startOf(from as DateValue)))
        if (to !== undefined) {
          const d = to as DateValue
          const end = endOf(d)
          // Up to the date rule's last day: every instant the rule holds, no bound.
          if (!d.day) conditions.push(lte(column, d.start))
          else if (end) conditions.push(lt(column, end))
        }
      } else {
        if (from !== undefined) conditions.push(gte(column, from))
        if (to !== undefined) conditions.push(lte(column, to))
      }
    }
    // A list whose keyword columns are all hidden from the caller (field-access.ts) has them as [].
    if (q.keyword && spec.keyword) {
      const keyword = q.keyword
      const matches = spec.keyword.map((column) => keywordMatch(column, keyword)).filter((m) => m !== null)
      // No column the keyword can match: no row does (an empty OR would leave every row in).
      conditions.push(matches.length ? or(...matches) : sql`false`)
    }
    return and(...conditions)
  }
}
