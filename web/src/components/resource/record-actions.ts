import type { ActionTable } from '@vod/contract/actions'
import { toCamel } from '../../api/case.ts'

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
    .filter(
      ([action, { from, field = 'status' }]) => from.includes(String(values[toCamel(field)])) && may(action),
    )
    .map(([action]) => action)
}
