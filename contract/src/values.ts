import { z } from 'zod'
import { ID_MAX } from './rules.ts'

/**
 * Wire values as API.md fixes them, one schema each, for record shapes and inputs alike. The server turns
 * them into column values and back in one place (server/src/lib/wire.ts); list filters read the same
 * shapes from the query string (server/src/lib/list/wire-values.ts). Messages are i18n keys.
 */

/** A record id, or a reference to one. */
export const recordId = z.number().int().positive().max(ID_MAX)

/** Many references (`tag_ids: [1, 2]`). */
export const recordIds = z.array(recordId).max(1000)

/** A boolean flag: 1 or 0, never true/false. */
export const flag = z.union([z.literal(0), z.literal(1)], 'validation.boolean')
export type Flag = z.infer<typeof flag>

/** Money: an exact decimal string with at most two places ("19.99"); stored as numeric, never a float. */
export const MONEY_PATTERN = /^-?\d{1,10}(\.\d{1,2})?$/
export const money = z.string().regex(MONEY_PATTERN, 'validation.money')

/** A calendar day, `YYYY-MM-DD`. */
export const calendarDay = z.iso.date()

/** An instant: ISO 8601 in UTC (`2026-11-21T10:00:00.000Z`). */
export const instant = z.string().meta({ format: 'date-time' })

/** An instant a client sends: ISO 8601 with a time zone (`Z` or `+08:00`). */
export const instantInput = z.iso.datetime({ offset: true, error: 'validation.date' })

/** Text that may be cleared: null, or an empty (once trimmed) string, stores null. */
export const clearable = <T extends z.ZodType<string, string>>(text: T) =>
  z.union([z.null(), text]).transform((value) => (value === null || value === '' ? null : value))

/** Where a stored file is: an upload of this server (`/uploads/...`, API.md "Files") or a CDN address. */
export const MEDIA_URL_PATTERN = /^(\/uploads\/[\w./-]+|https?:\/\/\S+)$/
export const mediaUrl = z.string().trim().max(500).regex(MEDIA_URL_PATTERN, 'validation.media_url')

/** A count that cannot go below zero (views, likes). */
export const tally = z.number().int().min(0).max(2_000_000_000)
