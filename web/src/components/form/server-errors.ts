import type { FormInstance } from 'antd'
import type { ApiError } from '../../api/http.ts'

/** The messages a server answer put under each form's fields, by field name. */
const placedByServer = new WeakMap<FormInstance, Map<string, string>>()

/**
 * Puts a 422's first message per field under the fields a form shows (spec section 5). Answers whether
 * something is left for a general message: errors no field of this form shows, or no field errors at all.
 */
export function showServerErrors(form: FormInstance, error: ApiError, fields: readonly string[]): boolean {
  const known = new Set(fields)
  const placed = Object.entries(error.fieldErrors).filter(([name]) => known.has(name))
  form.setFields(placed.map(([name, message]) => ({ name, errors: [message] })))
  placedByServer.set(form, new Map(placed))
  return placed.length === 0 || placed.length < Object.keys(error.fieldErrors).length
}

/** Whether the field's error on screen is the server's (which only the server can say in another language). */
export function isServerError(form: FormInstance, name: string, errors: readonly string[]): boolean {
  const message = placedByServer.get(form)?.get(name)
  return message !== undefined && errors.length === 1 && errors[0] === message
}
