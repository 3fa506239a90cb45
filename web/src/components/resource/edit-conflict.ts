import type { RecordValues } from '../../api/resource-client.ts'

/** Fields every write moves, which are nobody's change of the record. */
const bookkeeping = new Set(['id', 'version', 'created_at', 'updated_at'])

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * What another person changed in a record since the version a form was made from: `{field: [old, new]}`
 * as the trail writes it (components/changes reads it), or null when nothing of the record's own moved.
 * Given the form's `fields` (and both versions as the form holds them), only those, in the form's order: one
 * line a field as the form names it, what applying theirs brings, where the record's own fields may show one
 * change twice (a video's `tags` and `tag_ids`, both "Tags", for its genre picker).
 */
export function theirChanges(
  base: RecordValues,
  now: RecordValues,
  fields: readonly string[] = Object.keys(now),
): Record<string, [unknown, unknown]> | null {
  const changes: Record<string, [unknown, unknown]> = {}
  for (const field of fields) {
    const value = now[field]
    if (!bookkeeping.has(field) && !same(base[field], value))
      changes[field] = [base[field] ?? null, value ?? null]
  }
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
