import { planFieldLabels } from '@vod/contract/resources/plans'
import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const plansLocale = defineResourceLocale({
  title: ['Plans', '套餐'],
  noun: ['plan', '套餐'],
  // The contract's, which its CSV's header also reads.
  fields: planFieldLabels,
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
