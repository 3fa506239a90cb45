import { and, is, type SQL, sql } from 'drizzle-orm'
import { PgColumn } from 'drizzle-orm/pg-core'
import { keywordStart, startsWith } from './keyword.ts'
import type { ListQuery, ListScope, ListSpec } from './list-spec.ts'
import { type OrderTerm, readBy, writtenNumber } from './source.ts'

/** Where a keyword's page is read among its matches: what the statement needs of the request. */
export interface KeywordPage {
  keyword: string
  terms: readonly OrderTerm[]
  size: number
  offset: number
  /** The list's count cap: more matches than this go the way planned for the keyword's value. */
  cap: number
}

/**
 * Whether a page is read among its keyword's matches first (keywordFirst): a keyword alone (no filter,
 * range, scope or ids) on a list whose joins never decide which rows it has, every column it searches one
 * of the list's own read from its index as a range (the prefix, domain and phone kinds), and a sort on the
 * list's own columns. Anything else is planned for its values (page-plan.ts).
 */
export function readsKeywordFirst(
  spec: Pick<ListSpec<Record<string, never>>, 'table' | 'joins' | 'keyword'>,
  q: ListQuery,
  scope: ListScope | undefined,
  terms: readonly OrderTerm[],
): boolean {
  const own = (expression: unknown) => is(expression, PgColumn) && expression.table === spec.table
  return (
    Boolean(q.keyword) &&
    !q.ids &&
    !scope?.where &&
    readBy(spec, []).joins?.length === 0 &&
    Object.values(q.filters).every((value) => value === undefined) &&
    Object.values(q.ranges).every((range) => range.from === undefined && range.to === undefined) &&
    (spec.keyword ?? []).every((column) => !is(column, PgColumn) && own(Object.values(column)[0])) &&
    terms.every((term) => own(term.expression))
  )
}

/**
 * A keyword's page and exact total in one statement planned once, or null when the keyword can match no
 * column's kind. The matches are read from each column's index as a range in that index's order, one
 * column after another, a column's reading leaving out the rows an earlier one found (so no row comes
 * twice and nothing is hashed to tell), carrying the list's sort columns, and no more than `cap + 1` in
 * all; the page is those sorted and paged, the total their number, and a total past `cap` says that the
 * keyword is common and was not read whole. The keyword reaches the ranges through a subquery, which the
 * planner cannot fold into its estimates, so a plan made for no keyword in particular costs what one made
 * for this keyword does, and PostgreSQL keeps it: planning the members' keyword for its value cost 0.26 ms
 * where running it took 0.06.
 */
export function keywordFirst(
  spec: Pick<ListSpec<Record<string, never>>, 'table' | 'keyword' | 'sortable'>,
  { keyword, terms, size, offset, cap }: KeywordPage,
): SQL | null {
  const starts = (spec.keyword ?? []).flatMap((column) => keywordStart(column, keyword) ?? [])
  if (starts.length === 0) return null
  const ranges = starts.map(({ value, start }) => startsWith(value, sql`(select ${start}::text)`))
  const limit = writtenNumber(cap + 1)
  const sorted = terms.map((_, i) => sql.identifier(`s${i}`))
  const carried = sql.join(
    terms.map((term, i) => sql`${term.expression} as ${sorted[i]}`),
    sql`, `,
  )
  const reads = starts.map(({ value }, i) => {
    const unread = ranges.slice(0, i).map((earlier) => sql`(${earlier}) is not true`)
    return sql`(select ${spec.sortable.id} as "id", ${carried} from ${spec.table} where ${and(ranges[i], ...unread)} order by ${value} using ~<~ limit ${limit})`
  })
  const order = sql.join(
    terms.map((term, i) => sql`${sorted[i]} ${sql.raw(term.desc ? 'desc' : 'asc')}`),
    sql`, `,
  )
  // Led by `select`, as the statements a connection keeps prepared are (db/client.ts).
  return sql`select * from (with "hits" as materialized (select * from (${sql.join(reads, sql` union all `)}) as "matches" limit ${limit})
    select array(select "id" from "hits" order by ${order} limit ${writtenNumber(size)} offset ${writtenNumber(offset)}) as "page",
      (select count(*)::integer from "hits") as "total") as "among"`
}
