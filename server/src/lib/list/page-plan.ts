import { is } from 'drizzle-orm'
import { getTableConfig, IndexedColumn, PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import type { ListQuery, ListScope, ListSpec } from './list-spec.ts'
import type { OrderTerm } from './source.ts'

/**
 * How a page's statements are planned (page-statements.ts):
 * - `values`: for the values of each request, its ids in a statement of their own. A keyword, a range on
 *   another column than the sort's, a scope, a filter of its own making or one no index gives in the list's
 *   order can need a plan of its own: a plan made for no value in particular would walk a million rows for a
 *   rare word, a short period of another column or a rare status;
 * - `once`: nothing bound sways the plan (no condition), so PostgreSQL keeps one for every request;
 * - `in order`: once as well, and an index gives the matching rows in the list's order whatever the values:
 *   only exact filters on the list's own columns and ranges on the sort's first column, with an index led
 *   by those filters' columns and then by the sort's first column (with no filter, an index or key on that
 *   column). A range of the column the index is read in bounds where its reading starts and stops, for a
 *   day or for a year alike.
 */
export type PagePlan = 'values' | 'once' | 'in order'

/** How a page of `q` is planned, `lead` the first term of its order. */
export function pagePlan(
  spec: Pick<ListSpec<Record<string, never>>, 'table' | 'filters' | 'ranges'>,
  q: ListQuery,
  scope: ListScope | undefined,
  [lead]: readonly OrderTerm[],
): PagePlan {
  if (scope?.where || q.keyword || q.ids) return 'values'
  const sorted = lead && is(lead.expression, PgColumn) ? lead.expression : null
  const ranged = Object.entries(q.ranges).filter(([, r]) => r.from !== undefined || r.to !== undefined)
  if (ranged.some(([name]) => !sorted || spec.ranges?.[name]?.column !== sorted)) return 'values'
  const columns: string[] = []
  for (const [name, value] of Object.entries(q.filters)) {
    if (value === undefined) continue
    const filter = spec.filters?.[name]
    const column = filter?.column
    if (filter?.type === 'date' || !is(column, PgColumn) || column.table !== spec.table) return 'values'
    columns.push(column.name)
  }
  if (sorted?.table === spec.table && hasIndexLedBy(spec.table, columns, sorted.name)) return 'in order'
  return columns.length === 0 && ranged.length === 0 ? 'once' : 'values'
}

/** Whether `table` has a plain btree index on `equal` (in any order), then `next`. */
function hasIndexLedBy(table: PgTable, equal: readonly string[], next: string): boolean {
  const config = getTableConfig(table)
  if (equal.length === 0 && config.columns.some((c) => (c.primary || c.isUnique) && c.name === next))
    return true
  const wanted = new Set(equal)
  return config.indexes.some(({ config: index }) => {
    if ((index.method ?? 'btree') !== 'btree' || index.where) return false
    const names = index.columns.map((c) => (c instanceof IndexedColumn ? c.name : undefined))
    const leading = new Set(names.slice(0, wanted.size))
    return (
      leading.size === wanted.size && [...wanted].every((n) => leading.has(n)) && names[wanted.size] === next
    )
  })
}
