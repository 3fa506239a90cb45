import { index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { admins } from './auth.ts'

/**
 * Deletes that can still be undone (lib/resource/deletions.ts): the record's row and every row that went
 * with it (its links, its owned children, cascading), captured as JSON in the delete's own transaction, so a
 * closed browser leaves nothing half-deleted. Restoring inserts them back as they were; rows whose window is
 * over are purged.
 */
export const deletedRecords = pgTable(
  'deleted_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** One request's deletes share it (a bulk delete is undone at once). */
    batch: varchar('batch', { length: 64 }).notNull(),
    resource: varchar('resource', { length: 100 }).notNull(),
    recordId: integer('record_id').notNull(),
    label: varchar('label', { length: 255 }).notNull(),
    /** `[{table, rows}]` in the order they are put back (the record first) and `[{table, rows, set}]` nulled. */
    rows: jsonb('rows').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('deleted_records_resource_record_unique').on(t.resource, t.recordId),
    index('deleted_records_admin_id_index').on(t.adminId, t.expiresAt),
    index('deleted_records_expires_at_index').on(t.expiresAt),
  ],
)
