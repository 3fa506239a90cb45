import { isNumericId } from '@vod/contract/rules'
import { type MiddlewareFunction, redirect } from 'react-router'
import { notify } from '../base/notify.ts'
import { grantsAnyRoute, isRouteGranted, type Permissions } from '../base/permission-match.ts'
import type { ShellTable } from '../base/shell-table.ts'
import { i18n } from '../i18n/index.ts'
import { loadSession } from '../stores/load-session.ts'
import { usePermissions } from '../stores/permission.ts'
import { clearSession, useSession } from '../stores/session.ts'
import { isPublicPath } from './public-routes.ts'

export type GuardDecision =
  | { kind: 'pass' }
  | { kind: 'redirect'; to: string }
  | { kind: 'load-session' }
  | { kind: 'load-shell' }

export interface GuardInput {
  pathname: string
  search: string
  token: string | undefined
  /** null until /auth/me has answered in this page load. */
  permissions: Permissions | null
}

const loginPath = (pathname: string, search: string): string =>
  `/login?redirect=${encodeURIComponent(pathname + search)}`

/** The route guard of spec section 4 as a pure decision; the middleware below carries it out. */
export function decideNavigation(
  { pathname, search, token, permissions }: GuardInput,
  shell: ShellTable | null,
): GuardDecision {
  if (!token)
    return isPublicPath(pathname) ? { kind: 'pass' } : { kind: 'redirect', to: loginPath(pathname, search) }
  // Login stays reachable with a session, so that an admin can always switch account (even one granted
  // nothing, held on /401); the login screen says that logging in there replaces the session.
  if (isPublicPath(pathname)) return { kind: 'pass' }
  if (!permissions) return { kind: 'load-session' }
  if (!shell) return { kind: 'load-shell' }
  if (!grantsAnyRoute(shell.shellRoutes, permissions)) return { kind: 'redirect', to: '/401' }
  const found = shell.findShellRoute(pathname)
  // Route ids are numeric (spec section 5); `*` is a splat, not an id.
  const badId =
    found && Object.entries(found.params).some(([name, value]) => name !== '*' && !isNumericId(value))
  if (!found || badId) return { kind: 'redirect', to: '/404' }
  if (!isRouteGranted(found.route, permissions)) return { kind: 'redirect', to: '/401' }
  return { kind: 'pass' }
}

/** The shell's routes, loaded once a session needs them, with the shell's strings (app/shell.ts). */
export const loadShell = async (): Promise<ShellTable> => (await import('./shell.ts')).table

const currentInput = (pathname: string, search: string): GuardInput => ({
  pathname,
  search,
  token: useSession.getState().token,
  permissions: usePermissions.getState().names,
})

export const guardMiddleware: MiddlewareFunction = async ({ request }) => {
  const { pathname, search } = new URL(request.url)
  let shell: ShellTable | null = null
  for (;;) {
    const decision = decideNavigation(currentInput(pathname, search), shell)
    if (decision.kind === 'pass') return
    if (decision.kind === 'redirect') throw redirect(decision.to)
    if (decision.kind === 'load-shell') {
      shell = await loadShell()
      continue
    }
    try {
      await loadSession()
    } catch (error) {
      clearSession()
      void notify('error', error instanceof Error ? error.message : i18n.t('common.loadFailed'))
      throw redirect(loginPath(pathname, search))
    }
  }
}
