import { LineChartOutlined } from '@ant-design/icons'
import type { AppRoute } from '../../base/route-types.ts'
import { analyticsScreens } from './screens.ts'

type ScreenName = keyof typeof analyticsScreens

/** A screen's route needs the list permission of its figures' resource, as every list screen does. */
const screen = (name: ScreenName, page: AppRoute['page'], hidden = false): AppRoute => ({
  path: `/analytics/daily/${analyticsScreens[name].path}`,
  meta: {
    titleKey: `analytics.titles.${name}`,
    resource: analyticsScreens[name].resource,
    action: 'list',
    ...(hidden ? { hidden } : {}),
  },
  page,
})

/**
 * The analytics screens (spec section 2), each opened by the `list-daily-*` permission its figures are read
 * with (base/permission-match.ts), so the menu offers only screens whose calls the server answers.
 */
export const analyticsRoutes: AppRoute[] = [
  {
    path: '/analytics/daily',
    redirect: '/analytics/daily/revenue',
    meta: { titleKey: 'analytics.title', icon: LineChartOutlined, alwaysShow: true },
    children: [
      screen('revenue', () => import('./RevenuePage.tsx')),
      screen('channel', () => import('./ChannelPage.tsx')),
      screen('campaign', () => import('./CampaignPage.tsx')),
      screen('dailyData', () => import('./DailyDataPage.tsx')),
      screen('subscriberSource', () => import('./SubscriberSourcePage.tsx'), true),
      // In the menu, for whoever may read its figures (list-daily-refund-statistics), as its siblings are.
      screen('refundStatistics', () => import('./RefundStatisticsPage.tsx')),
      {
        // Subscription economics (issue 66), read with the company revenue's permission as the server asks.
        path: '/analytics/daily/subscriptions',
        meta: { titleKey: 'economics.title', resource: 'daily-revenue', action: 'list' },
        page: () => import('../economics/SubscriptionsPage.tsx'),
      },
    ],
  },
  {
    // Any admin's own subscriptions (a report needs its screen's permission, checked by the server).
    path: '/analytics/report-subscriptions',
    meta: { titleKey: 'analytics.subscriptions.title', hidden: true, noCache: true },
    page: () => import('./ReportSubscriptionsPage.tsx'),
  },
]
