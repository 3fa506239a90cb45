import { type Comment, commentsContract } from '@vod/contract'
import { eq, ne, sql } from 'drizzle-orm'
import { commentReports, comments, users, videos } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { qualified } from '../../lib/resource/relations.ts'

const ofComment = sql`${qualified(commentReports.commentId)} = ${qualified(comments.id)}`
/** The newest report's column: what the queue shows of why it was reported. */
const lastReport = (column: typeof commentReports.reason | typeof commentReports.createdAt) =>
  sql`(select ${qualified(column)} from ${commentReports} where ${ofComment} order by ${qualified(commentReports.createdAt)} desc, ${qualified(commentReports.id)} desc limit 1)`

/**
 * Comments (spec sections 3 and 7, docs/resources.md "Comments, support tickets and cooperation requests"):
 * listed, enabled, disabled and deleted; `GET /comments/reports` lists those members reported, which are
 * banned (hidden for good, the admin and time kept) or whose report is rejected.
 */
export const commentsModule = defineResource<Comment>({
  contract: commentsContract,
  table: comments,
  joins: [
    { table: users, on: eq(users.id, comments.userId), inner: true },
    { table: videos, on: eq(videos.id, comments.videoId), inner: true },
  ],
  present: {
    username: users.username,
    video_title: videos.title,
    reports_count: sql<number>`(select count(*) from ${commentReports} where ${ofComment})::integer`,
    report_reason: lastReport(commentReports.reason),
    reported_at: lastReport(commentReports.createdAt),
  },
  list: { keyword: [comments.comment] },
  views: { reports: ne(comments.reportStatus, 'none') },
  actions: {
    ban: {
      summary: 'Ban a reported comment',
      description:
        'Settles a pending report: the comment is hidden for good (status banned), who and when kept.',
      async run({ tx, id, request }) {
        await tx
          .update(comments)
          .set({ status: 'banned', bannedAt: sql`now()`, bannedBy: request.admin?.username ?? null })
          .where(eq(comments.id, id))
      },
    },
    'reject-report': {
      summary: 'Reject the reports of a comment',
      description: 'The comment stays as it is.',
    },
  },
})
