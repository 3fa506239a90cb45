import type { FieldRules } from '@vod/contract'
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'

export const adminStatuses = ['enabled', 'disabled'] as const
export type AdminStatus = (typeof adminStatuses)[number]

export const admins = pgTable(
  'admins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: varchar('username', { length: 64 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    name: varchar('name', { length: 100 }).notNull().default(''),
    phone: varchar('phone', { length: 32 }),
    email: varchar('email', { length: 255 }),
    avatar: text('avatar'),
    introduction: text('introduction'),
    status: text('status', { enum: adminStatuses }).notNull().default('enabled'),
    /** The bound authenticator's TOTP secret, encrypted (auth/two-factor.ts); null while none is bound. */
    twoFactorSecret: text('two_factor_secret'),
    /** A secret handed out for binding, encrypted; it replaces twoFactorSecret once a code from it is verified. */
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    /** The TOTP time step of the last code accepted: a code whose step is not later is a replay. */
    twoFactorLastStep: integer('two_factor_last_step'),
    ...timestamps,
  },
  (t) => [
    check('admins_status_check', sql`${t.status} in ('enabled', 'disabled')`),
    // "Admin" and "admin" are one name: unique regardless of case.
    uniqueIndex('admins_username_lower_unique').on(sql`lower(${t.username})`),
  ],
)

export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  /** resource -> field -> write | read | masked | none (contract/src/field-rules.ts); `{}` grants every field. */
  fieldRules: jsonb('field_rules').$type<FieldRules>().notNull().default({}),
  ...timestamps,
})

export const permissions = pgTable('permissions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  group: varchar('group', { length: 100 }).notNull(),
})

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.permissionId] }),
    // The primary key serves lookups by role; this one serves "which roles hold a permission".
    index('role_permissions_permission_id_index').on(t.permissionId),
  ],
)

export const adminRoles = pgTable(
  'admin_roles',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.roleId] }), index('admin_roles_role_id_index').on(t.roleId)],
)

/** One row per login: the token carries its id, so revoking the row ends the token at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
  },
  (t) => [index('sessions_admin_id_index').on(t.adminId)],
)

/**
 * One-use tickets for navigated downloads (exports): a browser navigating to a file sends no Authorization
 * header, so it names a ticket instead (auth/download-tickets.ts). Only a hash of each ticket is kept; a
 * ticket dies with its session.
 */
export const downloadTickets = pgTable(
  'download_tickets',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    path: varchar('path', { length: 500 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('download_tickets_session_id_index').on(t.sessionId),
    index('download_tickets_expires_at_index').on(t.expiresAt),
  ],
)

/**
 * Login attempts per key (`login:`, `code:`, `ip:<address>`, `user:<name>`; see auth/throttle) in a fixed
 * window, shared by every process on the database; the Redis store replaces this table when REDIS_URL is set.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: varchar('key', { length: 320 }).primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // Old windows are pruned by expiry.
  (t) => [index('login_attempts_expires_at_index').on(t.expiresAt)],
)
