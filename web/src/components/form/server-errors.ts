import type { FormInstance } from 'antd'
import type { ApiError } from '../../api/http.ts'

/**
 * Puts a 422's first message per field under the fields a form shows (spec section 5). Answers whether
 * something is left for a general message: errors no field of this form shows, or no field errors at all.
 */
export function showServerErrors(form: FormInstance, error: ApiError, fields: readonly string[]): boolean {
  const known = new Set(fields)
  const placed = Object.entries(error.fieldErrors).filter(([name]) => known.has(name))
  form.setFields(placed.map(([name, message]) => ({ name, errors: [message] })))
  return placed.length === 0 || placed.length < Object.keys(error.fieldErrors).length
}
