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

  constructor(
    status: number,
    key: MessageKey,
    params: MessageParams = {},
    fields?: Record<string, FieldError[]>,
  ) {
    super(key)
    this.name = 'ApiError'
    this.status = status
    this.key = key
    this.params = params
    this.fields = fields
  }
}

export const notFound = () => new ApiError(404, 'errors.not_found')
export const unauthenticated = () => new ApiError(401, 'errors.unauthenticated')
export const forbidden = () => new ApiError(403, 'errors.forbidden')

/** 422 for one field; the top-level message is that field's message (API.md). */
export function invalidField(field: string, key: MessageKey, params: MessageParams = {}): ApiError {
  return new ApiError(422, key, params, { [field]: [{ key, params }] })
}
