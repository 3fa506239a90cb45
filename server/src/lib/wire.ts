/** Database rows use camelCase keys and Dates; the wire uses snake_case keys and ISO 8601 text (API.md). */
export const toSnake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
export const toCamel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

function wireValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value
}

/** A row as the wire shows it; only the keys the record schema names leave the server. */
export function rowToWire(
  row: Record<string, unknown>,
  wireKeys: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of wireKeys) out[key] = wireValue(row[toCamel(key)])
  return out
}

/** A validated body as column values; keys the body left out stay out (partial updates). */
export function wireToRow(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body)) if (value !== undefined) out[toCamel(key)] = value
  return out
}
