import { z } from 'zod'

/**
 * Who else is on a record (issue 67, "Who else is here"): `GET /api/presence/{resource}/{id}` is a stream of
 * server-sent events to an edit page, `PUT` the same path tells what that page is doing. Names go only to a
 * caller who may read the record (its `GET /api/{resource}/{id}`).
 */
export const presenceStates = ['viewing', 'editing'] as const
export type PresenceState = (typeof presenceStates)[number]

/** The page says it is still open this often; the server forgets a page not heard of for PRESENCE_EXPIRY_SECONDS. */
export const PRESENCE_HEARTBEAT_SECONDS = 15
export const PRESENCE_EXPIRY_SECONDS = 45

export const presenceParams = z.object({
  /** A resource's path, as in `/api/{resource}/{id}`. */
  resource: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/),
  id: z.string().regex(/^[1-9]\d{0,9}$/),
})

/** The rows a list shows, for `GET /api/presence/{resource}?ids=`: which of them someone is editing now. */
const PRESENCE_LIST_IDS_MAX = 200
export const presenceListParams = presenceParams.pick({ resource: true })
export const presenceListQuery = z.object({
  /** The ids of the rows on the list's page, comma-separated. */
  ids: z
    .string()
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/)
    .transform((ids, ctx) => {
      const unique = [...new Set(ids.split(',').map(Number))]
      if (unique.length > PRESENCE_LIST_IDS_MAX)
        ctx.addIssue({
          code: 'custom',
          message: 'validation.max.array',
          params: { max: PRESENCE_LIST_IDS_MAX },
          input: ids,
        })
      return unique
    }),
})

export const presenceStateInput = z.object({
  /** The stream's connection, from its `hello` event. */
  connection: z.uuid(),
  state: z.enum(presenceStates),
})

/** One other open page of the record. */
const presencePerson = z.object({
  connection: z.string(),
  admin_id: z.number().int(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  state: z.enum(presenceStates),
})
export type PresencePerson = z.infer<typeof presencePerson>

/** Of the rows asked, those someone else is editing now, and who: only rows the caller may read. */
export const presenceEditingAnswer = z
  .object({
    data: z.array(
      z.object({
        id: z.number().int(),
        people: z.array(presencePerson.pick({ admin_id: true, username: true, name: true })),
      }),
    ),
  })
  .meta({ id: 'PresenceEditing' })
export type PresenceEditing = z.infer<typeof presenceEditingAnswer>['data'][number]

/** The stream's events, by `event:` name; each `data:` line is one JSON value of these. */
export const presenceEvents = {
  /** First: this page's connection, to name in PUT. */
  hello: z.object({ connection: z.string() }),
  /** Everyone else on the record now, whenever that changes. */
  presence: z.object({ people: z.array(presencePerson) }),
  /**
   * The record was saved (an edit, an action such as publish, a restore): its new version and who. `scheduled`
   * when a change scheduled ahead made it at its time, on `by`'s behalf: their own pages are told too.
   */
  saved: z.object({
    resource: z.string(),
    id: z.number().int(),
    version: z.string(),
    by: z.object({ admin_id: z.number().int(), username: z.string(), name: z.string() }),
    scheduled: z.literal(true).optional(),
  }),
} as const
export type PresenceSaved = z.infer<typeof presenceEvents.saved>
