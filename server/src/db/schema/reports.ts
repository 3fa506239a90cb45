import { reportFrequencies, reportLanguages, subscribedReports } from '@vod/contract'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core'
import { admins } from './auth.ts'
import { channels } from './channels.ts'

const listed = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/**
 * An admin's subscription to a report by e-mail (docs/analytics.md "Reports by e-mail"): which report, a
 * channel or every channel the admin sees, daily or weekly on a weekday, at an hour of BUSINESS_TIME_ZONE.
 */
export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    report: text('report', { enum: subscribedReports }).notNull(),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: reportFrequencies }).notNull(),
    /** ISO weekday, 1 (Monday) to 7, of a weekly report; null for a daily one. */
    weekday: smallint('weekday'),
    hour: smallint('hour').notNull(),
    language: text('language', { enum: reportLanguages }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('report_subscriptions_report_check', sql`${t.report} in (${listed(subscribedReports)})`),
    check('report_subscriptions_frequency_check', sql`${t.frequency} in (${listed(reportFrequencies)})`),
    check('report_subscriptions_language_check', sql`${t.language} in (${listed(reportLanguages)})`),
    check('report_subscriptions_hour_check', sql`${t.hour} between 0 and 23`),
    check(
      'report_subscriptions_weekday_check',
      sql`case when ${t.frequency} = 'weekly' then ${t.weekday} between 1 and 7 else ${t.weekday} is null end`,
    ),
    index('report_subscriptions_admin_id_index').on(t.adminId),
    index('report_subscriptions_channel_id_index').on(t.channelId),
  ],
)

/**
 * One report of a subscription for one period, made and mailed once: the row is the claim (its key is the
 * subscription and the period), so of several server processes only the one that inserts it makes and sends
 * the report; a process that dies after the insert leaves it pending, and the mail outbox's retry pass of any
 * process takes it over. `pending`, `attempts` and `tried_at` are the outbox's, as member_mails has them.
 */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => reportSubscriptions.id, { onDelete: 'cascade' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** queued until the mail server takes it (sent) or refuses it (failed); outbox without SMTP_URL; withheld when the subscriber may no longer read it. */
    state: text('state', { enum: ['queued', 'sent', 'failed', 'outbox', 'withheld'] })
      .notNull()
      .default('queued'),
    /** Null until the report is made (a process killed between its claim and the making leaves it so). */
    recipient: varchar('recipient', { length: 255 }),
    subject: varchar('subject', { length: 300 }),
    body: text('body'),
    /** The CSV attached, as its screen's export writes it; null when none goes with it. */
    attachment: text('attachment'),
    attachmentName: varchar('attachment_name', { length: 100 }),
    pending: boolean('pending').notNull().default(true),
    attempts: integer('attempts').notNull().default(1),
    triedAt: timestamp('tried_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('report_deliveries_subscription_id_period_start_unique').on(t.subscriptionId, t.periodStart),
    check(
      'report_deliveries_state_check',
      sql`${t.state} in ('queued', 'sent', 'failed', 'outbox', 'withheld')`,
    ),
    index('report_deliveries_pending_index').on(t.triedAt).where(sql`${t.pending}`),
  ],
)
