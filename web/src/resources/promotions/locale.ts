import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const promotionsLocale = defineResourceLocale({
  title: ['Promotions', '优惠码'],
  noun: ['promotion', '优惠码'],
  fields: {
    code: ['Code', '优惠码'],
    times: ['Times', '可用次数'],
    plans: ['Plans', '适用套餐'],
    plan_ids: ['Plans', '适用套餐'],
  },
  hints: { times: ['How many times the code may be redeemed in all.', '该优惠码总共可使用的次数。'] },
})
