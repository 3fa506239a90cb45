import { type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/**
 * The server's part of a record shown until a moment (contract/src/expiry.ts: a banner, a block): `expired`,
 * 1 once its `expired_at` has passed, presented on each record, and the list's `expired` filter by it.
 * Spread `present` into the resource's present and `filters` into its list's filters.
 */
export function expiryOf(expiredAt: PgColumn) {
  const expired: SQL = sql`(${expiredAt} is not null and ${expiredAt} <= now())`
  return {
    present: { expired },
    filters: { expired: { where: (value: boolean) => (value ? expired : sql`not ${expired}`) } },
  }
}
