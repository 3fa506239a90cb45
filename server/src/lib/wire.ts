import type { PgColumn } from 'drizzle-orm/pg-core'

/**
 * The value codecs of the way in: the wire carries API.md's shapes (flags 1/0, ISO instants, "19.99",
 * `YYYY-MM-DD`; see contract/src/values.ts), columns take booleans and Dates. The way out is written by
 * PostgreSQL (lib/list/wire-json.ts, vod_wire). Keys are camelCase in rows and snake_case on the wire.
 */
export const toSnake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
// Wire keys are few and fixed: each is worked out once.
const camelKeys = new Map<string, string>()
export function toCamel(key: string): string {
  let camel = camelKeys.get(key)
  if (camel === undefined) {
    camel = key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
    if (camelKeys.size < 10_000) camelKeys.set(key, camel)
  }
  return camel
}

/** One wire value as its column stores it: a flag 1/0 into a boolean column, an ISO instant into a timestamp. */
export function columnValue(column: PgColumn | undefined, value: unknown): unknown {
  if (column?.dataType === 'boolean' && (value === 0 || value === 1)) return value === 1
  if (column?.dataType === 'date' && typeof value === 'string') return new Date(value)
  return value
}

/**
 * Validated body fields as column values, for the columns given (keyed by their table's camelCase names);
 * keys the body left out stay out (partial updates).
 */
export function wireToRow(
  body: Record<string, unknown>,
  columns: Record<string, PgColumn>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body)) {
    const name = toCamel(key)
    if (value !== undefined && name in columns) out[name] = columnValue(columns[name], value)
  }
  return out
}
