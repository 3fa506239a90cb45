import { defineLocale } from '../../i18n/define-locale.ts'

export const sourcesLocale = defineLocale({
  en: {
    title: 'Sources',
    createTitle: 'Create source',
    editTitle: 'Edit source',
    fields: { genre_id: 'Genre', genre_name: 'Genre' },
  },
  'zh-cn': {
    title: '来源',
    createTitle: '新建来源',
    editTitle: '编辑来源',
    fields: { genre_id: '题材', genre_name: '题材' },
  },
})
