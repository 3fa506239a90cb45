import type { Me, Profile } from './auth.ts'
import { http } from './http.ts'

/** What an admin may change about themself; an empty avatar, e-mail or introduction is sent as null. */
export interface ProfileChanges {
  name: string
  avatar: string | null
  email: string | null
  introduction: string | null
}

/** `PUT /api/auth/me`: answers the same shape as `GET /api/auth/me`. */
export const updateProfile = (changes: ProfileChanges): Promise<Profile> =>
  http
    .put<{ data: Me }>('/auth/me', { body: changes })
    .then(({ data: { permissions: _, ...profile } }) => profile)

/** `PUT /api/auth/password`: 204; the admin's other sessions end, this one stays. */
export const changePassword = (currentPassword: string, password: string): Promise<void> =>
  http.put<void>('/auth/password', { body: { current_password: currentPassword, password } })
