import {
  commentLimits,
  commentReportStatuses,
  commentStatuses,
  cooperationLimits,
  cooperationStatuses,
  supportLimits,
  supportStatuses,
  supportTypes,
} from '@vod/contract'
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { admins } from './auth.ts'
import { oneOf, startsWith, timestamps } from './columns.ts'
import { users } from './members.ts'
import { videos } from './videos.ts'

/**
 * Members' comments under videos (contract/src/resources/comments.ts). They go with their video or member;
 * the ban's who and when are copied, so they still read after that admin is gone.
 */
export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    comment: varchar('comment', { length: commentLimits.comment }).notNull(),
    likesCount: integer('likes_count').notNull().default(0),
    status: text('status', { enum: commentStatuses }).notNull().default('enabled'),
    reportStatus: text('report_status', { enum: commentReportStatuses }).notNull().default('none'),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    bannedBy: varchar('banned_by', { length: 255 }),
    ...timestamps,
  },
  (t) => [
    check('comments_status_check', sql`${t.status} in (${oneOf(commentStatuses)})`),
    check('comments_report_status_check', sql`${t.reportStatus} in (${oneOf(commentReportStatuses)})`),
    index('comments_status_id_index').on(t.status, t.id),
    index('comments_report_status_id_index').on(t.reportStatus, t.id),
    index('comments_user_id_index').on(t.userId, t.id),
    index('comments_video_id_index').on(t.videoId, t.id),
    index('comments_comment_trgm_index').using('gin', t.comment.op('gin_trgm_ops')),
  ],
)

/** Members' reports of a comment: each with its reason; the comment's report_status says where they stand. */
export const commentReports = pgTable(
  'comment_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: varchar('reason', { length: commentLimits.reason }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('comment_reports_comment_id_index').on(t.commentId, t.createdAt)],
)

/** Support tickets (contract/src/resources/supports.ts); `archived_from` is where recover returns one. */
export const supports = pgTable(
  'supports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: supportTypes }).notNull(),
    subject: varchar('subject', { length: supportLimits.subject }).notNull(),
    email: varchar('email', { length: supportLimits.email }).notNull(),
    message: varchar('message', { length: supportLimits.message }).notNull(),
    attachment: varchar('attachment', { length: 500 }),
    status: text('status', { enum: supportStatuses }).notNull().default('open'),
    archivedFrom: text('archived_from', { enum: supportStatuses }),
    ...timestamps,
  },
  (t) => [
    check('supports_status_check', sql`${t.status} in (${oneOf(supportStatuses)})`),
    check('supports_type_check', sql`${t.type} in (${oneOf(supportTypes)})`),
    check(
      'supports_archived_from_check',
      sql`(${t.status} = 'archived') = (${t.archivedFrom} is not null) and ${t.archivedFrom} is distinct from 'archived'`,
    ),
    index('supports_status_id_index').on(t.status, t.id),
    index('supports_user_id_id_index').on(t.userId, t.id),
    index('supports_subject_trgm_index').using('gin', t.subject.op('gin_trgm_ops')),
    index('supports_email_prefix_index').on(startsWith(t.email)),
  ],
)

/**
 * Staff's replies to a ticket (modules/supports/replies.ts), each a mail of the outbox (lib/mail/outbox.ts:
 * `pending`, `attempts`, `tried_at`) to the ticket's address. The sender's name is copied, so a reply
 * still reads once that admin is gone; `refused` marks a mail the server refused for good.
 */
export const supportReplies = pgTable(
  'support_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    supportId: integer('support_id')
      .notNull()
      .references(() => supports.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    recipient: varchar('recipient', { length: supportLimits.email }).notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    adminName: varchar('admin_name', { length: 100 }),
    transport: text('transport', { enum: ['smtp', 'outbox'] }).notNull(),
    pending: boolean('pending').notNull().default(false),
    refused: boolean('refused').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    triedAt: timestamp('tried_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_replies_support_id_id_index').on(t.supportId, t.id),
    index('support_replies_pending_index').on(t.triedAt).where(sql`${t.pending}`),
  ],
)

/** Cooperation requests from the member site's contact form (contract/src/resources/cooperations.ts). */
export const cooperations = pgTable(
  'cooperations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subject: varchar('subject', { length: cooperationLimits.subject }).notNull(),
    name: varchar('name', { length: cooperationLimits.name }).notNull(),
    email: varchar('email', { length: cooperationLimits.email }).notNull(),
    phone: varchar('phone', { length: cooperationLimits.phone }),
    message: varchar('message', { length: cooperationLimits.message }).notNull(),
    attachment: varchar('attachment', { length: 500 }),
    status: text('status', { enum: cooperationStatuses }).notNull().default('open'),
    ...timestamps,
  },
  (t) => [
    check('cooperations_status_check', sql`${t.status} in (${oneOf(cooperationStatuses)})`),
    index('cooperations_status_id_index').on(t.status, t.id),
    index('cooperations_subject_trgm_index').using('gin', t.subject.op('gin_trgm_ops')),
    index('cooperations_name_trgm_index').using('gin', t.name.op('gin_trgm_ops')),
  ],
)
