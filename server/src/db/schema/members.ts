import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { admins } from './auth.ts'
import { timestamps } from './columns.ts'

export const userStatuses = ['enabled', 'disabled'] as const

/**
 * Members (subscribers). Only what admins' allocated members need so far; the members issue extends it
 * with its own migration.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: varchar('username', { length: 100 }).notNull().unique(),
    email: varchar('email', { length: 255 }),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    status: text('status', { enum: userStatuses }).notNull().default('enabled'),
    ...timestamps,
  },
  (t) => [check('users_status_check', sql`${t.status} in ('enabled', 'disabled')`)],
)

/** Which admin looks after which members ("allocated members" of spec section 3). */
export const adminUsers = pgTable(
  'admin_users',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.adminId, t.userId] }),
    // The key serves "members of an admin"; this one serves "admins of a member" and the cascade.
    index('admin_users_user_id_index').on(t.userId),
    index('admin_users_admin_id_assigned_at_index').on(t.adminId, t.assignedAt),
  ],
)
