import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core'
import { admins } from './auth.ts'

/**
 * The audit trail: one row per write, action, login and failed login, and per admin, route and minute of
 * refused (403) requests. The admin's username is copied, so a row still says who acted after that admin
 * is deleted.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    adminUsername: varchar('admin_username', { length: 255 }),
    resource: varchar('resource', { length: 100 }).notNull(),
    recordId: integer('record_id'),
    action: varchar('action', { length: 100 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The list sorts by id (newest first) within each filter; (filter, id) lets one index do both.
  (t) => [
    index('audit_logs_admin_id_id_index').on(t.adminId, t.id),
    index('audit_logs_resource_id_index').on(t.resource, t.id),
    index('audit_logs_action_id_index').on(t.action, t.id),
    // A record's history (lib/resource/history.ts): its entries, newest first, however large the resource's.
    index('audit_logs_record_id_index').on(t.resource, t.recordId, t.id),
    index('audit_logs_created_at_index').on(t.createdAt),
    // A refusal looks for the same admin's refusal of the last minute (lib/audit.ts auditRefusal).
    index('audit_logs_forbidden_index').on(t.adminId, t.createdAt).where(sql`${t.action} = 'forbidden'`),
  ],
)
