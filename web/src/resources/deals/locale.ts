import { defineLocale } from '../../i18n/define-locale.ts'

export const dealsLocale = defineLocale({
  en: {
    title: 'Deals',
    createTitle: 'Create deal',
    editTitle: 'Edit deal',
    showTitle: 'Deal',
    fields: {
      id: 'ID',
      name: 'Name',
      planId: 'Plan',
      planName: 'Plan',
      price: 'Price',
      startedAt: 'Starts',
      endedAt: 'Ends',
      status: 'Status',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
    statuses: { enabled: 'Enabled', disabled: 'Disabled' },
    priceHint: "Above zero and not above the plan's initial original price.",
  },
  'zh-cn': {
    title: '限时特价',
    createTitle: '新建特价',
    editTitle: '编辑特价',
    showTitle: '特价详情',
    fields: {
      id: 'ID',
      name: '名称',
      planId: '套餐',
      planName: '套餐',
      price: '价格',
      startedAt: '开始时间',
      endedAt: '结束时间',
      status: '状态',
      createdAt: '创建时间',
      updatedAt: '更新时间',
    },
    statuses: { enabled: '启用', disabled: '停用' },
    priceHint: '须大于零，且不高于套餐的首期原价。',
  },
})
