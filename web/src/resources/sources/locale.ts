import { defineLocale } from '../../i18n/define-locale.ts'

export const sourcesLocale = defineLocale({
  en: {
    title: 'Sources',
    createTitle: 'Create source',
    editTitle: 'Edit source',
    fields: {
      id: 'ID',
      name: 'Name',
      genreId: 'Genre',
      categoryId: 'Tag category',
      genreName: 'Genre',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
  },
  'zh-cn': {
    title: '来源',
    createTitle: '新建来源',
    editTitle: '编辑来源',
    fields: {
      id: 'ID',
      name: '名称',
      genreId: '题材',
      categoryId: '标签分类',
      genreName: '题材',
      createdAt: '创建时间',
      updatedAt: '更新时间',
    },
  },
})
