import { LineChartOutlined } from '@ant-design/icons'
import type { AppRoute } from '../../app/route-types.ts'

const screen = (path: string, titleKey: string, page: AppRoute['page'], hidden = false): AppRoute => ({
  path: `/analytics/daily/${path}`,
  meta: { titleKey: `analytics.titles.${titleKey}`, ...(hidden ? { hidden } : {}) },
  page,
})

/**
 * The analytics screens (spec section 2): their paths hold `daily`, so any permission with `daily` in its
 * name opens them (spec section 6, app/permission-match.ts); each call is checked by the server.
 */
export const analyticsRoutes: AppRoute[] = [
  {
    path: '/analytics/daily',
    redirect: '/analytics/daily/revenue',
    meta: { titleKey: 'analytics.title', icon: LineChartOutlined, alwaysShow: true },
    children: [
      screen('revenue', 'revenue', () => import('./RevenuePage.tsx')),
      screen('channel', 'channel', () => import('./ChannelPage.tsx')),
      screen('campaign', 'campaign', () => import('./CampaignPage.tsx')),
      screen('daily-data', 'dailyData', () => import('./DailyDataPage.tsx')),
      screen('subscriber-source', 'subscriberSource', () => import('./SubscriberSourcePage.tsx'), true),
      screen('refund-statistics', 'refundStatistics', () => import('./RefundStatisticsPage.tsx'), true),
    ],
  },
]
