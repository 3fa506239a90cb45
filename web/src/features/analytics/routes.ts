import { LineChartOutlined } from '@ant-design/icons'
import type { AppRoute } from '../../app/route-types.ts'
import { analyticsScreens } from './screens.ts'

type ScreenName = keyof typeof analyticsScreens

/** A screen's route needs the list permission of its figures' resource, as every list screen does. */
const screen = (path: string, name: ScreenName, page: AppRoute['page'], hidden = false): AppRoute => ({
  path: `/analytics/daily/${path}`,
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
 * with (app/permission-match.ts), so the menu offers only screens whose calls the server answers.
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
      // In the menu, for whoever may read its figures (list-daily-refund-statistics), as its siblings are.
      screen('refund-statistics', 'refundStatistics', () => import('./RefundStatisticsPage.tsx')),
    ],
  },
]
