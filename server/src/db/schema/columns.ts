import { sql } from 'drizzle-orm'
import { type PgColumn, timestamp } from 'drizzle-orm/pg-core'

/** created_at / updated_at as every resource table has them; updated_at moves on each drizzle update. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
}

/**
 * What an index needs to find a column's values by their start whatever their letter case: the keyword's
 * `{ prefix: column }` (lib/list), `lower(column) like lower('ab%')`, reads it as a range. The pattern
 * operator class compares bytes, so the range holds under any collation.
 */
export const startsWith = (column: PgColumn) => sql`lower(${column}) text_pattern_ops`
