import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const plansLocale = defineResourceLocale({
  title: ['Plans', '套餐'],
  noun: ['plan', '套餐'],
  fields: {
    initial_period_count: ['Initial period count', '首期周期数'],
    initial_period_unit: ['Initial period unit', '首期周期单位'],
    initial_original_price: ['Initial original price', '首期原价'],
    initial_discount_price: ['Initial discount price', '首期优惠价'],
    recurring_period_count: ['Recurring period count', '续订周期数'],
    recurring_period_unit: ['Recurring period unit', '续订周期单位'],
    recurring_original_price: ['Recurring original price', '续订原价'],
    recurring_discount_price: ['Recurring discount price', '续订优惠价'],
    downloadable: ['Downloadable', '可下载'],
    show: ['Show', '显示'],
    is_best: ['Best', '推荐'],
    segpay_id: ['Segpay ID', 'Segpay ID'],
    ccbill_id: ['CCBill ID', 'CCBill ID'],
    epoch_id: ['Epoch ID', 'Epoch ID'],
    verotel_id: ['Verotel ID', 'Verotel ID'],
  },
  values: {
    initial_period_unit: {
      day: ['Day', '天'],
      week: ['Week', '周'],
      month: ['Month', '月'],
      year: ['Year', '年'],
    },
    recurring_period_unit: {
      day: ['Day', '天'],
      week: ['Week', '周'],
      month: ['Month', '月'],
      year: ['Year', '年'],
    },
  },
  periods: {
    day: ['{{count}} day(s)', '{{count}} 天'],
    week: ['{{count}} week(s)', '{{count}} 周'],
    month: ['{{count}} month(s)', '{{count}} 个月'],
    year: ['{{count}} year(s)', '{{count}} 年'],
  },
  hints: {
    recurring_period_count: [
      'Leave the renewal empty for a one-off plan; otherwise fill its count, unit and original price.',
      '一次性套餐请留空续订；否则请填写续订的周期数、周期单位和原价。',
    ],
  },
})
