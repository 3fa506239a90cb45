import type { QueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { loadSession } from '../stores/load-session.ts'
import { usePermissions } from '../stores/permission.ts'
import { useSession } from '../stores/session.ts'
import { decideNavigation } from './guard.ts'
import * as shell from './shell-routes.ts'

/** Window focus asks again at most this often: switching windows back and forth is not a reason. */
const FOCUS_INTERVAL_MS = 10_000

let running: Promise<void> | null = null

const sameNames = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((name) => b.has(name))

/**
 * Asks the server again what the admin may do (GET /api/auth/me), one call at a time. Called on a 403
 * (app/query-client.ts) and when the window regains focus, so that a changed role reaches the menu and the
 * buttons without a reload. A failure changes nothing (a 401 ends the session in the HTTP module anyway).
 */
export function refreshPermissions(): Promise<void> {
  running ??= loadSession()
    .catch(() => undefined)
    .finally(() => {
      running = null
    })
  return running
}

/**
 * In the shell: refresh on focus, and when the permissions change under the open page, let the guard
 * decide again (a page no longer granted goes to /401).
 */
export function usePermissionRefresh(queries: QueryClient): void {
  const navigate = useNavigate()
  const location = useLocation()
  const current = useRef(location)
  current.current = location

  useEffect(() => {
    let last = 0
    const regained = () => {
      if (document.visibilityState === 'hidden' || Date.now() - last < FOCUS_INTERVAL_MS) return
      last = Date.now()
      void refreshPermissions()
    }
    window.addEventListener('focus', regained)
    document.addEventListener('visibilitychange', regained)
    const unsubscribe = usePermissions.subscribe((state, previous) => {
      if (state.names === previous.names || !state.names) return
      // A role changed under the open page: what was read under the old one (a list left empty, a "you
      // administer no channel" notice) is read again under the new one, as the menu is (issue 68 item 1).
      if (previous.names && !sameNames(state.names, previous.names)) void queries.invalidateQueries()
      const { pathname, search } = current.current
      const decision = decideNavigation(
        {
          pathname,
          search,
          token: useSession.getState().token,
          permissions: state.names,
        },
        shell,
      )
      if (decision.kind === 'redirect') navigate(decision.to, { replace: true })
    })
    return () => {
      window.removeEventListener('focus', regained)
      document.removeEventListener('visibilitychange', regained)
      unsubscribe()
    }
  }, [navigate, queries])
}
