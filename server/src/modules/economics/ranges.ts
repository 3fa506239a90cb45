import { addDays, monthOf } from '@vod/contract'

/** A period of business days, both ends included. */
export interface Days {
  first: string
  last: string
}

/** The business months that days start to end touch, each cut to them. */
export function monthsIn(start: string, end: string): Days[] {
  const months: Days[] = []
  for (let first = start; first <= end; ) {
    const next = monthOf(addDays(monthOf(first), 31))
    const last = addDays(next, -1)
    months.push({ first, last: last < end ? last : end })
    first = next
  }
  return months
}

/** A movements row as both ways answer it (movements.ts, kept-movements.ts): a period's, or the range's total. */
export type MovementRow = Record<string, string | number> & { kind: 'row' | 'total' }

/** The rows a call asks of movementRows: its days or months, and the whole range's (kind 'total') unless not. */
export interface RowsAsked {
  start: string
  end: string
  by: 'day' | 'month'
  totals: boolean
}
