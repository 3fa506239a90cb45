/**
 * A record's changes (an audit entry's, another person's edit) as lines a person reads: `{field: value}` of a create or delete (the record as
 * it was) as `field: value`; `{field: [old, new]}` of anything else (update, enable, assign...) as
 * `field: old → new`. The action decides, since a created record may well hold a two-item list.
 */
export interface ChangeLine {
  field: string
  text: string
}

export function formatValue(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty
  if (Array.isArray(value))
    return value.length ? value.map((item) => formatValue(item, empty)).join(', ') : empty
  if (typeof value === 'object') {
    // A reference to another record (`{id, name}`) reads best by its name.
    const { name, username } = value as { name?: unknown; username?: unknown }
    if (typeof name === 'string' || typeof username === 'string') return String(name ?? username)
    return JSON.stringify(value)
  }
  return String(value)
}

/** Actions whose changes are the record itself rather than old/new pairs. */
const recordActions = new Set(['create', 'delete'])

/** How one recorded value of a field reads (value-text.ts knows statuses, permissions, dates...). */
export type ValueText = (field: string, value: unknown) => string

/** One field's recorded values: `[old, new]` of a change, or the one value of a created or deleted record. */
export interface ChangeValues {
  field: string
  values: unknown[]
}

export function changeValues(changes: Record<string, unknown> | null, action: string): ChangeValues[] {
  if (!changes) return []
  return Object.entries(changes).map(([field, value]) => {
    const pair = !recordActions.has(action) && Array.isArray(value) && value.length === 2
    return { field, values: pair ? value : [value] }
  })
}

/** Between a field's old and new value. */
export const ARROW = ' → '

export function changeLines(
  changes: Record<string, unknown> | null,
  action: string,
  valueText: ValueText,
): ChangeLine[] {
  return changeValues(changes, action).map(({ field, values }) => ({
    field,
    text: values.map((value) => valueText(field, value)).join(ARROW),
  }))
}
