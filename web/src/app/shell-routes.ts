import { DashboardOutlined } from '@ant-design/icons'
import { matchRoutes } from 'react-router'
import type { AppRoute } from '../base/route-types.ts'
import { resourceRoutes } from '../components/resource/define-resource.ts'
import { demoRoutes } from '../demos/routes.ts'
import { analyticsRoutes } from '../features/analytics/routes.ts'
import { scheduledRoutes } from '../features/scheduled/routes.ts'
import { resources } from '../resources/index.ts'

/**
 * The routes inside the shell, granted by permissions (base/permission-match.ts); menu order is table order.
 * Loaded once there is a session (the router patches them in); the resources' strings come with the shell
 * (app/shell.ts).
 */
export const shellRoutes: AppRoute[] = [
  {
    path: '/',
    redirect: '/dashboard',
    meta: { titleKey: 'dashboard.title', hidden: true, breadcrumb: false },
  },
  {
    path: '/dashboard',
    meta: { titleKey: 'dashboard.title', icon: DashboardOutlined, affix: true },
    page: () => import('../features/dashboard/DashboardPage.tsx'),
  },
  {
    // Re-enters the given path; a tab's Refresh goes through it.
    path: '/redirect/*',
    meta: { titleKey: 'common.redirecting', hidden: true, breadcrumb: false, noCache: true },
    page: () => import('../shell/RedirectPage.tsx'),
  },
  {
    path: '/profile',
    redirect: '/profile/index',
    meta: { titleKey: 'profile.title', hidden: true, breadcrumb: false },
    children: [
      {
        path: '/profile/index',
        meta: { titleKey: 'profile.title', hidden: true, noCache: true },
        page: () => import('../features/profile/ProfilePage.tsx'),
      },
    ],
  },
  ...resourceRoutes(resources),
  ...scheduledRoutes,
  ...analyticsRoutes,
  ...demoRoutes,
]

const leaves = (routes: readonly AppRoute[]): AppRoute[] =>
  routes.flatMap((route) => [
    ...(route.page || route.redirect ? [route] : []),
    ...leaves(route.children ?? []),
  ])

const shellLeaves = leaves(shellRoutes).map((route) => ({ path: route.path, route }))

type FoundRoute = { route: AppRoute; params: Record<string, string | undefined> }

/**
 * What each path opened, remembered: matchRoutes ranks the whole table at every call, and every tab, crumb and
 * navigation asks (a tenth of the app's script time while opening screens). Paths past the bound start it over.
 */
const found = new Map<string, FoundRoute | undefined>()
const FOUND_PATHS = 1_000

/** The shell route a path opens, with its params (not to be changed: they are shared); undefined for unknown paths. */
export function findShellRoute(pathname: string): FoundRoute | undefined {
  if (found.has(pathname)) return found.get(pathname)
  const match = matchRoutes(shellLeaves, pathname)?.at(-1)
  const route = match && { route: match.route.route, params: match.params }
  if (found.size >= FOUND_PATHS) found.clear()
  found.set(pathname, route)
  return route
}
