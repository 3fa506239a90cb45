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
  actions: { reply: ['Reply', '回复'] },
  conversation: {
    title: ['Conversation', '往来记录'],
    replyTo: ['Reply to {{email}} (sent by e-mail)', '回复 {{email}}（以邮件发送）'],
    send: ['Send reply', '发送回复'],
    sendSolve: ['Send and solve', '发送并标记已解决'],
    sent: ['Reply queued for the mail server.', '回复已排队等待邮件服务器发送。'],
    sentSolved: ['Reply queued, ticket solved.', '回复已排队发送，工单已解决。'],
    formerAdmin: ['A former admin', '已删除的管理员'],
    states: {
      sent: ['Sent', '已发送'],
      queued: ['Queued', '排队中'],
      failed: ['Not delivered', '未送达'],
      outbox: ['In the outbox (no mail server)', '在发件箱中（未配置邮件服务器）'],
    },
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
