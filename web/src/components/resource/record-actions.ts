import type { ActionTable } from '@vod/contract/actions'

/**
 * The actions of a transition table (contract, `defineActions`) that one record is offered: those whose
 * `from` holds the record's state (its `field`, `status` unless said) and whose permission the admin has.
 */
export function offeredActions(
  table: ActionTable,
  record: object,
  may: (action: string) => boolean,
): string[] {
  const values = record as Record<string, unknown>
  return Object.entries(table)
    .filter(([action, { from, field = 'status' }]) => from.includes(String(values[field])) && may(action))
    .map(([action]) => action)
}

/**
 * Whether an action's button is drawn as a danger (red, like delete): only one that leads to a state shown
 * red (disabled, banned); a return to a remembered state never is. Publishing asks first too, but it is no loss, so it is not red.
 */
export function isDangerous(table: ActionTable, action: string, colors: Record<string, string>): boolean {
  const to = table[action]?.to
  return typeof to === 'string' && colors[to] === 'red'
}
