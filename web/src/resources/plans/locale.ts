import { defineLocale } from '../../i18n/define-locale.ts'

export const plansLocale = defineLocale({
  en: {
    title: 'Plans',
    createTitle: 'Create plan',
    editTitle: 'Edit plan',
    showTitle: 'Plan',
    fields: {
      initial_period_count: 'Initial period count',
      initial_period_unit: 'Initial period unit',
      initial_original_price: 'Initial original price',
      initial_discount_price: 'Initial discount price',
      recurring_period_count: 'Recurring period count',
      recurring_period_unit: 'Recurring period unit',
      recurring_original_price: 'Recurring original price',
      recurring_discount_price: 'Recurring discount price',
      downloadable: 'Downloadable',
      show: 'Show',
      is_best: 'Best',
      segpay_id: 'Segpay ID',
      ccbill_id: 'CCBill ID',
      epoch_id: 'Epoch ID',
      verotel_id: 'Verotel ID',
    },
    values: {
      initial_period_unit: { day: 'Day', week: 'Week', month: 'Month', year: 'Year' },
      recurring_period_unit: { day: 'Day', week: 'Week', month: 'Month', year: 'Year' },
    },
    periods: {
      day: '{{count}} day(s)',
      week: '{{count}} week(s)',
      month: '{{count}} month(s)',
      year: '{{count}} year(s)',
    },
    hints: {
      recurring_period_count:
        'Leave the renewal empty for a one-off plan; otherwise fill its count, unit and original price.',
    },
  },
  'zh-cn': {
    title: '套餐',
    createTitle: '新建套餐',
    editTitle: '编辑套餐',
    showTitle: '套餐详情',
    fields: {
      initial_period_count: '首期周期数',
      initial_period_unit: '首期周期单位',
      initial_original_price: '首期原价',
      initial_discount_price: '首期优惠价',
      recurring_period_count: '续订周期数',
      recurring_period_unit: '续订周期单位',
      recurring_original_price: '续订原价',
      recurring_discount_price: '续订优惠价',
      downloadable: '可下载',
      show: '显示',
      is_best: '推荐',
      segpay_id: 'Segpay ID',
      ccbill_id: 'CCBill ID',
      epoch_id: 'Epoch ID',
      verotel_id: 'Verotel ID',
    },
    values: {
      initial_period_unit: { day: '天', week: '周', month: '月', year: '年' },
      recurring_period_unit: { day: '天', week: '周', month: '月', year: '年' },
    },
    periods: {
      day: '{{count}} 天',
      week: '{{count}} 周',
      month: '{{count}} 个月',
      year: '{{count}} 年',
    },
    hints: {
      recurring_period_count: '一次性套餐请留空续订；否则请填写续订的周期数、周期单位和原价。',
    },
  },
})
