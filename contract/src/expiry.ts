import { flag, instant, instantInput } from './values.ts'

/**
 * A record the member site shows until a moment (a banner, a block): `expired_at`, after which it no longer
 * shows (null: it never expires). A change scheduled ahead publishes it (null) or takes it down (the moment
 * it runs) through its `PUT` (docs/scheduled-changes.md). Spread into the resource's input, record and list.
 */
export const expiryInput = {
  /** After this instant the record no longer shows on the member site; null: it never expires. */
  expired_at: instantInput.nullable().optional(),
}

export const expiryRecord = {
  expired_at: instant.nullable(),
  /** 1 once `expired_at` has passed (the list marks it). */
  expired: flag,
}

/** The list's sort, filter (`expired=1`: past its moment) and range (`expired_at_from` / `_to`) by it. */
export const expiryList = {
  sortable: ['expired_at'],
  filters: { expired: true },
  ranges: { expired_at: true },
} as const
