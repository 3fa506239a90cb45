import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const postsLocale = defineResourceLocale({
  title: ['Posts', '文章'],
  noun: ['post', '文章'],
  fields: {
    content: ['Content', '正文'],
    description: ['Description', '摘要'],
    is_sticky: ['Pinned', '置顶'],
  },
  confirms: {
    publish: ['Publish this post? It becomes visible on the site.', '发布此文章？发布后将在网站上可见。'],
    unpublish: [
      'Take this post down? It goes back to a draft, no longer on the site.',
      '下架此文章？它将退回草稿，不再在网站上显示。',
    ],
  },
})
