import { defineLocale } from '../../i18n/define-locale.ts'

export const informationsLocale = defineLocale({
  en: {
    title: 'Information pages',
    createTitle: 'Create information page',
    editTitle: 'Edit information page',
    fields: { content: 'Content' },
    hints: { type: 'One page of each type.' },
    values: {
      type: {
        about: 'About us',
        terms: 'Terms of use',
        privacy: 'Privacy policy',
        refund: 'Refund policy',
        contact: 'Contact',
      },
    },
  },
  'zh-cn': {
    title: '信息页面',
    createTitle: '新建信息页面',
    editTitle: '编辑信息页面',
    fields: { content: '正文' },
    hints: { type: '每种类型只有一个页面。' },
    values: {
      type: {
        about: '关于我们',
        terms: '使用条款',
        privacy: '隐私政策',
        refund: '退款政策',
        contact: '联系我们',
      },
    },
  },
})
