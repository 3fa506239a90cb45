import type { FieldRule } from '@vod/contract/field-rules'
import { RESTORE_VALUES_ACTION } from '@vod/contract/versions'

/** What the trail writes instead of a secret (server/src/lib/audit.ts): no value to restore. */
const SECRET_MARK = '[changed]'

/** A history entry as far as restoring from it goes. */
export interface RestorableEntry {
  resource: string
  action: string
  changes: Record<string, unknown> | null
}

export interface RestoreScope {
  /** The record's resource: another's entries shown in its history (a plan's deals) restore on their own pages. */
  resource: string
  /** The fields an edit takes (the contract's update body). */
  editable: readonly string[]
  /** The resource's own actions, whose entries are `{field: [old, new]}` of the record like an edit's. */
  actions: readonly string[]
  /** The caller's field rules of the resource: only fields it may write are restored. */
  rules?: Readonly<Record<string, FieldRule>>
}

/**
 * The values "restore these values" sends for an entry: the value each field had before the entry, for each
 * field the entry changed that an edit takes and the caller may write (so never one it may not read, and
 * never a masked or hidden value, which a field it may write never shows). Null when there is none: a create
 * or delete, another record's entry, an owned child's (`update-campaigns`), or only fields it may not touch.
 * The server checks the same (server/src/lib/resource/restored-from.ts).
 */
export function restorableValues(
  entry: RestorableEntry,
  scope: RestoreScope,
): Record<string, unknown> | null {
  const restorable = new Set(['update', RESTORE_VALUES_ACTION, ...scope.actions])
  if (entry.resource !== scope.resource || !restorable.has(entry.action) || !entry.changes) return null
  const editable = new Set(scope.editable)
  const values: Record<string, unknown> = {}
  for (const [field, pair] of Object.entries(entry.changes)) {
    if (!editable.has(field) || (scope.rules?.[field] ?? 'write') !== 'write') continue
    if (!Array.isArray(pair) || pair.length !== 2 || pair[0] === SECRET_MARK) continue
    values[field] = pair[0]
  }
  return Object.keys(values).length > 0 ? values : null
}
