import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const seosLocale = defineResourceLocale({
  title: ['SEO', 'SEO'],
  noun: ['SEO entry', 'SEO 条目'],
  fields: { page: ['Page', '页面'], tag_name: ['Tag', '标签'] },
  hints: {
    page: ['The public page these texts are for, such as /videos.', '这些文字所属的公开页面，例如 /videos。'],
  },
})
