import { getTableColumns } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'

/**
 * The value codecs of the way in: the wire carries API.md's shapes (flags 1/0, ISO instants, "19.99",
 * `YYYY-MM-DD`; see contract/src/values.ts), columns take booleans and Dates. The way out is written by
 * PostgreSQL (lib/list/wire-json.ts, vod_wire). Fields are named as their columns are in SQL.
 */
/** One wire value as its column stores it: a flag 1/0 into a boolean column, an ISO instant into a timestamp. */
export function columnValue(column: PgColumn | undefined, value: unknown): unknown {
  if (column?.dataType === 'boolean' && (value === 0 || value === 1)) return value === 1
  if (column?.dataType === 'date' && typeof value === 'string') return new Date(value)
  return value
}

/** A table's columns by their SQL names, which the wire speaks, with the keys drizzle writes them by. */
export type ColumnsByName = ReadonlyMap<string, { key: string; column: PgColumn }>
const byName = new WeakMap<PgTable, ColumnsByName>()
export function columnsByName(table: PgTable): ColumnsByName {
  let known = byName.get(table)
  if (!known) {
    known = new Map(
      Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, { key, column }]),
    )
    byName.set(table, known)
  }
  return known
}

/** Validated body fields as the values drizzle writes; keys the body left out stay out (partial updates). */
export function wireToRow(body: Record<string, unknown>, columns: ColumnsByName): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(body)) {
    const found = columns.get(field)
    if (value !== undefined && found) out[found.key] = columnValue(found.column, value)
  }
  return out
}
