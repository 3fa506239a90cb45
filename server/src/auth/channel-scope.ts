import { eq, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/client.ts'
import { channelAdmins } from '../db/schema/index.ts'
import { byChannel, keepsToChannels } from '../lib/list/channel-rows.ts'
import { qualified } from '../lib/resource/relations.ts'
import { adminOf } from './sessions.ts'

/**
 * The one rule of channel scoping (docs/security.md "Channel scoping"): an admin whose roles grant
 * `all-channels` sees every channel and the records of none (direct); any other admin sees exactly the
 * channels it is listed with as a channel admin, possibly none. Channels, and the members, subscriptions and
 * orders they brought, and every figure over them, are channel data: outside the scope they are absent from
 * lists, exports, totals and figures, and 404 when named.
 */
export const ALL_CHANNELS = 'all-channels'

/** Whether the caller sees every channel. */
export const seesAllChannels = (request: FastifyRequest): boolean =>
  adminOf(request).permissions.has(ALL_CHANNELS)

/** The channels the caller sees: null for all of them, else the ids it administers (read now, never cached). */
export async function channelsOf(db: Db, request: FastifyRequest): Promise<number[] | null> {
  if (seesAllChannels(request)) return null
  const rows = await db
    .select({ id: channelAdmins.channelId })
    .from(channelAdmins)
    .where(eq(channelAdmins.adminId, adminOf(request).id))
  return rows.map((row) => row.id)
}

/**
 * The rule as a condition on a record's channel column, for a resource's `scope`: nothing for a caller who
 * sees all, else the column among the channels it administers now (a row of no channel is never among them).
 * One statement with the list: the caller's channels are read by the same query. Marked as such
 * (lib/list/channel-rows.ts), so that reads by a keyword take the channels into their index reads.
 */
export function channelScope(column: PgColumn): (request: FastifyRequest) => SQL | undefined {
  return byChannel((request: FastifyRequest) => {
    if (seesAllChannels(request)) return undefined
    const channels = sql`select ${qualified(channelAdmins.channelId)} from ${channelAdmins} where ${qualified(channelAdmins.adminId)} = ${adminOf(request).id}`
    return keepsToChannels(sql`${qualified(column)} in (${channels})`, { column, channels })
  }, column)
}
