import { defineLocale } from '../../i18n/define-locale.ts'

export const dealsLocale = defineLocale({
  en: {
    title: 'Deals',
    createTitle: 'Create deal',
    editTitle: 'Edit deal',
    showTitle: 'Deal',
    hints: { price: "Above zero and not above the plan's initial original price." },
  },
  'zh-cn': {
    title: '限时特价',
    createTitle: '新建限时特价',
    editTitle: '编辑限时特价',
    showTitle: '限时特价详情',
    hints: { price: '须大于零，且不高于套餐的首期原价。' },
  },
})
