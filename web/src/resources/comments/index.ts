import { AlertOutlined, CommentOutlined } from '@ant-design/icons'
import { commentsContract } from '@vod/contract/resources/comments'
import { defineResource } from '../../components/resource/define-resource.ts'
import { communityGroup } from '../groups.ts'
import { commentsLocale } from './locale.ts'

const columns = [
  'id',
  'username',
  'video_title',
  'comment',
  'likes_count',
  'status',
  'report_status',
  'created_at',
] as const

/** Comments: /comments (spec section 2), enabled, disabled and deleted, many at a time. */
export const comments = defineResource({
  contract: commentsContract,
  group: communityGroup,
  base: '/comments',
  icon: CommentOutlined,
  locale: commentsLocale,
  screens: { list: true },
  list: {
    columns,
    // Below 1200 px the comment, who wrote it under which video and where it stands keep the room.
    wide: ['id', 'likes_count', 'created_at'],
    filters: ['status', 'report_status', 'user_id', 'video_id', 'created_at'],
    confirm: ['disable', 'ban'],
  },
})

/** The comments members reported: /comments/reports, where a report is settled by ban or reject. */
export const commentReports = defineResource({
  contract: commentsContract,
  view: 'reports',
  group: communityGroup,
  base: '/comments/reports',
  icon: AlertOutlined,
  locale: commentsLocale,
  screens: { list: true },
  list: {
    columns: [
      ...columns.slice(0, 4),
      'reports_count',
      'report_reason',
      'reported_at',
      'status',
      'report_status',
    ],
    // Below 1200 px the comment, its reports and where it stands keep the room.
    wide: ['id', 'username', 'reported_at'],
    filters: ['report_status', 'status', 'video_id'],
    confirm: ['ban', 'disable'],
  },
})
