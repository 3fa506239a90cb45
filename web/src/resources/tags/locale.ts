import { defineLocale } from '../../i18n/define-locale.ts'

export const tagsLocale = defineLocale({
  en: {
    title: 'Tags',
    createTitle: 'Create tag',
    editTitle: 'Edit tag',
    fields: {
      id: 'ID',
      name: 'Name',
      type: 'Type',
      categoryId: 'Category',
      categoryName: 'Category',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
    types: { genre: 'Genre', model: 'Model', studio: 'Studio' },
  },
  'zh-cn': {
    title: '标签',
    createTitle: '新建标签',
    editTitle: '编辑标签',
    fields: {
      id: 'ID',
      name: '名称',
      type: '类型',
      categoryId: '分类',
      categoryName: '分类',
      createdAt: '创建时间',
      updatedAt: '更新时间',
    },
    types: { genre: '题材', model: '模特', studio: '工作室' },
  },
})
