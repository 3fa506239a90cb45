import type { Me as WireMe } from '@vod/contract/resources/me'
import type { OtpauthBinding, TwoFactorState } from '@vod/contract/resources/two-factor'
import { http } from './http.ts'

export interface Credentials {
  username: string
  password: string
}

/** A plain login, or (API.md "Auth") a two-factor step to pass first with the short-lived token. */
export interface LoginAnswer {
  access_token?: string
  token_type?: string
  expires_in?: number
  permissions?: string[]
  two_factor?: 'bind' | 'verify'
  two_factor_token?: string
}

export type Me = WireMe

/** The admin as /auth/me describes it, less the permissions (the permission store keeps those). */
export type Profile = Omit<Me, 'permissions'>

export type Binding = OtpauthBinding

export const login = (credentials: Credentials) => http.post<LoginAnswer>('/login', { body: credentials })

export const fetchMe = () => http.get<{ data: Me }>('/auth/me').then((answer) => answer.data)

/** Ends the session; `token`: another session than the current one (a login replacing it), whose 401 is no one's concern. */
export const logout = (token?: string) => http.post<void>('/logout', { token })

/**
 * A new authenticator secret and its QR code. `token`: the two-factor token of a login in progress;
 * without it the session's own (binding from the profile, where `code` is the current one when rebinding).
 */
export const requestBinding = (options: { token?: string; code?: string } = {}) =>
  http
    .post<{ data: Binding }>('/googleOtpauth', {
      token: options.token,
      body: options.code ? { code: options.code } : {},
    })
    .then((answer) => answer.data)

/** Checks a code: with a two-factor token the answer is a plain login, with the session's its new state. */
export const verifyCode = (code: string, token?: string) =>
  http.post<LoginAnswer & { data?: TwoFactorState }>('/googleVerify', { token, body: { code } })
