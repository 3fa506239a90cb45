import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const tagCategoriesLocale = defineResourceLocale({
  title: ['Tag categories', '标签分类'],
  noun: ['tag category', '标签分类'],
  fields: { tags_count: ['Tags', '标签数'] },
})
