import { defineLocale } from '../../i18n/define-locale.ts'

export const supportsLocale = defineLocale({
  en: {
    title: 'Support tickets',
    showTitle: 'Support ticket',
    keyword: 'Words in the subject, start of e-mail',
    fields: {
      subject: 'Subject',
      message: 'Message',
      attachment: 'Attachment',
      archived_from: 'Archived from',
    },
    values: {
      status: { open: 'Open', solved: 'Solved', archived: 'Archived' },
      archived_from: { open: 'Open', solved: 'Solved', archived: 'Archived' },
      type: {
        account: 'Account',
        billing: 'Billing',
        technical: 'Technical',
        content: 'Content',
        other: 'Other',
      },
    },
  },
  'zh-cn': {
    title: '客服工单',
    showTitle: '工单详情',
    keyword: '主题中的词语、邮箱开头',
    fields: { subject: '主题', message: '内容', attachment: '附件', archived_from: '归档前状态' },
    values: {
      status: { open: '待处理', solved: '已解决', archived: '已归档' },
      archived_from: { open: '待处理', solved: '已解决', archived: '已归档' },
      type: { account: '账号', billing: '付款', technical: '技术', content: '内容', other: '其他' },
    },
  },
})
