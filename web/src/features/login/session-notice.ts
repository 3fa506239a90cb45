import { SESSION_NOTICE_KEY, type SessionNotice } from '../../stores/session.ts'

/** The notice a 401 left for the login screen (stores/session.ts sessionLost); see forgetSessionNotice. */
export function readSessionNotice(): SessionNotice | null {
  const stored = sessionStorage.getItem(SESSION_NOTICE_KEY)
  if (stored === null) return null
  try {
    const notice = JSON.parse(stored) as Partial<SessionNotice>
    return { reason: String(notice.reason ?? 'session_ended'), drafts: Number(notice.drafts) || 0 }
  } catch {
    return null
  }
}

/** Once shown, the notice is not shown again (a later reload of the login screen has nothing to say). */
export const forgetSessionNotice = (): void => sessionStorage.removeItem(SESSION_NOTICE_KEY)
