import type { QueryClient } from '@tanstack/react-query'
import { prefetchScreen } from '../features/analytics/queries.ts'
import { analyticsRoutes } from '../features/analytics/routes.ts'
import { analyticsScreens } from '../features/analytics/screens.ts'
import { periodOfView, viewFromSearch } from '../features/analytics/view.ts'
import { liveQuery, periodPaths, periodQuery } from '../features/dashboard/queries.ts'
import { usePermissions } from '../stores/permission.ts'
import { hasPermission } from './permission-match.ts'
import { queryClient } from './query-client.ts'
import type { AppRoute } from './route-types.ts'

const isDashboard = (pathname: string) => pathname === '/' || pathname === '/dashboard'

/** The analytics screen at a path (features/analytics/routes.ts), with its figures (screens.ts). */
function analyticsAt(pathname: string) {
  const route = analyticsRoutes
    .flatMap((parent): AppRoute[] => parent.children ?? [])
    .find((child) => child.path === pathname)
  const screen = Object.values(analyticsScreens).find((one) => one.resource === route?.meta?.resource)
  return route && screen ? { route, screen } : undefined
}

/**
 * Starts loading the code of the screen at `pathname` (the dashboard, the analytics screens), before the
 * shell's route table has arrived to say where it is; the router's own import of it then finds it loading.
 */
export function loadRouteCode(pathname: string): void {
  if (isDashboard(pathname)) void import('../features/dashboard/DashboardPage.tsx')
  else void analyticsAt(pathname)?.route.page?.()
}

const may = (name: string) => hasPermission(usePermissions.getState().names, name)

async function prefetchDashboard(client: QueryClient) {
  // As the screen does: the live panels first, the last 30 days once those were answered.
  await client.prefetchQuery(liveQuery)
  if (client.getQueryState(liveQuery.queryKey)?.status !== 'success') return
  for (const path of periodPaths) void client.prefetchQuery(periodQuery(path))
}

/**
 * Asks for what the screen at `pathname` reads first, under the keys the screen reads (the dashboard, the
 * analytics screens), when the session's permissions let it read them; other screens ask for themselves.
 * Answers the screen's queries would still find fresh are not asked again.
 */
export function prefetchRouteQueries(pathname: string, search: string, client = queryClient): void {
  if (isDashboard(pathname)) {
    if (may('view-dashboard')) void prefetchDashboard(client)
    return
  }
  const analytics = analyticsAt(pathname)
  if (!analytics || !may(`list-${analytics.screen.resource}`)) return
  const view = viewFromSearch(new URLSearchParams(search))
  // In UTC, as the screen does until an answer names the zone (features/analytics/view.ts).
  prefetchScreen(client, analytics.screen, view, periodOfView(view, 'UTC'))
}
