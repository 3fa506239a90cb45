import { defineLocale } from '../../i18n/define-locale.ts'

export const tagCategoriesLocale = defineLocale({
  en: {
    title: 'Tag categories',
    createTitle: 'Create tag category',
    editTitle: 'Edit tag category',
    fields: { tags_count: 'Tags' },
  },
  'zh-cn': {
    title: '标签分类',
    createTitle: '新建标签分类',
    editTitle: '编辑标签分类',
    fields: { tags_count: '标签数' },
  },
})
