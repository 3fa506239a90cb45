import { Layout } from 'antd'
import { Activity, type ReactNode, useRef } from 'react'
import {
  type Location,
  UNSAFE_LocationContext as LocationContext,
  type NavigationType,
  useLocation,
  useNavigationType,
  useOutlet,
} from 'react-router'
import { useRouteHandle } from '../base/use-route-handle.ts'
import { KeptViewBox } from '../components/focus/KeptViewBox.tsx'
import { useTabs } from '../stores/tabs.ts'
import { ViewErrorBoundary } from './error-log/ViewErrorBoundary.tsx'
import { isKeptRoute } from './tabs/view-routes.ts'
import { type ScrolledView, useViewScroll } from './use-view-scroll.ts'

interface KeptView extends ScrolledView {
  element: ReactNode
  /** The location the screen was last shown at, so a hidden screen keeps reading its own URL. */
  context: { location: Location; navigationType: NavigationType }
  /** Which build of the path's screen this is (part of its React key): a dropped screen is not built on. */
  build: number
  /** Whether the store has kept it yet: until then its absence from the kept list is not a drop. */
  joined: boolean
  /** The router's arrivals at its path when it was last shown (stores/tabs.ts). */
  arrivals: number
}

let builds = 0

/**
 * The one place where the routed screen enters the layout. Screens are kept alive when left (the
 * template's keep-alive): each kept screen sits in its own `<Activity>`, keyed by its pathname (and its build), hidden
 * rather than unmounted, so its state survives; the router gives every screen its own leaf route, so
 * nested routes are kept the same way. Which screens are kept, and when one is dropped, is the tag-views
 * store's decision (stores/view-cache.ts); noCache routes are rendered fresh each time. Each screen has its
 * own error boundary, so one that crashes shows an error page (and lands in the error log) in the shell.
 */
export function AppMain({ notice }: { notice?: ReactNode }) {
  const outlet = useOutlet()
  const location = useLocation()
  const navigationType = useNavigationType()
  const route = useRouteHandle()?.route
  const cachedViews = useTabs((state) => state.cachedViews)
  const kept = useRef(new Map<string, KeptView>()).current
  const active = location.pathname
  const arrivals = useTabs((state) => state.arrivals[active] ?? 0)
  const keepActive = isKeptRoute(route)

  const live = new Set(cachedViews)
  for (const [key, view] of kept) if (live.has(key)) view.joined = true
  // The visible screen always follows the router. It joins the kept set at once (the store hears of
  // the visit only after this render), so it is never remounted when the store catches up. One dropped
  // while shown (its tab closed, Cancel, Refresh) stays until the router moves; the router back at it
  // before the page it left for ever rendered (a navigation renders in a transition), it is built anew.
  if (keepActive) {
    const before = kept.get(active)
    const dropped = before?.joined === true && !live.has(active) && before.arrivals !== arrivals
    const { scrollY, build, joined } =
      before && !dropped ? before : { scrollY: 0, build: ++builds, joined: false }
    kept.set(active, {
      element: outlet,
      context: { location, navigationType },
      scrollY,
      build,
      joined,
      arrivals,
    })
    live.add(active)
  }
  for (const key of kept.keys()) if (!live.has(key)) kept.delete(key)
  useViewScroll(active, kept)

  return (
    <Layout.Content className="shell-main">
      {/* Over every screen, kept or not (Layout.tsx: which channels a channel admin's screens cover). */}
      {notice}
      {[...kept].map(([key, view]) => (
        <Activity key={`${key}#${view.build}`} mode={key === active ? 'visible' : 'hidden'}>
          <KeptViewBox view={key}>
            <LocationContext.Provider value={view.context}>
              <ViewErrorBoundary>{view.element}</ViewErrorBoundary>
            </LocationContext.Provider>
          </KeptViewBox>
        </Activity>
      ))}
      {!keepActive && (
        <div key={`fresh:${active}`} className="shell-view" data-view={active}>
          <ViewErrorBoundary>{outlet}</ViewErrorBoundary>
        </div>
      )}
    </Layout.Content>
  )
}
