import { timestamp } from 'drizzle-orm/pg-core'

/** created_at / updated_at as every resource table has them; updated_at moves on each drizzle update. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
}
