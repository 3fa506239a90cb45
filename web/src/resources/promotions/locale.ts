import { defineLocale } from '../../i18n/define-locale.ts'

export const promotionsLocale = defineLocale({
  en: {
    title: 'Promotions',
    createTitle: 'Create promotion',
    editTitle: 'Edit promotion',
    showTitle: 'Promotion',
    fields: { code: 'Code', times: 'Times', plans: 'Plans', plan_ids: 'Plans' },
    hints: { times: 'How many times the code may be redeemed in all.' },
  },
  'zh-cn': {
    title: '优惠码',
    createTitle: '新建优惠码',
    editTitle: '编辑优惠码',
    showTitle: '优惠码详情',
    fields: { code: '优惠码', times: '可用次数', plans: '适用套餐', plan_ids: '适用套餐' },
    hints: { times: '该优惠码总共可使用的次数。' },
  },
})
