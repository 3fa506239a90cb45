import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { isRouteGranted } from '../../base/permission-match.ts'
import type { AppRoute } from '../../base/route-types.ts'
import { shellTable } from '../../base/shell-table.ts'
import { useRouteHandle } from '../../base/use-route-handle.ts'
import { usePermissions } from '../../stores/permission.ts'
import { useSession } from '../../stores/session.ts'
import { useTabs, type VisitedView } from '../../stores/tabs.ts'
import { useGrantedRoutes } from '../granted-routes.ts'
import { isKeptRoute, isTabRoute } from './view-routes.ts'

function affixedViews(routes: readonly AppRoute[]): VisitedView[] {
  return routes.flatMap((route) => [
    ...(isTabRoute(route) && route.meta?.affix && !route.path.includes(':')
      ? [{ path: route.path, fullPath: route.path, affix: true }]
      : []),
    ...affixedViews(route.children ?? []),
  ])
}

function mayOpen(path: string): boolean {
  const found = shellTable().findShellRoute(path)
  const names = usePermissions.getState().names
  return Boolean(found && names && isTabRoute(found.route) && isRouteGranted(found.route, names))
}

/**
 * Feeds the tab bar and the view cache from the router: on entering the shell it starts the tabs (the
 * affixed ones plus those remembered for this admin), then every route change adds or updates a tab.
 * It runs whether or not the tab bar is shown, so kept screens work either way.
 */
export function useVisitTracking(): void {
  const { pathname, search } = useLocation()
  // Every arrival of the router's at the page shown is a visit, even one React renders as no change
  // (stores/tabs.ts: leaving); an arrival elsewhere waits for its own page to render.
  const arrivals = useTabs((state) => state.arrivals[pathname])
  const route = useRouteHandle()?.route
  const owner = useSession((state) => state.profile?.username ?? '')
  const routes = useGrantedRoutes()

  useEffect(() => {
    useTabs.getState().start(owner, affixedViews(routes), mayOpen)
  }, [owner, routes])

  // biome-ignore lint/correctness/useExhaustiveDependencies: each arrival visits, even at an unchanged location
  useEffect(() => {
    if (!isTabRoute(route)) return
    const view = { path: pathname, fullPath: pathname + search, affix: Boolean(route.meta?.affix) }
    useTabs.getState().visit(view, isKeptRoute(route))
  }, [pathname, search, route, arrivals])
}
