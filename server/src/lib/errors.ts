import type { MessageKey, MessageParams } from '../i18n/index.ts'

/** Why a token that was presented is refused: the session is over, or its admin was disabled. */
export type SessionEndReason = 'session_ended' | 'account_disabled'

export interface FieldError {
  key: MessageKey
  params?: MessageParams
}

/**
 * An expected failure a handler raises on purpose. It carries message keys, not text: the errors plugin
 * translates them into the request's language and writes API.md's error shape.
 */
export class ApiError extends Error {
  readonly status: number
  readonly key: MessageKey
  readonly params: MessageParams
  readonly fields: Record<string, FieldError[]> | undefined
  /** Headers the answer carries, e.g. Retry-After on 429. */
  readonly headers: Record<string, string>
  /**
   * On a 401 to a presented token: why it no longer works, for the client to say (docs/security.md "Beyond
   * API.md").
   */
  reason: SessionEndReason | undefined
  /** Fields the answer carries besides `message` (a 412's version, who changed the record and when). */
  extra: Record<string, unknown> | undefined

  constructor(
    status: number,
    key: MessageKey,
    params: MessageParams = {},
    fields?: Record<string, FieldError[]>,
    headers: Record<string, string> = {},
  ) {
    super(key)
    this.name = 'ApiError'
    this.status = status
    this.key = key
    this.params = params
    this.fields = fields
    this.headers = headers
    this.reason = undefined
    this.extra = undefined
  }
}

export const notFound = () => new ApiError(404, 'errors.not_found')
export const unauthenticated = () => new ApiError(401, 'errors.unauthenticated')
/** 401 for a token that was presented but opens no session any more. */
export function sessionEnded(reason: SessionEndReason): ApiError {
  const error = new ApiError(
    401,
    reason === 'account_disabled' ? 'auth.account_disabled' : 'auth.session_ended',
  )
  error.reason = reason
  return error
}
export const forbidden = () => new ApiError(403, 'errors.forbidden')
/** Seconds a client is asked to wait before trying again while the database cannot be reached. */
export const DATABASE_RETRY_SECONDS = 5
/** 503 with Retry-After: the database cannot be reached (yet, or for the moment); nothing was done. */
export const databaseUnavailable = () =>
  new ApiError(503, 'errors.database_unavailable', {}, undefined, {
    'retry-after': String(DATABASE_RETRY_SECONDS),
  })
/** 409: the record's state does not allow this (API.md). */
export const conflict = (key: MessageKey, params: MessageParams = {}) => new ApiError(409, key, params)

/** 422 for one field; the top-level message is that field's message (API.md). */
export function invalidField(field: string, key: MessageKey, params: MessageParams = {}): ApiError {
  return new ApiError(422, key, params, { [field]: [{ key, params }] })
}

/** Throws one 422 naming every field at fault, the first one's message on top (API.md). */
export function refuseFields(errors: Record<string, FieldError[]>): void {
  const [first] = Object.values(errors)
  if (first?.[0]) throw new ApiError(422, first[0].key, first[0].params, errors)
}
