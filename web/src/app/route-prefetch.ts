import { usePermissions } from '../stores/permission.ts'
import { useSession } from '../stores/session.ts'
import { loadSession } from './load-session.ts'
import { isPublicPath } from './public-routes.ts'

/**
 * A screen's data asked for with its route, not after its code (issue 36): as a navigation starts, before
 * the shell's route table and the screen's chunk have loaded, the figures the screen will read are asked for
 * under the screen's own query keys (app/route-queries.ts), once the session says they may be read, and the
 * screen's code starts loading beside them. On a cold load the session is known right after /auth/me, which
 * this starts too (the guard then waits for the same call). The login screen loads none of it: the queries
 * come in a chunk of their own, loaded alongside /auth/me.
 */
export function prefetchRoute(pathname: string, search: string): void {
  if (!useSession.getState().token || isPublicPath(pathname)) return
  const session = usePermissions.getState().names ? undefined : loadSession()
  const queries = import('./route-queries.ts')
  void queries.then(({ loadRouteCode }) => loadRouteCode(pathname)).catch(() => undefined)
  void Promise.all([queries, session])
    .then(([{ prefetchRouteQueries }]) => prefetchRouteQueries(pathname, search))
    // The guard asks again and says what went wrong; a prefetch that fails only leaves the screen to ask.
    .catch(() => undefined)
}
