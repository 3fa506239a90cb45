import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { channelAdmins, channels } from '../../db/schema/index.ts'
import { notFound } from '../../lib/errors.ts'
import { adminOf } from '../../plugins/access.ts'
import type { Scope } from './sums.ts'

/**
 * The channels a caller's figures cover: a channel admin (an admin in any channel's `admins`) sees only the
 * channels it administers, everyone else all of them. Asking for one channel narrows it to that one: 404
 * when it does not exist or the caller may not see it.
 */
export async function scopeOf(db: Db, request: FastifyRequest, channelId?: number): Promise<Scope> {
  const own = await db
    .select({ id: channelAdmins.channelId })
    .from(channelAdmins)
    .where(eq(channelAdmins.adminId, adminOf(request).id))
  const mine = own.length > 0 ? own.map((row) => row.id) : null
  if (channelId === undefined) return { channels: mine }
  if (mine && !mine.includes(channelId)) throw notFound()
  const [found] = await db.select({ id: channels.id }).from(channels).where(eq(channels.id, channelId))
  if (!found) throw notFound()
  return { channels: [channelId] }
}
