import { defineLocale } from '../../i18n/define-locale.ts'

export const questionsLocale = defineLocale({
  en: {
    title: 'FAQ',
    createTitle: 'Create question',
    editTitle: 'Edit question',
    showTitle: 'Question',
    keyword: 'Question or answer',
    fields: { question: 'Question', answer: 'Answer' },
    hints: { sort: 'Lower numbers come first on the FAQ page.' },
  },
  'zh-cn': {
    title: '常见问题',
    createTitle: '新建问题',
    editTitle: '编辑问题',
    showTitle: '问题详情',
    keyword: '问题或回答',
    fields: { question: '问题', answer: '回答' },
    hints: { sort: '数字越小，在常见问题页越靠前。' },
  },
})
