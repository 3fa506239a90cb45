import { z } from 'zod'
import { type FieldMeta, type MediaKind, ofKind } from './fields.ts'
import { ID_MAX, isExternalLink } from './rules.ts'

/**
 * Wire values as API.md fixes them, one schema each, for record shapes and inputs alike. The server turns
 * them into column values and back in one place (server/src/lib/wire.ts); list filters read the same
 * shapes from the query string (server/src/lib/list/wire-values.ts). Messages are i18n keys.
 */

/** A record id, or a reference to one (from 1: `positive()` would say "at least 0" of a 0). */
export const recordId = z.number().int().min(1).max(ID_MAX)

/** Whether a text can reach PostgreSQL: its text type holds no NUL character (SQLSTATE 22021). */
export const withoutNul = (text: string) => !text.includes('\u0000')

/** Many references (`tag_ids: [1, 2]`). */
export const recordIds = z.array(recordId).max(1000)

/** How a reference is shown and which records it may name (fields.ts). */
export type ReferenceOptions = Pick<FieldMeta, 'shown_as' | 'where'>

/**
 * A reference to a record of the resource at `path`: shown by the record field `shown_as` (`{base}_name`
 * unless said: `category_id` -> `category_name`); `where` narrows the records it may name to those the
 * list filter picks (a source's genre: `{ type: 'genre' }`).
 */
export const reference = (path: string, options: ReferenceOptions = {}) =>
  ofKind(recordId, { kind: 'reference', reference: path, ...options })

/** References to records at `path` (`tag_ids`), shown by `shown_as` (`{base}s` unless said: `tags`). */
export const references = (path: string, options: ReferenceOptions = {}) =>
  ofKind(recordIds, { kind: 'references', reference: path, ...options })

/** A boolean flag: 1 or 0, never true/false. */
export const flag = ofKind(z.union([z.literal(0), z.literal(1)], 'validation.boolean'), { kind: 'flag' })

/** Money: an exact decimal string with at most two places ("19.99"); stored as numeric, never a float. */
export const MONEY_PATTERN = /^-?\d{1,10}(\.\d{1,2})?$/
/**
 * The currency of money that carries none of its own: plans are priced and orders charged in it (the payment
 * providers settle in it). A record with a `currency` field (a payout report) says its own.
 */
export const STORE_CURRENCY = 'USD'

export const money = ofKind(z.string().regex(MONEY_PATTERN, 'validation.money'), { kind: 'money' })

/**
 * A sum of money (analytics' and the dashboard's figures, a list's totals, an order's refunds): the same
 * exact decimal, with room for any sum of a money column (numeric(12, 2), under 10^10 a row) over as many
 * rows as an integer id can number (2^31), and for its negation (net revenue, figures.ts, may be below zero). The
 * server writes it as numeric(22, 2) (MONEY_SUM_SQL).
 */
export const MONEY_SUM_PATTERN = /^-?\d{1,20}(\.\d{1,2})?$/
export const MONEY_SUM_SQL = 'numeric(22, 2)'
export const moneySum = ofKind(z.string().regex(MONEY_SUM_PATTERN, 'validation.money'), { kind: 'money' })

/**
 * The one date rule: every day and instant lies in the years 1 to 9999 once in UTC, what ISO 8601 writes
 * with four digits and PostgreSQL can hold (it has no year 0; `9999-12-31T23:59:59-14:00` is in 10000).
 * The inputs below and the server's list filters (server/src/lib/list/wire-values.ts) all ask it.
 */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z')
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z')
export const inDateYears = (ms: number) => ms >= FIRST_INSTANT && ms <= LAST_INSTANT

/** `YYYY-MM-DD` naming a day that exists (no 2026-02-31) within the date rule. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const start = Date.parse(`${value}T00:00:00.000Z`)
  return inDateYears(start) && new Date(start).toISOString().slice(0, 10) === value
}

/** Whether a date text lies within the rule; text that is no date at all is left to the format's own check. */
const withinYears = (text: string, suffix = '') => {
  const ms = Date.parse(`${text}${suffix}`)
  return Number.isNaN(ms) || inDateYears(ms)
}

/** A calendar day, `YYYY-MM-DD`. */
export const calendarDay = z.iso
  .date()
  .refine((v) => withinYears(v, 'T00:00:00.000Z'), 'validation.date_years')

/** An instant: ISO 8601 in UTC (`2026-11-21T10:00:00.000Z`). */
export const instant = ofKind(z.string().meta({ format: 'date-time' }), { kind: 'instant' })

/** An instant a client sends: ISO 8601 with a time zone (`Z` or `+08:00`), within the date rule. */
export const instantInput = z.iso
  .datetime({ offset: true, error: 'validation.date' })
  .refine((value) => withinYears(value), 'validation.date_years')

/** Text that may be cleared: null, or an empty (once trimmed) string, stores null. */
export const clearable = <T extends z.ZodType<string, string>>(text: T) =>
  z.union([z.null(), text]).transform((value) => (value === null || value === '' ? null : value))

/**
 * An upload's URL: `/uploads/` and its key, segments of word characters, dots and dashes, none of them `.` or
 * `..` (a browser resolves those, so `/uploads/../../api/auth/me` would load the API), and no empty segment,
 * %-escape (`%2e%2e`) or backslash. The one rule of an upload path in a field or in rich text (rich-text.ts).
 */
export const UPLOAD_URL_PATTERN = /^\/uploads(?:\/(?!\.\.?(?:\/|$))[\w.-]+)+$/
/** Where a stored file is: an upload of this server (`/uploads/...`, API.md "Files") or a CDN address. */
export const MEDIA_URL_PATTERN = new RegExp(
  `^(?:${UPLOAD_URL_PATTERN.source.slice(1, -1)}|https?:\\/\\/\\S+)$`,
)
export const mediaUrl = ofKind(z.string().trim().max(500).regex(MEDIA_URL_PATTERN, 'validation.media_url'), {
  kind: 'media',
  media: 'images',
})

/** A stored file filled by one of the upload routes (`videos` for a trailer). */
export const media = (route: MediaKind) => ofKind(mediaUrl, { kind: 'media', media: route })

/** Rich text written in the editor; the server cleans it (server/src/lib/rich-text.ts). */
export const richText = (max: number) => ofKind(z.string().max(max), { kind: 'rich_text' })

/** A count that cannot go below zero (views, likes). */
export const tally = z.number().int().min(0).max(2_000_000_000)

/**
 * A link out of the site (spec section 5's external-link check): http(s), mailto or tel, else 422 on the
 * field; null or empty clears it.
 */
export const externalLink = clearable(
  z
    .string()
    .trim()
    .max(500)
    .refine((value) => value === '' || isExternalLink(value), { message: 'validation.external_link' }),
)
