import { logout } from '../api/auth.ts'
import { endSession } from './session.ts'

/** Logout: the session ends here even when the server cannot be told (the HTTP module logs why). */
export async function signOut(): Promise<void> {
  await logout().catch(() => undefined)
  endSession()
}
