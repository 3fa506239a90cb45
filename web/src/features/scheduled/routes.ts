import { FieldTimeOutlined } from '@ant-design/icons'
import { scheduledResources } from '@vod/contract/resources/scheduled-changes'
import type { AppRoute } from '../../base/route-types.ts'

/**
 * The Scheduled screen (issue 67 item 4): in the menu for whoever may edit any resource whose records are
 * scheduled, as the server shows each such admin the changes of those resources.
 */
export const scheduledRoutes: AppRoute[] = [
  {
    path: '/scheduled',
    meta: {
      titleKey: 'scheduled.title',
      icon: FieldTimeOutlined,
      resources: scheduledResources,
      action: 'edit',
    },
    page: () => import('./ScheduledPage.tsx'),
  },
]
