import { defineLocale } from '../../i18n/define-locale.ts'

export const commentsLocale = defineLocale({
  en: {
    title: 'Comments',
    views: { reports: 'Comment reports' },
    keyword: 'Words in the comment',
    fields: {
      comment: 'Comment',
      video_id: 'Video',
      video_title: 'Video',
      likes_count: 'Likes',
      report_status: 'Report status',
      reports_count: 'Reports',
      report_reason: 'Latest reason',
      reported_at: 'Reported',
      banned_at: 'Banned',
      banned_by: 'Banned by',
    },
    values: {
      status: { banned: 'Banned' },
      report_status: { none: 'Not reported', pending: 'Pending', banned: 'Banned', rejected: 'Rejected' },
    },
    actions: { ban: 'Ban', 'reject-report': 'Reject report' },
    confirms: {
      ban: 'Ban this comment? It is hidden for good and cannot be enabled again.',
      disable: 'Disable this comment? Members no longer see it.',
    },
  },
  'zh-cn': {
    title: '评论',
    views: { reports: '评论举报' },
    keyword: '评论中的词语',
    fields: {
      comment: '评论内容',
      video_id: '视频',
      video_title: '视频',
      likes_count: '点赞数',
      report_status: '举报状态',
      reports_count: '举报次数',
      report_reason: '最近举报原因',
      reported_at: '举报时间',
      banned_at: '封禁时间',
      banned_by: '封禁人',
    },
    values: {
      status: { banned: '已封禁' },
      report_status: { none: '未被举报', pending: '待处理', banned: '已封禁', rejected: '已驳回' },
    },
    actions: { ban: '封禁', 'reject-report': '驳回举报' },
    confirms: {
      ban: '确定封禁该评论？封禁后将永久隐藏，且不能再启用。',
      disable: '确定禁用该评论？会员将看不到它。',
    },
  },
})
