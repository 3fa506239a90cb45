import { startEarly } from '../base/early-data.ts'
import { hasPermission } from '../base/permission-match.ts'
import { screenCalls } from '../features/analytics/queries.ts'
import { analyticsScreens } from '../features/analytics/screens.ts'
import { periodOfView, viewFromSearch } from '../features/analytics/view.ts'
import { liveCall } from '../features/dashboard/queries.ts'
import { loadSession } from '../stores/load-session.ts'
import { usePermissions } from '../stores/permission.ts'
import { useSession } from '../stores/session.ts'
import { isPublicPath } from './public-routes.ts'

/**
 * The screens whose code a cold load starts fetching at once, beside the shell's frame, rather than once the
 * shell's route table (app/shell-routes.ts, features/analytics/routes.ts: the same modules) has arrived to say
 * where they are: the screens staff open first.
 */
const screenCode: Record<string, () => Promise<unknown>> = {
  '/': () => import('../features/dashboard/DashboardPage.tsx'),
  '/dashboard': () => import('../features/dashboard/DashboardPage.tsx'),
  '/analytics/daily/revenue': () => import('../features/analytics/RevenuePage.tsx'),
  '/analytics/daily/channel': () => import('../features/analytics/ChannelPage.tsx'),
}

/** Starts loading the code of the screen at a path, if it is one of those above. */
function loadScreenCode(pathname: string): void {
  void screenCode[pathname]?.().catch(() => undefined)
}

const may = (name: string) => hasPermission(usePermissions.getState().names, name)

/** The calls the screen at a path makes first, when the session's permissions let it make them. */
function startRouteCalls(pathname: string, search: string): void {
  if (pathname === '/' || pathname === '/dashboard') {
    if (!may('view-dashboard')) return
    // The live panels: the last 30 days' charts and tables the screen asks for once those were answered.
    void startEarly(liveCall)
    return
  }
  const screen = Object.values(analyticsScreens).find((one) => pathname === `/analytics/daily/${one.path}`)
  if (!screen || !may(`list-${screen.resource}`)) return
  const view = viewFromSearch(new URLSearchParams(search))
  // In UTC, as the screen does until an answer names the zone (features/analytics/view.ts).
  for (const call of screenCalls(screen, view, periodOfView(view, 'UTC'))) void startEarly(call)
}

/**
 * A screen's data asked for with its route, not after its code (issue 36): as a navigation starts, before
 * the shell's route table and the screen's chunk have loaded, the calls the screen will make first go out
 * (the dashboard's, the analytics screens'), once the session says they may be made, and the screen's queries
 * take their answers (base/early-data.ts). On a cold load the session is known right after /auth/me, which
 * this starts too (the guard then waits for the same call). `cold`: the page's first navigation, whose screen
 * code also starts loading here (loadScreenCode).
 */
export function prefetchRoute(pathname: string, search: string, cold = false): void {
  if (!useSession.getState().token || isPublicPath(pathname)) return
  const start = () => {
    startRouteCalls(pathname, search)
    // On a cold load the screen's code follows its calls, not ahead of them: they would wait for a connection
    // behind its files (HTTP/1.1 has six).
    if (cold) loadScreenCode(pathname)
  }
  if (usePermissions.getState().names) {
    start()
    return
  }
  // As soon as the permissions are known, before they are stored away (stores/permission.ts).
  const stop = usePermissions.subscribe(({ names }) => {
    if (!names) return
    stop()
    start()
  })
  // The guard asks again and says what went wrong; a prefetch that fails only leaves the screen to ask.
  loadSession().catch(stop)
}
