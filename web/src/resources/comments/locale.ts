import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const commentsLocale = defineResourceLocale({
  title: ['Comments', '评论'],
  views: { reports: ['Comment reports', '评论举报'] },
  keyword: ['Words in the comment', '评论中的词语'],
  fields: {
    comment: ['Comment', '评论内容'],
    video_id: ['Video', '视频'],
    video_title: ['Video', '视频'],
    likes_count: ['Likes', '点赞数'],
    report_status: ['Report status', '举报状态'],
    reports_count: ['Reports', '举报次数'],
    report_reason: ['Latest reason', '最近举报原因'],
    reported_at: ['Reported', '举报时间'],
    banned_at: ['Banned', '封禁时间'],
    banned_by: ['Banned by', '封禁人'],
  },
  values: {
    status: { banned: ['Banned', '已封禁'] },
    report_status: {
      none: ['Not reported', '未被举报'],
      pending: ['Pending', '待处理'],
      banned: ['Banned', '已封禁'],
      rejected: ['Rejected', '已驳回'],
    },
  },
  actions: { ban: ['Ban', '封禁'], 'reject-report': ['Reject report', '驳回举报'] },
  confirms: {
    ban: [
      'Ban this comment? It is hidden for good and cannot be enabled again.',
      '确定封禁该评论？封禁后将永久隐藏，且不能再启用。',
    ],
    disable: ['Disable this comment? Members no longer see it.', '确定禁用该评论？会员将看不到它。'],
  },
})
