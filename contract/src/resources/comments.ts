import { z } from 'zod'
import { defineActions } from '../actions.ts'
import { defineContract } from '../resource.ts'
import { instant, recordId, reference, tally } from '../values.ts'

/**
 * Members' comments under videos (spec section 3), written on the member site and moderated here: enabled
 * or disabled by staff, banned from a member's report (hidden for good, who and when kept). A comment's
 * report status says where its reports stand: none, pending, banned or rejected.
 */
export const commentStatuses = ['enabled', 'disabled', 'banned'] as const
export const commentReportStatuses = ['none', 'pending', 'banned', 'rejected'] as const

export const commentLimits = { comment: 2000, reason: 500 } as const

/**
 * enable / disable move the comment's own status; ban and reject-report settle a pending report. A banned
 * comment is hidden for good: it is neither enabled nor disabled again (409).
 */
const commentActions = defineActions({
  enable: { from: ['disabled'], to: 'enabled' },
  disable: { from: ['enabled'], to: 'disabled' },
  ban: { field: 'report_status', from: ['pending'], to: 'banned' },
  'reject-report': { field: 'report_status', from: ['pending'], to: 'rejected' },
})

const commentRecord = z
  .object({
    id: recordId,
    user_id: reference('users', { shown_as: 'username' }),
    username: z.string(),
    video_id: reference('videos', { shown_as: 'video_title' }),
    video_title: z.string(),
    comment: z.string().max(commentLimits.comment),
    likes_count: tally,
    status: z.enum(commentStatuses),
    report_status: z.enum(commentReportStatuses),
    reports_count: tally,
    report_reason: z.string().nullable(),
    reported_at: instant.nullable(),
    banned_at: instant.nullable(),
    banned_by: z.string().nullable(),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Comment' })
export type Comment = z.infer<typeof commentRecord>

/** `GET /comments` and its view `GET /comments/reports` (the comments members reported). */
export const commentsContract = defineContract({
  path: 'comments',
  record: commentRecord,
  label: 'comment',
  operations: ['list', 'show', 'delete'],
  views: ['reports'],
  list: {
    sortable: ['id', 'likes_count', 'reports_count', 'status', 'report_status', 'reported_at', 'created_at'],
    defaultSort: '-id',
    filters: { status: true, report_status: true, user_id: true, video_id: true },
    ranges: { created_at: true },
    keyword: true,
  },
  actions: commentActions,
})
