import { defineLocale } from '../../i18n/define-locale.ts'

export const tagCategoriesLocale = defineLocale({
  en: {
    title: 'Tag categories',
    createTitle: 'Create tag category',
    editTitle: 'Edit tag category',
    fields: {
      id: 'ID',
      name: 'Name',
      sort: 'Order',
      tagsCount: 'Tags',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
  },
  'zh-cn': {
    title: '标签分类',
    createTitle: '新建标签分类',
    editTitle: '编辑标签分类',
    fields: {
      id: 'ID',
      name: '名称',
      sort: '排序',
      tagsCount: '标签数',
      createdAt: '创建时间',
      updatedAt: '更新时间',
    },
  },
})
