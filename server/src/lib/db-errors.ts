/** The PostgreSQL error under a driver or drizzle wrapper, if any (both engines report SQLSTATE `code`). */
export function postgresError(error: unknown): { code: string; constraint?: string } | null {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, constraint: (e as { constraint?: string }).constraint }
  }
  return null
}

export const UNIQUE_VIOLATION = '23505'
export const FOREIGN_KEY_VIOLATION = '23503'
