import { figureHint, figureLabels } from '@vod/contract/figures'
import { defineLocale } from '../../i18n/define-locale.ts'

export const analyticsLocale = defineLocale({
  en: {
    title: 'Analytics',
    titles: {
      revenue: 'Daily revenue',
      channel: 'Daily channel statistics',
      campaign: 'Daily campaign statistics',
      dailyData: 'Daily company data',
      subscriberSource: 'Subscriber sources',
      refundStatistics: 'Refund statistics',
    },
    presets: {
      today: 'Today',
      yesterday: 'Yesterday',
      last3: 'Last 3 days',
      last7: 'Last 7 days',
      last30: 'Last 30 days',
      thisMonth: 'This month',
    },
    /** The figures' names, from the figure registry (contract/src/figures.ts, docs/figures.md). */
    figures: figureLabels('en'),
    by: { channel: 'Channel', campaign: 'Campaign' },
    none: '(none)',
    date: 'Date',
    range: 'Period',
    channel: 'Channel',
    allChannels: 'All channels',
    export: 'Export CSV',
    zone: 'Days in {{zone}}',
    change: {
      previousPeriod: '{{change}} against the period before ({{value}})',
      previousPeriodNone: 'The period before: {{value}}, so no percentage',
      yesterday: '{{change}} against yesterday at this time ({{value}})',
      yesterdayNone: 'Yesterday at this time: {{value}}, so no percentage',
    },
    axes: { money: 'Money', counts: 'Counts' },
    summary: 'The period',
    netHint: figureHint('net', 'en'),
    visitorsNote:
      'Visitors count each visitor once over the day or period shown; past 1,024 they are estimated, typically within 0.8% (within 2% 99 times in 100).',
  },
  'zh-cn': {
    title: '数据分析',
    titles: {
      revenue: '每日收入',
      channel: '每日渠道统计',
      campaign: '每日活动统计',
      dailyData: '每日公司数据',
      subscriberSource: '订阅来源',
      refundStatistics: '退款统计',
    },
    presets: {
      today: '今天',
      yesterday: '昨天',
      last3: '最近 3 天',
      last7: '最近 7 天',
      last30: '最近 30 天',
      thisMonth: '本月',
    },
    figures: figureLabels('zh-cn'),
    by: { channel: '渠道', campaign: '活动' },
    none: '（无）',
    date: '日期',
    range: '时间段',
    channel: '渠道',
    allChannels: '全部渠道',
    export: '导出 CSV',
    zone: '按 {{zone}} 时区计日',
    change: {
      previousPeriod: '较上期 {{change}}（上期 {{value}}）',
      previousPeriodNone: '上期为 {{value}}，无百分比',
      yesterday: '较昨日同期 {{change}}（昨日同期 {{value}}）',
      yesterdayNone: '昨日同期为 {{value}}，无百分比',
    },
    axes: { money: '金额', counts: '数量' },
    summary: '本期汇总',
    netHint: figureHint('net', 'zh-cn'),
    visitorsNote:
      '访客数在所示的日期或时间段内每位访客只计一次；超过 1,024 人时为估算值，误差通常在 0.8% 以内（百次中 99 次在 2% 以内）。',
  },
})
