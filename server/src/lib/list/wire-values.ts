import { ID_MAX, inDateYears, isCalendarDay, MAX_PER_PAGE, MONEY_PATTERN, withoutNul } from '@vod/contract'
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
  z.string().trim().max(max).refine(withoutNul, 'validation.invalid_character')

/** Money stays an exact decimal string: the database compares it as numeric, never as a float. */
export const moneyParam = z.string().regex(MONEY_PATTERN, 'validation.money')

export const boolParam = z.enum(['1', '0'], 'validation.boolean').transform((v) => v === '1')

const dateOnly = /^\d{4}-\d{2}-\d{2}$/
const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/

/** A calendar day `YYYY-MM-DD` (of BUSINESS_TIME_ZONE: lib/list/conditions.ts) or an ISO 8601 instant. */
export interface DateValue {
  /** The first instant the value names. */
  start: Date
  /**
   * The first instant after it: the next day for a calendar day, the same instant otherwise; null after the
   * date rule's last day, 9999-12-31, which no instant of the rule follows (PostgreSQL would refuse the
   * driver's `+010000-01-01`).
   */
  end: Date | null
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
    // The contract's one date rule (years 1 to 9999 in UTC): PostgreSQL would fail the query otherwise.
    if (!inDateYears(start.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'validation.date_years' })
      return z.NEVER
    }
    const next = new Date(start.getTime() + 86_400_000)
    const end = !day ? start : inDateYears(next.getTime()) ? next : null
    return { start, end, day }
  })
  .meta({ description: 'YYYY-MM-DD or an ISO 8601 date-time' })

/** A calendar day for a `date` column (no time of day, no zone): compared as the day itself. */
export const dayParam = z
  .string()
  .max(10)
  .refine(isCalendarDay, 'validation.date')
  .meta({ description: 'YYYY-MM-DD' })

/** `ids=1,2,3`: just these records (at most a page of them), as record pickers ask for the chosen ones. */
export const idsParam = z
  .string()
  .max(MAX_PER_PAGE * 11)
  .transform((value, ctx) => {
    const parts = value.split(',').filter((part) => part.trim() !== '')
    const ids = parts.map((part) => (/^\s*[1-9]\d{0,9}\s*$/.test(part) ? Number(part) : Number.NaN))
    if (ids.length > MAX_PER_PAGE || ids.some((id) => !(id <= ID_MAX))) {
      ctx.addIssue({ code: 'custom', message: 'validation.ids', params: { max: MAX_PER_PAGE } })
      return z.NEVER
    }
    return [...new Set(ids)]
  })
  .meta({ description: `Comma list of at most ${MAX_PER_PAGE} ids: only those records.` })
