import { z } from 'zod'
import { recordId, withoutNul } from './values.ts'

/**
 * The one search box (`GET /api/search?q=`): records of several resources found by the text staff have at
 * hand (an e-mail, an order or transaction number, a serial number, a name), grouped by resource, a few each.
 */

/** What the box searches, in the order its groups are answered. */
export const searchKinds = ['users', 'orders', 'videos', 'channels', 'campaigns', 'admins'] as const
export type SearchKind = (typeof searchKinds)[number]

/** Fewer characters than this match too much to be worth a request; the box waits for them. */
export const SEARCH_MIN_LENGTH = 2
/**
 * Text searched anywhere in a value (titles, names) needs a whole trigram to find it by its index; shorter
 * queries find those values from their start only.
 */
export const SEARCH_CONTAINS_MIN_LENGTH = 3
export const SEARCH_MAX_LENGTH = 100
/** Records answered per kind. */
export const SEARCH_PER_KIND = 5

export const searchQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .min(SEARCH_MIN_LENGTH)
    .max(SEARCH_MAX_LENGTH)
    .refine(withoutNul, 'validation.invalid_character')
    .meta({
      description:
        `The text to find, ${SEARCH_MIN_LENGTH}-${SEARCH_MAX_LENGTH} characters once trimmed (422 otherwise). ` +
        'Codes and addresses match from their start, titles and names anywhere in them ' +
        `(from ${SEARCH_CONTAINS_MIN_LENGTH} characters), in any letter case.`,
    }),
})

const searchHit = z
  .object({
    id: recordId,
    /** What names the record (its contract's label: a member's username, an order's number). */
    label: z.string(),
    /** A second value that tells it apart (a member's e-mail, an order's transaction number). */
    detail: z.string().nullable(),
    /** The record it belongs to, for records opened under another (a campaign's channel); else null. */
    parent_id: recordId.nullable(),
    /** 1 when a searched value is the query itself, in any letter case; such records come first. */
    exact: z.union([z.literal(0), z.literal(1)]),
  })
  .meta({ id: 'SearchHit' })
export type SearchHit = z.infer<typeof searchHit>

const searchGroup = z
  .object({ kind: z.enum(searchKinds), records: z.array(searchHit) })
  .meta({ id: 'SearchGroup' })
export type SearchGroup = z.infer<typeof searchGroup>

/** Only kinds with records are answered, in `searchKinds` order. */
export const searchAnswer = z.object({ data: z.array(searchGroup) }).meta({ id: 'SearchAnswer' })
