import { defineLocale } from '../../i18n/define-locale.ts'

export const cooperationsLocale = defineLocale({
  en: {
    title: 'Cooperation requests',
    showTitle: 'Cooperation request',
    keyword: 'Words in the subject or name',
    fields: { subject: 'Subject', message: 'Message', attachment: 'Attachment' },
    values: { status: { open: 'Open', solved: 'Solved', archived: 'Archived' } },
  },
  'zh-cn': {
    title: '合作申请',
    showTitle: '合作申请详情',
    keyword: '主题或姓名中的词语',
    fields: { subject: '主题', message: '内容', attachment: '附件' },
    values: { status: { open: '待处理', solved: '已解决', archived: '已归档' } },
  },
})
