import { fetchMe } from '../api/auth.ts'
import { setProfile } from './session.ts'

let asking: Promise<void> | null = null

/**
 * Asks the server who is logged in and what it may do now. Callers while it is being asked share the one
 * call: the route prefetch (app/route-prefetch.ts) starts it with the first navigation, the guard then
 * waits for the same answer.
 */
export function loadSession(): Promise<void> {
  asking ??= (async () => {
    try {
      const me = await fetchMe()
      const { permissions, ...profile } = me
      await setProfile(profile, permissions)
    } finally {
      asking = null
    }
  })()
  return asking
}
