import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { channelsOf } from '../../auth/channel-scope.ts'
import type { Db } from '../../db/client.ts'
import { campaigns, channels } from '../../db/schema/index.ts'
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

/**
 * A campaign asked for, with its channel: 404 when it does not exist, is not of a channel the scope covers, or
 * not of the channel asked (`channelId`).
 */
export async function campaignIn(
  db: Db,
  scope: Scope,
  campaignId: number,
  channelId?: number,
): Promise<{ id: number; channel: number }> {
  const [found] = await db
    .select({ id: campaigns.id, channel: campaigns.channelId })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
  const seen = found && (scope.channels?.includes(found.channel) ?? true)
  if (!seen || (channelId !== undefined && found.channel !== channelId)) throw notFound()
  return found
}
