import {
  channelStatisticAnswer,
  channelStatisticQuery,
  type Subscription,
  type subscriptionStatuses,
  subscriptionsContract,
} from '@vod/contract'
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { channelScope } from '../../auth/channel-scope.ts'
import type { Db } from '../../db/client.ts'
import { campaigns, channels, plans, subscriptions, users } from '../../db/schema/index.ts'
import { invalidField } from '../../lib/errors.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { qualified } from '../../lib/resource/relations.ts'
import { protectedErrors } from '../../lib/responses.ts'
import { hiddenFiguresOf, withoutFigures } from '../analytics/hidden-figures.ts'
import { planTitle } from './plan-title.ts'

/** A channel as people name it: its UTM source, medium and campaign (null for no channel). */
const channelName = sql<
  string | null
>`case when ${qualified(channels.id)} is null then null else concat_ws(' / ', ${qualified(channels.utmSource)}, ${qualified(channels.utmMedium)}, ${qualified(channels.utmCampaign)}) end`

/** Subscriptions of the caller's channels (auth/channel-scope.ts): the list, its export and the statistic. */
const scope = channelScope(subscriptions.channelId)

/** Members' subscriptions, read only (a hidden list under /plans): who, which plan, which channel, when. */
export const subscriptionsResource = defineResource<Subscription>({
  contract: subscriptionsContract,
  table: subscriptions,
  scope,
  joins: [
    { table: users, on: eq(users.id, subscriptions.userId), inner: true },
    { table: plans, on: eq(plans.id, subscriptions.planId), inner: true },
    { table: channels, on: eq(channels.id, subscriptions.channelId) },
    { table: campaigns, on: eq(campaigns.id, subscriptions.campaignId) },
  ],
  present: {
    username: users.username,
    plan_name: planTitle,
    channel_name: channelName,
    campaign_name: campaigns.name,
  },
  list: {
    keyword: [{ prefix: users.username }],
  },
})

const DAY_MS = 86_400_000
const counted = (status: (typeof subscriptionStatuses)[number]) =>
  sql<number>`(count(*) filter (where ${subscriptions.status} = ${status}))::integer`

/**
 * Subscriptions started in a range of calendar days (UTC, both inclusive, either open), per channel,
 * counted by PostgreSQL: all of them and by state; those through no channel form one row with a null
 * channel. Most first, then by channel id (no channel last).
 */
async function channelStatistic(db: Db, from: string | undefined, to: string | undefined, within?: SQL) {
  const range: (SQL | undefined)[] = [
    within,
    from === undefined ? undefined : gte(subscriptions.startedAt, new Date(`${from}T00:00:00.000Z`)),
    to === undefined
      ? undefined
      : lt(subscriptions.startedAt, new Date(new Date(`${to}T00:00:00.000Z`).getTime() + DAY_MS)),
  ]
  const total = sql<number>`count(*)::integer`
  const rows = await db
    .select({
      channel_id: subscriptions.channelId,
      channel_name: channelName,
      total,
      active: counted('active'),
      cancelled: counted('cancelled'),
      expired: counted('expired'),
    })
    .from(subscriptions)
    .leftJoin(channels, eq(channels.id, subscriptions.channelId))
    .where(and(...range))
    .groupBy(subscriptions.channelId, channels.id)
    .orderBy(desc(total), sql`${subscriptions.channelId} asc nulls last`)
  return rows
}

/** GET /api/subscriptions/channelStatistic behind list-subscriptions. */
export async function channelStatisticRoute(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/subscriptions/channelStatistic',
    {
      config: { permission: 'list-subscriptions' },
      schema: {
        tags: ['subscriptions'],
        summary: 'Subscriptions started in a range of days, per channel',
        description:
          '`started_from` and `started_to` are calendar days (UTC), both inclusive, either may be left out. ' +
          'One row per channel with any (`channel_id` null: subscriptions through no channel): `total` and ' +
          'the counts by state, most first; `meta.total` is the sum. 422 when the range ends before it starts. ' +
          'Only the channels the caller sees: all of them and direct subscriptions with `all-channels`, else those it administers.',
        querystring: channelStatisticQuery,
        response: { 200: channelStatisticAnswer, ...protectedErrors },
      },
    },
    async (request) => {
      const { started_from: from, started_to: to } = request.query
      if (from !== undefined && to !== undefined && to < from)
        throw invalidField('started_to', 'validation.after_start')
      const data = await channelStatistic(db, from, to, scope(request))
      return {
        data: withoutFigures(data, hiddenFiguresOf(request)) as typeof data,
        meta: {
          started_from: from ?? null,
          started_to: to ?? null,
          total: data.reduce((sum, row) => sum + row.total, 0),
        },
      }
    },
  )
}
