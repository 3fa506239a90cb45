import { campaignStatisticFigures } from '@vod/contract/resources/report-subscriptions'
import type { AnalyticsScreen } from './AnalyticsPage.tsx'
import { moneyFigures } from './figures.ts'

/** The analytics screens of spec section 2 (/analytics/daily/*), each the figures it shows and from where. */
export const analyticsScreens = {
  revenue: {
    name: 'revenue',
    path: 'revenue',
    resource: 'daily-revenue',
    series: '/analytics/revenue/companyDataDaily',
    figures: [...moneyFigures, 'orders'],
    export: '/analytics/revenue/exportCsv',
    report: 'daily-revenue',
    restatements: true,
  },
  channel: {
    name: 'channel',
    path: 'channel',
    resource: 'daily-channel',
    series: '/analytics/channel/records',
    figures: [...moneyFigures, 'visits', 'visitors', 'signups', 'new_subscriptions'],
    split: {
      path: '/analytics/channel/subscriptionReferrals',
      by: 'campaign',
      figures: [...moneyFigures, 'visits', 'visitors', 'signups', 'new_subscriptions'],
    },
    export: '/analytics/channel/exportCsv',
    channelPicker: true,
    report: 'daily-channel',
  },
  campaign: {
    name: 'campaign',
    path: 'campaign',
    resource: 'daily-campaign',
    report: 'daily-campaign',
    figures: [],
    split: {
      path: '/analytics/campaign/statistic',
      by: 'campaign',
      figures: campaignStatisticFigures,
      chart: true,
    },
  },
  dailyData: {
    name: 'dailyData',
    path: 'daily-data',
    resource: 'daily-data',
    series: '/analytics/data/daily',
    figures: [
      ...moneyFigures,
      'visits',
      'visitors',
      'signups',
      'new_subscriptions',
      'cancellations',
      'orders',
    ],
  },
  subscriberSource: {
    name: 'subscriberSource',
    path: 'subscriber-source',
    resource: 'daily-subscriber-source',
    figures: [],
    split: {
      path: '/analytics/subscriber-source',
      by: 'channel',
      figures: ['visitors', 'signups', 'conversion', 'new_subscriptions', 'cancellations', 'gross'],
    },
  },
  refundStatistics: {
    name: 'refundStatistics',
    path: 'refund-statistics',
    resource: 'daily-refund-statistics',
    series: '/analytics/refund-statistics',
    report: 'daily-refund-statistics',
    figures: [...moneyFigures, 'refund_count', 'chargeback_count'],
  },
} satisfies Record<string, AnalyticsScreen>
