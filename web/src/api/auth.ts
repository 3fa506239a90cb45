import type { Profile } from '../stores/session.ts'
import { http } from './http.ts'

export interface Credentials {
  username: string
  password: string
}

/** A plain login, or (API.md) a two-factor step that the login screen does not handle yet. */
export interface LoginAnswer {
  accessToken?: string
  tokenType?: string
  expiresIn?: number
  permissions?: string[]
  twoFactor?: 'bind' | 'verify'
}

export interface Me extends Profile {
  permissions: string[]
}

export const login = (credentials: Credentials) => http.post<LoginAnswer>('/login', { body: credentials })

export const fetchMe = () => http.get<{ data: Me }>('/auth/me').then((answer) => answer.data)

export const logout = () => http.post<void>('/logout')
