import { defineLocale } from '../../i18n/define-locale.ts'

export const subscriptionsLocale = defineLocale({
  en: {
    title: 'Subscriptions',
    keyword: "Start of member's username",
    fields: {
      id: 'ID',
      userId: 'Member',
      username: 'Member',
      planId: 'Plan',
      planName: 'Plan',
      channelId: 'Channel',
      channelName: 'Channel',
      status: 'Status',
      startedAt: 'Started',
      endedAt: 'Ended',
      cancelledAt: 'Cancelled',
    },
    statuses: { active: 'Active', cancelled: 'Cancelled', expired: 'Expired' },
  },
  'zh-cn': {
    title: '订阅记录',
    keyword: '会员用户名的开头',
    fields: {
      id: 'ID',
      userId: '会员',
      username: '会员',
      planId: '套餐',
      planName: '套餐',
      channelId: '渠道',
      channelName: '渠道',
      status: '状态',
      startedAt: '开始时间',
      endedAt: '结束时间',
      cancelledAt: '取消时间',
    },
    statuses: { active: '生效中', cancelled: '已取消', expired: '已过期' },
  },
})
