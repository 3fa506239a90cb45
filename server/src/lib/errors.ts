import type { MessageKey, MessageParams } from '../i18n/index.ts'

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
  }
}

export const notFound = () => new ApiError(404, 'errors.not_found')
export const unauthenticated = () => new ApiError(401, 'errors.unauthenticated')
export const forbidden = () => new ApiError(403, 'errors.forbidden')
/** 409: the record's state does not allow this (API.md). */
export const conflict = (key: MessageKey, params: MessageParams = {}) => new ApiError(409, key, params)

/** 422 for one field; the top-level message is that field's message (API.md). */
export function invalidField(field: string, key: MessageKey, params: MessageParams = {}): ApiError {
  return new ApiError(422, key, params, { [field]: [{ key, params }] })
}
