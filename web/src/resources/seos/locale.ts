import { defineLocale } from '../../i18n/define-locale.ts'

export const seosLocale = defineLocale({
  en: {
    title: 'SEO',
    createTitle: 'Create SEO entry',
    editTitle: 'Edit SEO entry',
    fields: { page: 'Page', tag_name: 'Tag' },
    hints: { page: 'The public page these texts are for, such as /videos.' },
  },
  'zh-cn': {
    title: 'SEO',
    createTitle: '新建 SEO 条目',
    editTitle: '编辑 SEO 条目',
    fields: { page: '页面', tag_name: '标签' },
    hints: { page: '这些文字所属的公开页面，例如 /videos。' },
  },
})
