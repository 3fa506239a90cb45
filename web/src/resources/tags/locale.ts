import { defineLocale } from '../../i18n/define-locale.ts'

export const tagsLocale = defineLocale({
  en: {
    title: 'Tags',
    createTitle: 'Create tag',
    editTitle: 'Edit tag',
    values: { type: { genre: 'Genre', model: 'Model', studio: 'Studio' } },
  },
  'zh-cn': {
    title: '标签',
    createTitle: '新建标签',
    editTitle: '编辑标签',
    values: { type: { genre: '题材', model: '模特', studio: '工作室' } },
  },
})
