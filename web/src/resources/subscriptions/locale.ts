import { defineLocale } from '../../i18n/define-locale.ts'

export const subscriptionsLocale = defineLocale({
  en: {
    title: 'Subscriptions',
    keyword: 'Start of the member username',
    fields: { cancelled_at: 'Cancelled' },
  },
  'zh-cn': {
    title: '订阅记录',
    keyword: '会员用户名的开头',
    fields: { cancelled_at: '取消时间' },
  },
})
