import { isNumericId } from '@vod/contract/rules'
import { type MiddlewareFunction, matchRoutes, redirect } from 'react-router'
import { fetchMe } from '../api/auth.ts'
import { i18n } from '../i18n/index.ts'
import { usePermissions } from '../stores/permission.ts'
import { clearSession, setProfile, useSession } from '../stores/session.ts'
import { notify } from './notify.ts'
import { grantsAnyRoute, isRouteGranted, type Permissions } from './permission-match.ts'
import type { AppRoute } from './route-types.ts'
import { publicRoutes, shellRoutes } from './routes.ts'

export type GuardDecision = { kind: 'pass' } | { kind: 'redirect'; to: string } | { kind: 'load-session' }

export interface GuardInput {
  pathname: string
  search: string
  token: string | undefined
  /** null until /auth/me has answered in this page load. */
  permissions: Permissions | null
}

const leaves = (routes: readonly AppRoute[]): AppRoute[] =>
  routes.flatMap((route) => [
    ...(route.page || route.redirect ? [route] : []),
    ...leaves(route.children ?? []),
  ])

const publicPaths = new Set(publicRoutes.map((route) => route.path))
const shellLeaves = leaves(shellRoutes).map((route) => ({ path: route.path, route }))

/** Public paths, and anything under /4 (error pages), pass without a session (spec section 4). */
const isPublicPath = (pathname: string): boolean => publicPaths.has(pathname) || pathname.startsWith('/4')

const loginPath = (pathname: string, search: string): string =>
  `/login?redirect=${encodeURIComponent(pathname + search)}`

/** The shell route a path opens, with its params; undefined for unknown paths. */
export function findShellRoute(
  pathname: string,
): { route: AppRoute; params: Record<string, string | undefined> } | undefined {
  const match = matchRoutes(shellLeaves, pathname)?.at(-1)
  return match && { route: match.route.route, params: match.params }
}

/** The route guard of spec section 4 as a pure decision; the middleware below carries it out. */
export function decideNavigation({ pathname, search, token, permissions }: GuardInput): GuardDecision {
  if (!token)
    return isPublicPath(pathname) ? { kind: 'pass' } : { kind: 'redirect', to: loginPath(pathname, search) }
  // Login stays reachable with a session, so that an admin can always switch account (even one granted
  // nothing, held on /401); the login screen says that logging in there replaces the session.
  if (isPublicPath(pathname)) return { kind: 'pass' }
  if (!permissions) return { kind: 'load-session' }
  if (!grantsAnyRoute(shellRoutes, permissions)) return { kind: 'redirect', to: '/401' }
  const found = findShellRoute(pathname)
  // Route ids are numeric (spec section 5); `*` is a splat, not an id.
  const badId =
    found && Object.entries(found.params).some(([name, value]) => name !== '*' && !isNumericId(value))
  if (!found || badId) return { kind: 'redirect', to: '/404' }
  if (!isRouteGranted(found.route, permissions)) return { kind: 'redirect', to: '/401' }
  return { kind: 'pass' }
}

/** Asks the server who is logged in and what it may do now. */
export async function loadSession(): Promise<void> {
  const me = await fetchMe()
  const { permissions, ...profile } = me
  await setProfile(profile, permissions)
}

const currentInput = (pathname: string, search: string): GuardInput => ({
  pathname,
  search,
  token: useSession.getState().token,
  permissions: usePermissions.getState().names,
})

export const guardMiddleware: MiddlewareFunction = async ({ request }) => {
  const { pathname, search } = new URL(request.url)
  let decision = decideNavigation(currentInput(pathname, search))
  if (decision.kind === 'load-session') {
    try {
      await loadSession()
    } catch (error) {
      clearSession()
      void notify('error', error instanceof Error ? error.message : i18n.t('common.loadFailed'))
      throw redirect(loginPath(pathname, search))
    }
    decision = decideNavigation(currentInput(pathname, search))
  }
  if (decision.kind === 'redirect') throw redirect(decision.to)
}
