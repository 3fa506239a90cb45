import Cookies from 'js-cookie'
import { create } from 'zustand'
import type { Profile } from '../api/auth.ts'
import { setBusinessZone } from '../base/business-zone.ts'
import { saveDrafts } from './drafts.ts'
import { clearPermissions, setPermissions, storePermissions } from './permission.ts'
import { forgetUnsaved } from './unsaved.ts'

export const TOKEN_COOKIE = 'Admin-Token'

export type { Profile }

interface SessionState {
  token: string | undefined
  /** From /auth/me; null until the guard has loaded it. */
  profile: Profile | null
}

export const useSession = create<SessionState>()(() => ({ token: Cookies.get(TOKEN_COOKIE), profile: null }))

/** Set once a 401 has ended the session in this page load (sessionLost). */
let lost = false

export async function startSession(token: string, permissions: readonly string[]): Promise<void> {
  lost = false
  // Served over https, the token never travels over plain http (on http it could not be Secure and work).
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'strict', secure: window.location.protocol === 'https:' })
  useSession.setState({ token, profile: null })
  // A session it replaces (switching account) leaves none of its permissions behind.
  clearPermissions()
  await storePermissions(token, permissions)
}

export async function setProfile(profile: Profile, permissions: readonly string[]): Promise<void> {
  setBusinessZone(profile.time_zone)
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

/** Logout (spec section 8): forget the session, then reload at the root. */
export function endSession(): void {
  clearSession()
  window.history.replaceState(null, '', window.location.pathname)
  window.location.reload()
}

/** Why the login screen is shown after a 401, kept across the reload (features/login reads it). */
export interface SessionNotice {
  /** The server's reason: `session_ended` or `account_disabled`. */
  reason: string
  /** How many open forms kept their unsaved values (stores/drafts.ts). */
  drafts: number
}

export const SESSION_NOTICE_KEY = 'session-notice'

/**
 * Any 401 on the session's token (spec section 8): unsaved form values are kept, the session is
 * forgotten, and the page reloads at the login screen, which says why and returns to the page that was open.
 */
export function sessionLost(error: { reason?: string }): void {
  // Parallel calls fail together; the first one does the work.
  if (lost) return
  lost = true
  const owner = useSession.getState().profile?.username
  const notice: SessionNotice = {
    reason: error.reason ?? 'session_ended',
    drafts: owner ? saveDrafts(owner) : 0,
  }
  sessionStorage.setItem(SESSION_NOTICE_KEY, JSON.stringify(notice))
  // What forms held is kept as drafts: the reload need not ask.
  forgetUnsaved()
  const current = window.location.hash.replace(/^#/, '') || '/'
  clearSession()
  const back = current.startsWith('/login') ? '' : `?redirect=${encodeURIComponent(current)}`
  window.history.replaceState(null, '', `${window.location.pathname}#/login${back}`)
  window.location.reload()
}
