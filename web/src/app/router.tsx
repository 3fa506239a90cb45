import { createHashRouter, type Location, type RouteObject, type RouterState, redirect } from 'react-router'
import type { AppRoute, RouteHandle } from '../base/route-types.ts'
import { provideShellTable } from '../base/shell-table.ts'
import { RouteError } from '../features/errors/RouteError.tsx'
import { useSession } from '../stores/session.ts'
import { useTabs } from '../stores/tabs.ts'
import { guardMiddleware, loadShell } from './guard.ts'
import { isPublicPath, publicRoutes } from './public-routes.ts'
import { RootRoute } from './RootRoute.tsx'
import { prefetchRoute } from './route-prefetch.ts'

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

const loadLayout = () => import('./SignedIn.tsx')

// The shell's route table: loaded by the guard, and by the 401 page where it has not loaded yet.
provideShellTable({ load: loadShell })

let shellPatched = false

// The first screen's data is asked for before the router starts loading its code (app/route-prefetch.ts),
// and with a session the shell's frame and the screen load beside the route table (patched below), not after it.
const opened = new URL(window.location.hash.slice(1) || '/', window.location.origin)
prefetchRoute(opened.pathname, opened.search, true)
if (useSession.getState().token && !isPublicPath(opened.pathname)) void loadLayout().catch(() => undefined)

export const router = createHashRouter(
  [
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
          lazy: async () => ({ Component: (await loadLayout()).default }),
          // The shell's screens are patched in below, once there is a session to use them.
          children: [],
        },
        // Unknown paths: the guard sends them to /404 (or to login without a session).
        { path: '*', Component: () => null },
      ],
    },
  ],
  {
    // The shell's route table (every resource's screens) loads with the first navigation that has a
    // session; the login screen loads none of it.
    async patchRoutesOnNavigation({ patch, signal }) {
      if (shellPatched || !useSession.getState().token) return
      const { shellRoutes } = await loadShell()
      // The router ignores the patch of a navigation another one interrupted meanwhile (an address typed
      // while the table loads): that one stays unpatched, and the navigation that replaced it patches.
      if (shellPatched || signal.aborted) return
      patch('shell', toRouteObjects(shellRoutes))
      shellPatched = true
    },
  },
)

// Every later navigation's too, as it starts: its screen's chunk then loads alongside its figures.
let prefetched: string | undefined
router.subscribe(({ navigation }) => {
  const next = navigation.location
  if (!next || next.key === prefetched) return
  prefetched = next.key
  prefetchRoute(next.pathname, next.search)
})

// The tabs hear of every arrival, the first included, before its screen renders (stores/tabs.ts).
let arrived: Location | undefined
const arrive = ({ location }: RouterState) => {
  if (location === arrived) return
  arrived = location
  useTabs.getState().routed(location.pathname)
}
arrive(router.state)
router.subscribe(arrive)
