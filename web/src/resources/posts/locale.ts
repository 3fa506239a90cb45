import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const postsLocale = defineResourceLocale({
  title: ['Posts', '文章'],
  noun: ['post', '文章'],
  fields: {
    content: ['Content', '正文'],
    description: ['Description', '摘要'],
    is_sticky: ['Pinned', '置顶'],
  },
})
