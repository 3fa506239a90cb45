import { defineLocale } from '../../i18n/define-locale.ts'

export const seosLocale = defineLocale({
  en: {
    title: 'SEO',
    createTitle: 'Create SEO entry',
    editTitle: 'Edit SEO entry',
    fields: {
      id: 'ID',
      title: 'Title',
      description: 'Description',
      page: 'Page',
      tagId: 'Tag',
      tagName: 'Tag',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
    pageHelp: 'The public page these texts are for, such as /videos.',
  },
  'zh-cn': {
    title: 'SEO',
    createTitle: '新建 SEO 条目',
    editTitle: '编辑 SEO 条目',
    fields: {
      id: 'ID',
      title: '标题',
      description: '描述',
      page: '页面',
      tagId: '标签',
      tagName: '标签',
      createdAt: '创建时间',
      updatedAt: '更新时间',
    },
    pageHelp: '这些文字所属的公开页面，例如 /videos。',
  },
})
