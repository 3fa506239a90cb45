import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const cooperationsLocale = defineResourceLocale({
  title: ['Cooperation requests', '合作申请'],
  noun: ['cooperation request', '合作申请'],
  keyword: ['Words in the subject or name', '主题或姓名中的词语'],
  fields: { subject: ['Subject', '主题'], message: ['Message', '内容'], attachment: ['Attachment', '附件'] },
  values: {
    status: { open: ['Open', '待处理'], solved: ['Solved', '已解决'], archived: ['Archived', '已归档'] },
  },
})
