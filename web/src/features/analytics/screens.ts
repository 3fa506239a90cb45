import type { AnalyticsScreen } from './AnalyticsPage.tsx'

/** The analytics screens of spec section 2 (/analytics/daily/*), each the figures it shows and from where. */
export const analyticsScreens = {
  revenue: {
    name: 'revenue',
    resource: 'daily-revenue',
    series: '/analytics/revenue/companyDataDaily',
    figures: ['gross', 'refunds', 'chargebacks', 'net', 'orders'],
    export: '/analytics/revenue/exportCsv',
  },
  channel: {
    name: 'channel',
    resource: 'daily-channel',
    series: '/analytics/channel/records',
    figures: ['visits', 'visitors', 'signups', 'new_subscriptions', 'gross', 'refunds', 'net'],
    split: {
      path: '/analytics/channel/subscriptionReferrals',
      by: 'campaign',
      figures: ['visits', 'visitors', 'signups', 'new_subscriptions', 'gross', 'refunds', 'net'],
    },
    export: '/analytics/channel/exportCsv',
    channelPicker: true,
  },
  campaign: {
    name: 'campaign',
    resource: 'daily-campaign',
    figures: [],
    split: {
      path: '/analytics/campaign/statistic',
      by: 'campaign',
      figures: ['visits', 'visitors', 'signups', 'conversion', 'new_subscriptions', 'orders', 'gross', 'net'],
    },
  },
  dailyData: {
    name: 'dailyData',
    resource: 'daily-data',
    series: '/analytics/data/daily',
    figures: [
      'visits',
      'visitors',
      'signups',
      'new_subscriptions',
      'cancellations',
      'orders',
      'gross',
      'net',
    ],
  },
  subscriberSource: {
    name: 'subscriberSource',
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
    resource: 'daily-refund-statistics',
    series: '/analytics/refund-statistics',
    figures: ['refund_count', 'refunds', 'chargeback_count', 'chargebacks'],
  },
} satisfies Record<string, AnalyticsScreen>
