import { and, or, type SQL, sql } from 'drizzle-orm'
import type { OrderTerm } from './source.ts'

/**
 * "Strictly after this row" in the list's order (NULLs last ascending, first descending, as PostgreSQL
 * sorts), so an export reads batch after batch without OFFSET rescans. Values are the sort keys as text,
 * which the database reads back in the column's own type, keeping microseconds a JS Date would lose.
 */
export function after(terms: readonly OrderTerm[], last: (string | null)[]): SQL | undefined {
  const branches = terms.map(({ expression: e, desc }, i) => {
    const equal = terms
      .slice(0, i)
      .map((t, j) => (last[j] === null ? sql`${t.expression} is null` : sql`${t.expression} = ${last[j]}`))
    const v = last[i]
    const beyond = desc
      ? v === null
        ? sql`${e} is not null`
        : sql`${e} < ${v}`
      : v === null
        ? undefined
        : sql`(${e} > ${v} or ${e} is null)`
    return beyond && and(...equal, beyond)
  })
  return or(...branches.filter(Boolean))
}
