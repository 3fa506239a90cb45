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

/** The stream's events, by `event:` name; each `data:` line is one JSON value of these. */
export const presenceEvents = {
  /** First: this page's connection, to name in PUT. */
  hello: z.object({ connection: z.string() }),
  /** Everyone else on the record now, whenever that changes. */
  presence: z.object({ people: z.array(presencePerson) }),
  /** Someone saved the record: its new version and who. */
  saved: z.object({
    resource: z.string(),
    id: z.number().int(),
    version: z.string(),
    by: z.object({ admin_id: z.number().int(), username: z.string(), name: z.string() }),
  }),
} as const
export type PresenceSaved = z.infer<typeof presenceEvents.saved>
