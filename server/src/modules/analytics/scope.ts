import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { channelsOf } from '../../auth/channel-scope.ts'
import type { Db } from '../../db/client.ts'
import { channels } from '../../db/schema/index.ts'
import { notFound } from '../../lib/errors.ts'
import type { Scope } from './sums.ts'

/**
 * The channels a caller's figures cover, by the channel-scoping rule (auth/channel-scope.ts): every channel
 * with `all-channels`, else the channels it administers, possibly none (then every figure is zero). Asking
 * for one channel narrows it to that one: 404 when it does not exist or the caller may not see it.
 */
export async function scopeOf(db: Db, request: FastifyRequest, channelId?: number): Promise<Scope> {
  const mine = await channelsOf(db, request)
  if (channelId === undefined) return { channels: mine }
  if (mine && !mine.includes(channelId)) throw notFound()
  const [found] = await db.select({ id: channels.id }).from(channels).where(eq(channels.id, channelId))
  if (!found) throw notFound()
  return { channels: [channelId] }
}
