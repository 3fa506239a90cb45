import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const subscriptionsLocale = defineResourceLocale({
  title: ['Subscriptions', '订阅记录'],
  keyword: ['Start of the member username', '会员用户名的开头'],
  fields: { cancelled_at: ['Cancelled', '取消时间'] },
})
