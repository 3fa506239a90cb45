/** The PostgreSQL error under a driver or drizzle wrapper, if any (both engines report SQLSTATE `code`). */
export function postgresError(
  error: unknown,
): { code: string; constraint?: string; table?: string; detail?: string } | null {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      const { constraint, table, detail } = e as { constraint?: string; table?: string; detail?: string }
      return { code, constraint, table, detail }
    }
  }
  return null
}

export const UNIQUE_VIOLATION = '23505'
export const FOREIGN_KEY_VIOLATION = '23503'
export const CHECK_VIOLATION = '23514'
/** ON DELETE RESTRICT refusing at once (a NO ACTION key answers FOREIGN_KEY_VIOLATION instead). */
export const RESTRICT_VIOLATION = '23001'

/** A date or time PostgreSQL cannot hold or read (datetime_field_overflow, invalid_datetime_format). */
export const DATE_OUT_OF_RANGE = new Set(['22008', '22007'])

/** SQLSTATE of a lost or refused connection: class 08, a server shutting down or starting, too many clients. */
const CONNECTION_STATES = /^(08...|57P0[1-3]|53300)$/
/** What the network or the driver says when there is no connection to run a query on. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
const DRIVER_MESSAGES =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Query read timeout/

/**
 * Whether the error (or one under it) means the database could not be reached or the connection died
 * under the query: not the request's fault nor a bug, so the answer is 503 and the pool reconnects.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && (CONNECTION_STATES.test(code) || NETWORK_CODES.has(code))) return true
    if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true
    // AggregateError: each address a host name resolved to was refused.
    const errors = (e as { errors?: unknown }).errors
    if (Array.isArray(errors) && errors.some(isConnectionLost)) return true
  }
  return false
}
