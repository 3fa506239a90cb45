import { defineLocale } from '../../i18n/define-locale.ts'

export const postsLocale = defineLocale({
  en: {
    title: 'Posts',
    createTitle: 'Create post',
    editTitle: 'Edit post',
    showTitle: 'Post',
    fields: {
      id: 'ID',
      title: 'Title',
      cover: 'Cover',
      content: 'Content',
      description: 'Description',
      status: 'Status',
      publishedAt: 'Published',
      isSticky: 'Pinned',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
    statuses: { draft: 'Draft', published: 'Published' },
  },
  'zh-cn': {
    title: '文章',
    createTitle: '新建文章',
    editTitle: '编辑文章',
    showTitle: '文章详情',
    fields: {
      id: 'ID',
      title: '标题',
      cover: '封面',
      content: '正文',
      description: '摘要',
      status: '状态',
      publishedAt: '发布时间',
      isSticky: '置顶',
      createdAt: '创建时间',
      updatedAt: '更新时间',
    },
    statuses: { draft: '草稿', published: '已发布' },
  },
})
