import { createHashRouter, type RouteObject, redirect } from 'react-router'
import { RouteError } from '../features/errors/RouteError.tsx'
import { guardMiddleware } from './guard.ts'
import { RootRoute } from './RootRoute.tsx'
import type { AppRoute, RouteHandle } from './route-types.ts'
import { publicRoutes, shellRoutes } from './routes.ts'

/** Menu groups exist only in the table; the router gets each screen once, with its trail as handle. */
function toRouteObjects(routes: readonly AppRoute[], ancestors: AppRoute[] = []): RouteObject[] {
  return routes.flatMap((route) => {
    const trail = [...ancestors, route]
    const handle: RouteHandle = { route, trail }
    const own: RouteObject[] = []
    const { page, redirect: target } = route
    if (target) own.push({ path: route.path, handle, loader: () => redirect(target) })
    else if (page)
      own.push({ path: route.path, handle, lazy: async () => ({ Component: (await page()).default }) })
    return [...own, ...toRouteObjects(route.children ?? [], trail)]
  })
}

export const router = createHashRouter([
  {
    id: 'root',
    middleware: [guardMiddleware],
    Component: RootRoute,
    ErrorBoundary: RouteError,
    HydrateFallback: () => null,
    children: [
      ...toRouteObjects(publicRoutes),
      {
        id: 'shell',
        lazy: async () => ({ Component: (await import('../shell/Layout.tsx')).default }),
        children: toRouteObjects(shellRoutes),
      },
      // Unknown paths: the guard sends them to /404 (or to login without a session).
      { path: '*', Component: () => null },
    ],
  },
])
