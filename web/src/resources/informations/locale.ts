import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const informationsLocale = defineResourceLocale({
  title: ['Information pages', '信息页面'],
  noun: ['information page', '信息页面'],
  fields: { content: ['Content', '正文'] },
  hints: { type: ['One page of each type.', '每种类型只有一个页面。'] },
  values: {
    type: {
      about: ['About us', '关于我们'],
      terms: ['Terms of use', '使用条款'],
      privacy: ['Privacy policy', '隐私政策'],
      refund: ['Refund policy', '退款政策'],
      contact: ['Contact', '联系我们'],
    },
  },
})
