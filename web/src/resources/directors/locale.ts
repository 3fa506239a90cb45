import { defineLocale } from '../../i18n/define-locale.ts'

export const directorsLocale = defineLocale({
  en: {
    title: 'Directors',
    createTitle: 'Create director',
    editTitle: 'Edit director',
    showTitle: 'Director',
    fields: { id: 'ID', name: 'Name', createdAt: 'Created', updatedAt: 'Updated' },
  },
  'zh-cn': {
    title: '导演',
    createTitle: '新建导演',
    editTitle: '编辑导演',
    showTitle: '导演详情',
    fields: { id: 'ID', name: '名称', createdAt: '创建时间', updatedAt: '更新时间' },
  },
})
