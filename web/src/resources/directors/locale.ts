import { defineLocale } from '../../i18n/define-locale.ts'

export const directorsLocale = defineLocale({
  en: {
    title: 'Directors',
    createTitle: 'Create director',
    editTitle: 'Edit director',
    showTitle: 'Director',
  },
  'zh-cn': { title: '导演', createTitle: '新建导演', editTitle: '编辑导演', showTitle: '导演详情' },
})
