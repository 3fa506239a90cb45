import type { Me as WireMe } from '@vod/contract/resources/me'
import type {
  LoginAnswer,
  OtpauthBinding,
  TwoFactorChallenge,
  TwoFactorState,
} from '@vod/contract/resources/two-factor'
import { http } from './http.ts'

export interface Credentials {
  username: string
  password: string
}

/** A plain login, or (API.md "Auth") a two-factor step to pass first with the short-lived token. */
export type LoginReply = LoginAnswer | TwoFactorChallenge
export type { LoginAnswer }

export type Me = WireMe

/** The admin as /auth/me describes it, less the permissions (the permission store keeps those). */
export type Profile = Omit<Me, 'permissions'>

export type Binding = OtpauthBinding

export const login = (credentials: Credentials) => http.post<LoginReply>('/login', { body: credentials })

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

/** Checks a code of a login in progress (`token`: its two-factor token): the login's answer. */
export const verifyLoginCode = (code: string, token: string) =>
  http.post<LoginAnswer>('/googleVerify', { token, body: { code } })

/** Checks a code with the session's token (binding from the profile): the new state. */
export const verifyBindingCode = (code: string) =>
  http.post<{ data: TwoFactorState }>('/googleVerify', { body: { code } }).then((answer) => answer.data)
