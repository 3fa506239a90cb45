import { is } from 'drizzle-orm'
import { getTableConfig, IndexedColumn, PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import type { ListQuery, ListScope, ListSpec } from './list-spec.ts'
import type { OrderTerm } from './source.ts'

/**
 * Whether one plan reads a page of `q` well for every value it binds, so its statement may keep the plan
 * PostgreSQL made for no value in particular: no condition at all, or only exact filters on the list's own
 * columns with an index led by those columns and then by the sort's first column. Such an index gives any
 * filter value's rows in the list's order, so no value needs a plan of its own. A keyword, a range, a scope,
 * a filter of its own making or one without such an index can need one: a plan made for no value would walk
 * a million rows for a rare word, a short period or a rare status.
 */
export function onePlanServes(
  spec: Pick<ListSpec<Record<string, never>>, 'table' | 'filters'>,
  q: ListQuery,
  scope: ListScope | undefined,
  [lead]: readonly OrderTerm[],
): boolean {
  if (scope?.where || q.keyword || q.ids || Object.values(q.ranges).some((r) => r.from ?? r.to)) return false
  const columns: string[] = []
  for (const [name, value] of Object.entries(q.filters)) {
    if (value === undefined) continue
    const filter = spec.filters?.[name]
    const column = filter?.column
    if (filter?.type === 'date' || !is(column, PgColumn) || column.table !== spec.table) return false
    columns.push(column.name)
  }
  if (columns.length === 0) return true
  const sorted = lead && is(lead.expression, PgColumn) ? lead.expression : null
  return sorted !== null && sorted.table === spec.table && hasIndexLedBy(spec.table, columns, sorted.name)
}

/** Whether `table` has a plain btree index on `equal` (in any order), then `next`. */
function hasIndexLedBy(table: PgTable, equal: readonly string[], next: string): boolean {
  const wanted = new Set(equal)
  return getTableConfig(table).indexes.some(({ config }) => {
    if ((config.method ?? 'btree') !== 'btree' || config.where) return false
    const names = config.columns.map((c) => (c instanceof IndexedColumn ? c.name : undefined))
    const leading = new Set(names.slice(0, wanted.size))
    return (
      leading.size === wanted.size && [...wanted].every((n) => leading.has(n)) && names[wanted.size] === next
    )
  })
}
