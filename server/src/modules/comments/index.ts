import { type Comment, commentsContract } from '@vod/contract'
import { eq, ne, sql } from 'drizzle-orm'
import { commentReports, comments, users, videos } from '../../db/schema/index.ts'
import { LateralJoin } from '../../lib/list/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { qualified } from '../../lib/resource/relations.ts'

/** How often the comment was reported, and the newest report's reason and time, from one reading. */
const newestFirst = sql`order by ${qualified(commentReports.createdAt)} desc,
  ${qualified(commentReports.id)} desc`
const reports = new LateralJoin(
  'reports',
  {
    reports_count: sql`count(*)::integer`,
    report_reason: sql`(array_agg(${qualified(commentReports.reason)} ${newestFirst}))[1]`,
    reported_at: sql`(array_agg(${qualified(commentReports.createdAt)} ${newestFirst}))[1]`,
  },
  sql`from ${commentReports} where ${qualified(commentReports.commentId)} = ${qualified(comments.id)}`,
)

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
    ...reports.fields,
  },
  lateral: [reports],
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
