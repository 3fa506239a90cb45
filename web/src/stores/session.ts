import type { Me } from '@vod/contract/resources/me'
import Cookies from 'js-cookie'
import { create } from 'zustand'
import type { Camelize } from '../api/case.ts'
import { clearPermissions, setPermissions, storePermissions } from './permission.ts'

export const TOKEN_COOKIE = 'Admin-Token'

/** The admin as /auth/me describes it; its permissions live in the permission store. */
export type Profile = Omit<Camelize<Me>, 'permissions'>

interface SessionState {
  token: string | undefined
  /** From /auth/me; null until the guard has loaded it. */
  profile: Profile | null
}

export const useSession = create<SessionState>()(() => ({ token: Cookies.get(TOKEN_COOKIE), profile: null }))

export async function startSession(token: string, permissions: readonly string[]): Promise<void> {
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'strict' })
  useSession.setState({ token, profile: null })
  await storePermissions(token, permissions)
}

export async function setProfile(profile: Profile, permissions: readonly string[]): Promise<void> {
  useSession.setState({ profile })
  setPermissions(permissions)
  const token = useSession.getState().token
  if (token) await storePermissions(token, permissions)
}

/** The admin changed their own name, avatar...: the navbar and the rest follow at once. */
export function replaceProfile(profile: Profile): void {
  useSession.setState({ profile })
}

export function clearSession(): void {
  Cookies.remove(TOKEN_COOKIE)
  useSession.setState({ token: undefined, profile: null })
  clearPermissions()
}

/** Logout and any 401 (spec section 8): forget the session, then reload at the root. */
export function endSession(): void {
  clearSession()
  window.history.replaceState(null, '', window.location.pathname)
  window.location.reload()
}
