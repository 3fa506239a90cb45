import { defineLocale } from '../../i18n/define-locale.ts'

export const postsLocale = defineLocale({
  en: {
    title: 'Posts',
    createTitle: 'Create post',
    editTitle: 'Edit post',
    showTitle: 'Post',
    fields: { content: 'Content', description: 'Description', is_sticky: 'Pinned' },
  },
  'zh-cn': {
    title: '文章',
    createTitle: '新建文章',
    editTitle: '编辑文章',
    showTitle: '文章详情',
    fields: { content: '正文', description: '摘要', is_sticky: '置顶' },
  },
})
