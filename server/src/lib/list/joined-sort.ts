import { and, eq, is, isNull, type SQL, sql } from 'drizzle-orm'
import { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import {
  foreignKeyTo,
  type JoinSpec,
  type OrderTerm,
  readBy,
  type Source,
  selectFrom,
  sortedBy,
} from './source.ts'

/** A sortable column of a joined table (an order's plan name), with the list table's reference to that row. */
export interface JoinedSort {
  join: JoinSpec
  column: PgColumn
  /** The list table's column naming the joined row, and the joined table's column it names. */
  reference: PgColumn
  referenced: PgColumn
}

/**
 * The sortable fields that are columns of a joined table the list's table refers to by a foreign key of its
 * own. Anything else (an expression, a column of a link table referring back) sorts as usual.
 */
export function joinedSorts(
  source: Source,
  sortable: Record<string, PgColumn | SQL>,
): Map<string, JoinedSort> {
  const found = new Map<string, JoinedSort>()
  for (const [field, column] of Object.entries(sortable)) {
    if (!is(column, PgColumn) || column.table === source.table) continue
    const join = source.joins?.find((j) => j.table === column.table)
    const fk = join && foreignKeyTo(source.table, join.table)
    if (join && fk) found.set(field, { join, column, ...fk })
  }
  return found
}

/**
 * The ids of one page of a list whose order starts with a joined table's column, found without sorting
 * every matching row: for each row of the joined table, the first `offset + size` matching rows that refer
 * to it in the order of the remaining terms (a LATERAL subquery on the `(reference, …)` index), then those
 * few merged in the column's order. A row's place in the whole order is among the first `offset + size` of
 * its own group, so the page is exact. Rows referring to nothing (a left join) form one more group, where
 * PostgreSQL puts nulls: last ascending, first descending.
 */
export function joinedPageIds(
  db: Db,
  source: Source & { id: PgColumn },
  sort: JoinedSort,
  lead: { desc: boolean },
  rest: readonly OrderTerm[],
  where: SQL | undefined,
  page: { size: number; offset: number },
): SQL {
  const key = sql`${sort.join.table} as ${sql.identifier('sort_key')}`
  const keyColumn = (column: PgColumn) => sql`${sql.identifier('sort_key')}.${sql.identifier(column.name)}`
  const fields = Object.fromEntries([
    ['id', sql`${source.id}`.as('id')],
    ...rest.map((term, i) => [`s${i}`, sql`${term.expression}`.as(`s${i}`)]),
  ])
  const from = readBy(source, [where, ...rest.map((term) => term.expression)])
  const firstOfGroup = (group: SQL) =>
    selectFrom(db, from, fields)
      .where(and(group, where))
      .orderBy(...sortedBy(rest))
      .limit(page.offset + page.size)
  const keyed = sql`select ${keyColumn(sort.column)} as lead, picked.* from ${key} cross join lateral ${firstOfGroup(
    eq(sort.reference, keyColumn(sort.referenced)),
  )} as picked`
  const groups = sort.join.inner
    ? keyed
    : sql`${keyed} union all select null, unkeyed.* from ${firstOfGroup(isNull(sort.reference))} as unkeyed`
  const order = sql.join(
    [
      sql`lead ${sql.raw(lead.desc ? 'desc' : 'asc')}`,
      ...rest.map((term, i) => sql`${sql.identifier(`s${i}`)} ${sql.raw(term.desc ? 'desc' : 'asc')}`),
    ],
    sql`, `,
  )
  return sql`select id from (${groups}) as grouped order by ${order} limit ${page.size} offset ${page.offset}`
}
