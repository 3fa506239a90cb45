import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const supportsLocale = defineResourceLocale({
  title: ['Support tickets', '客服工单'],
  noun: ['support ticket', '工单'],
  keyword: ['Words in the subject, start of e-mail', '主题中的词语、邮箱开头'],
  fields: {
    subject: ['Subject', '主题'],
    message: ['Message', '内容'],
    attachment: ['Attachment', '附件'],
    archived_from: ['Archived from', '归档前状态'],
  },
  values: {
    status: { open: ['Open', '待处理'], solved: ['Solved', '已解决'], archived: ['Archived', '已归档'] },
    archived_from: {
      open: ['Open', '待处理'],
      solved: ['Solved', '已解决'],
      archived: ['Archived', '已归档'],
    },
    type: {
      account: ['Account', '账号'],
      billing: ['Billing', '付款'],
      technical: ['Technical', '技术'],
      content: ['Content', '内容'],
      other: ['Other', '其他'],
    },
  },
})
