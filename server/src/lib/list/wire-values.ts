import { ID_MAX } from '@vod/contract'
import { z } from 'zod'

/**
 * Query parameters arrive as text; these read them as the types lists filter on. Failure messages are i18n
 * keys (see i18n/zod-issues.ts), so a wrong value answers e.g. "The category field must be an integer."
 */
/** An integer the database's `integer` columns can hold; anything bigger could match nothing anyway. */
export const intParam = z
  .string()
  .regex(/^-?\d{1,15}$/, 'validation.integer')
  .transform(Number)
  .pipe(
    z
      .number()
      .min(-ID_MAX - 1)
      .max(ID_MAX),
  )

export const numberParam = z
  .string()
  .regex(/^-?\d{1,15}(\.\d{1,6})?$/, 'validation.number')
  .transform(Number)

/** Free text; a NUL character cannot reach PostgreSQL text, so it is refused here. */
export const textParam = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !v.includes('\u0000'), 'validation.invalid_character')

export const boolParam = z.enum(['1', '0'], 'validation.boolean').transform((v) => v === '1')

const dateOnly = /^\d{4}-\d{2}-\d{2}$/
const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/

/** A calendar day `YYYY-MM-DD` (UTC) or an ISO 8601 instant. */
export interface DateValue {
  /** The first instant the value names. */
  start: Date
  /** The first instant after it: the next day for a calendar day, the same instant otherwise. */
  end: Date
  day: boolean
}

export const dateParam = z
  .string()
  .max(40)
  .transform((value, ctx): DateValue => {
    const day = dateOnly.test(value)
    const start = day || dateTime.test(value) ? new Date(day ? `${value}T00:00:00.000Z` : value) : null
    // Date parsing rolls 2026-02-31 over to March; a day that does not round-trip does not exist.
    if (!start || Number.isNaN(start.getTime()) || (day && start.toISOString().slice(0, 10) !== value)) {
      ctx.addIssue({ code: 'custom', message: 'validation.date' })
      return z.NEVER
    }
    return { start, end: day ? new Date(start.getTime() + 86_400_000) : start, day }
  })
  .meta({ description: 'YYYY-MM-DD or an ISO 8601 date-time' })
