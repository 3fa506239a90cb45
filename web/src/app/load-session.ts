import { fetchMe } from '../api/auth.ts'
import { setProfile } from '../stores/session.ts'

/** Asks the server who is logged in and what it may do now. */
export async function loadSession(): Promise<void> {
  const me = await fetchMe()
  const { permissions, ...profile } = me
  await setProfile(profile, permissions)
}
