import { ipWhitelistLimits, memberMailKinds, userLimits, userStatuses } from '@vod/contract'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  inet,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { admins } from './auth.ts'
import { campaigns, channels } from './channels.ts'
import {
  digitsEndWith,
  domainStartsWith,
  inAChannel,
  startsWith,
  timestamps,
  undatableIndex,
} from './columns.ts'
import { plans } from './plans.ts'

/**
 * Members (subscribers, spec section 3 "User"), built for a million rows: every list filter and sort has an
 * index, keyword search over username, e-mail and phone (from their start), e-mail domain and the phone's last
 * digits has its indexes. created_at is the sign-up;
 * channel and campaign say where the member came from, for the analytics.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: varchar('username', { length: userLimits.username }).notNull().unique(),
    email: varchar('email', { length: userLimits.email }),
    firstName: varchar('first_name', { length: userLimits.firstName }),
    lastName: varchar('last_name', { length: userLimits.lastName }),
    avatar: varchar('avatar', { length: 500 }),
    banner: varchar('banner', { length: 500 }),
    birthdate: date('birthdate', { mode: 'string' }),
    phone: varchar('phone', { length: userLimits.phone }),
    status: text('status', { enum: userStatuses }).notNull().default('enabled'),
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'restrict' }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'restrict' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'restrict' }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('users_status_check', sql`${t.status} in ('enabled', 'disabled')`),
    check(
      'users_dates_check',
      sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} >= ${t.startDate}`,
    ),
    index('users_username_prefix_index').on(startsWith(t.username)),
    index('users_email_prefix_index').on(startsWith(t.email)),
    index('users_phone_prefix_index').on(startsWith(t.phone)),
    // A domain (`example.org`) and a number typed without its country code (`13800138000`) are found too.
    index('users_email_domain_index').on(domainStartsWith(t.email)),
    index('users_phone_digits_index').on(digitsEndWith(t.phone)),
    // The same a channel at a time: a channel admin's keyword and search read only its channels' members
    // (lib/list/channel-rows.ts); a member of no channel is in no channel admin's scope.
    index('users_channel_username_prefix_index')
      .on(t.channelId, startsWith(t.username))
      .where(inAChannel(t.channelId)),
    index('users_channel_email_prefix_index')
      .on(t.channelId, startsWith(t.email))
      .where(inAChannel(t.channelId)),
    index('users_channel_phone_prefix_index')
      .on(t.channelId, startsWith(t.phone))
      .where(inAChannel(t.channelId)),
    index('users_channel_email_domain_index')
      .on(t.channelId, domainStartsWith(t.email))
      .where(inAChannel(t.channelId)),
    index('users_channel_phone_digits_index')
      .on(t.channelId, digitsEndWith(t.phone))
      .where(inAChannel(t.channelId)),
    index('users_status_id_index').on(t.status, t.id),
    index('users_plan_id_index').on(t.planId, t.id),
    index('users_created_at_index').on(t.createdAt),
    undatableIndex('users', t.createdAt),
    index('users_end_date_index').on(t.endDate),
    index('users_channel_id_index').on(t.channelId),
    index('users_campaign_id_index').on(t.campaignId),
  ],
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

/**
 * Every e-mail sent to a member: through SMTP when configured, otherwise kept here as the outbox a developer
 * reads. The rows also pace the sending (a few per member and kind per hour).
 */
export const memberMails = pgTable(
  'member_mails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: memberMailKinds }).notNull(),
    recipient: varchar('recipient', { length: userLimits.email }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    body: text('body').notNull(),
    /** 'smtp' once handed to the mail server, 'outbox' when no SMTP_URL is set. */
    transport: text('transport', { enum: ['smtp', 'outbox'] }).notNull(),
    /**
     * An SMTP mail not yet taken by the mail server: the body still holds the live link, and the retry loop
     * (modules/users/mail.ts) sends it again; once sent the link is replaced by `[sent]` and this is false.
     * A mail the server refused for good is false too, its link replaced by `[refused]`, which is how the
     * history tells it failed.
     */
    pending: boolean('pending').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    triedAt: timestamp('tried_at', { withTimezone: true }),
    sentBy: integer('sent_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('member_mails_kind_check', sql`${t.kind} in ('email-verification', 'reset-password')`),
    index('member_mails_user_id_kind_created_at_index').on(t.userId, t.kind, t.createdAt),
    index('member_mails_created_at_index').on(t.createdAt),
    index('member_mails_pending_index').on(t.triedAt).where(sql`${t.pending}`),
  ],
)

/** Addresses and ranges allowed past the public site's member checks (docs/resources.md "Members"). */
export const ipWhitelists = pgTable(
  'ip_whitelists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** One address (`203.0.113.7`) or a CIDR range (`10.0.0.0/8`, `2001:db8::/32`), IPv4 or IPv6. */
    address: inet('address').notNull(),
    note: varchar('note', { length: ipWhitelistLimits.note }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('ip_whitelists_address_unique').on(t.address),
    index('ip_whitelists_created_at_index').on(t.createdAt),
  ],
)
