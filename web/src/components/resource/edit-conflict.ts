import type { RecordValues } from '../../api/resource-client.ts'

/** Fields every write moves, which are nobody's change of the record. */
const bookkeeping = new Set(['id', 'version', 'created_at', 'updated_at'])

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * What another person changed in a record since the version a form was made from: `{field: [old, new]}`
 * as the trail writes it (components/changes reads it), or null when nothing of the record's own moved.
 */
export function theirChanges(
  base: RecordValues,
  now: RecordValues,
): Record<string, [unknown, unknown]> | null {
  const changes: Record<string, [unknown, unknown]> = {}
  for (const [field, value] of Object.entries(now))
    if (!bookkeeping.has(field) && !same(base[field], value)) changes[field] = [base[field] ?? null, value]
  return Object.keys(changes).length > 0 ? changes : null
}

/**
 * The form's values with another person's change applied on top: each field of the form that moved between
 * the two versions (as the form holds them) takes its new value; every other field keeps what was typed.
 */
export function theirsOnTop(
  typed: RecordValues,
  base: RecordValues,
  now: RecordValues,
  fields: readonly string[],
): RecordValues {
  const result = { ...typed }
  for (const field of fields) if (!same(base[field], now[field])) result[field] = now[field]
  return result
}
