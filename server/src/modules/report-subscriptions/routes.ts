import {
  REPORT_SUBSCRIPTION_LIMIT,
  type ReportDeliveryState,
  type ReportSubscription,
  reportPermission,
  reportSubscriptionInput,
  reportSubscriptionRecord,
} from '@vod/contract'
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm'
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { channelScope, channelsOf } from '../../auth/channel-scope.ts'
import { adminOf } from '../../auth/sessions.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { admins, channels, reportDeliveries, reportSubscriptions } from '../../db/schema/index.ts'
import { audit } from '../../lib/audit.ts'
import { conflict, forbidden, invalidField, notFound } from '../../lib/errors.ts'
import { idParams } from '../../lib/id-param.ts'
import { listQuery, listResponse } from '../../lib/list/list-query.ts'
import { MAX_MAIL_ATTEMPTS } from '../../lib/mail/transport.ts'
import { dataOf, errorBody, protectedErrors, recordErrors } from '../../lib/responses.ts'

const { query: pageQuery } = listQuery({
  sortable: { id: reportSubscriptions.id },
  defaultSort: '-id',
})

/** Where a delivery stands on the wire: a pending one past its tries has failed. */
const stateOf = (row: { state: ReportDeliveryState; pending: boolean; attempts: number }) =>
  row.pending && row.attempts >= MAX_MAIL_ATTEMPTS ? 'failed' : row.state

/** A page of subscriptions (of one admin, or everyone's), newest first, each with its last report. */
async function page(db: Db, zone: string, where: SQL | undefined, pageNo: number, perPage: number) {
  const [total] = await db.select({ n: count() }).from(reportSubscriptions).where(where)
  const rows = await db
    .select({
      subscription: reportSubscriptions,
      username: admins.username,
      channelName: channels.utmSource,
    })
    .from(reportSubscriptions)
    .innerJoin(admins, eq(admins.id, reportSubscriptions.adminId))
    .leftJoin(channels, eq(channels.id, reportSubscriptions.channelId))
    .where(where)
    .orderBy(desc(reportSubscriptions.id))
    .limit(perPage)
    .offset((pageNo - 1) * perPage)
  const ids = rows.map((row) => row.subscription.id)
  const last = ids.length
    ? await db
        .selectDistinctOn([reportDeliveries.subscriptionId])
        .from(reportDeliveries)
        .where(inArray(reportDeliveries.subscriptionId, ids))
        .orderBy(asc(reportDeliveries.subscriptionId), desc(reportDeliveries.periodStart))
    : []
  const lastOf = new Map(last.map((row) => [row.subscriptionId, row]))
  const n = total?.n ?? 0
  return {
    data: rows.map(({ subscription, username, channelName }): ReportSubscription => {
      const delivery = lastOf.get(subscription.id)
      return {
        id: subscription.id,
        admin_id: subscription.adminId,
        admin_username: username,
        report: subscription.report,
        channel_id: subscription.channelId,
        channel_name: channelName,
        frequency: subscription.frequency,
        weekday: subscription.weekday,
        hour: subscription.hour,
        language: subscription.language,
        time_zone: zone,
        created_at: subscription.createdAt.toISOString(),
        last_period_start: delivery?.periodStart ?? null,
        last_period_end: delivery?.periodEnd ?? null,
        last_state: delivery ? stateOf(delivery) : null,
      }
    }),
    meta: {
      current_page: pageNo,
      per_page: perPage,
      total: n,
      last_page: Math.max(1, Math.ceil(n / perPage)),
    },
  }
}

const WHEN_TEXT =
  'A daily report goes out at `hour` (0-23, BUSINESS_TIME_ZONE) with the day before; a weekly one on `weekday` ' +
  '(1 Monday to 7 Sunday) at `hour` with the seven days before; a monthly one on the first of each month at ' +
  '`hour` with the month before. The CSV of the screen goes with it (for the ' +
  "daily revenue and channel reports, only to a subscriber holding the screen's export permission). The " +
  "subscriber's permission, channels and e-mail address are checked again as each report is made: lost, " +
  'the report is withheld.'

/**
 * `/report-subscriptions`: an admin's own subscriptions to reports by e-mail (any logged-in admin; a report
 * needs the `list-` permission of its screen), and everyone's for who may list admins (`list-admins`: who
 * manages admins sees what is mailed to whom).
 */
export async function reportSubscriptionRoutes(app: FastifyInstance, db: Db, config: Config) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const zone = config.businessTimeZone
  const list = listResponse(reportSubscriptionRecord)

  // Subscriptions are channel data (docs/security.md): a channel admin sees those of its channels only. In
  // its own list one of every channel it sees stays; one of a channel it no longer administers is gone, as
  // that channel's other data is (and nothing of it is mailed).
  const lists: {
    path: string
    config: FastifyContextConfig
    summary: string
    where: (request: FastifyRequest, scope: SQL | undefined) => SQL | undefined
  }[] = [
    {
      path: '/report-subscriptions',
      config: { access: 'authenticated' },
      summary: "The caller's subscriptions to reports by e-mail, newest first, each with its last report",
      where: (request: FastifyRequest, scope: SQL | undefined) =>
        and(
          eq(reportSubscriptions.adminId, adminOf(request).id),
          scope && or(isNull(reportSubscriptions.channelId), scope),
        ),
    },
    {
      path: '/report-subscriptions/all',
      config: { permission: 'list-admins' },
      summary: "Every admin's subscriptions to reports by e-mail, newest first",
      where: (_request: FastifyRequest, scope: SQL | undefined) => scope,
    },
  ]
  for (const { path, config: access, summary, where } of lists)
    r.get(
      path,
      {
        config: access,
        schema: {
          tags: ['report-subscriptions'],
          summary,
          querystring: pageQuery,
          response: { 200: list, ...protectedErrors },
        },
      },
      async (request) => {
        const q = request.query as unknown as { page: number; perPage: number }
        const scope = channelScope(reportSubscriptions.channelId)(request)
        return page(db, zone, where(request, scope), q.page, q.perPage)
      },
    )

  r.post(
    '/report-subscriptions',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['report-subscriptions'],
        summary: 'Subscribe to a report by e-mail',
        description:
          `${WHEN_TEXT} 403 without the report's \`list-\` permission; 422 on \`channel_id\` for a channel the ` +
          `caller does not see; 409 without an e-mail address on the profile, or past ${REPORT_SUBSCRIPTION_LIMIT} subscriptions.`,
        body: reportSubscriptionInput,
        response: { 201: dataOf(reportSubscriptionRecord), ...protectedErrors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const admin = adminOf(request)
      const input = request.body
      if (!admin.permissions.has(reportPermission(input.report))) throw forbidden()
      const channelId = input.channel_id ?? null
      if (channelId !== null) {
        const mine = await channelsOf(db, request)
        const [found] = await db.select({ id: channels.id }).from(channels).where(eq(channels.id, channelId))
        if (!found || (mine && !mine.includes(channelId)))
          throw invalidField('channel_id', 'validation.exists')
      }
      if (!admin.email) throw conflict('report_subscriptions.no_email')
      const id = await db.transaction(async (tx: Db) => {
        // The admin's row locked: two parallel subscribes cannot both pass the limit.
        await tx.select({ id: admins.id }).from(admins).where(eq(admins.id, admin.id)).for('update')
        const [held] = await tx
          .select({ n: count() })
          .from(reportSubscriptions)
          .where(eq(reportSubscriptions.adminId, admin.id))
        if ((held?.n ?? 0) >= REPORT_SUBSCRIPTION_LIMIT)
          throw conflict('report_subscriptions.limit', { max: REPORT_SUBSCRIPTION_LIMIT })
        const [saved] = await tx
          .insert(reportSubscriptions)
          .values({
            adminId: admin.id,
            report: input.report,
            channelId,
            frequency: input.frequency,
            weekday: input.frequency === 'weekly' ? (input.weekday ?? null) : null,
            hour: input.hour,
            language: input.language,
          })
          .returning({ id: reportSubscriptions.id })
        if (!saved) throw new Error('report_subscriptions insert returned nothing')
        await audit(tx, request, {
          resource: 'profile',
          recordId: admin.id,
          action: 'subscribe-report',
          changes: { id: saved.id, ...input, channel_id: channelId },
        })
        return saved.id
      })
      const answer = await page(db, zone, eq(reportSubscriptions.id, id), 1, 1)
      return reply.code(201).send({ data: answer.data[0] as ReportSubscription })
    },
  )

  r.delete(
    '/report-subscriptions/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['report-subscriptions'],
        summary: 'Cancel one of the caller’s subscriptions (404 for another admin’s)',
        params: idParams,
        response: { 204: z.undefined(), ...recordErrors },
      },
    },
    async (request, reply) => {
      const admin = adminOf(request)
      await db.transaction(async (tx: Db) => {
        const [gone] = await tx
          .delete(reportSubscriptions)
          .where(
            and(eq(reportSubscriptions.id, request.params.id), eq(reportSubscriptions.adminId, admin.id)),
          )
          .returning()
        if (!gone) throw notFound()
        await audit(tx, request, {
          resource: 'profile',
          recordId: admin.id,
          action: 'unsubscribe-report',
          changes: { id: gone.id, report: gone.report, channel_id: gone.channelId },
        })
      })
      return reply.code(204).send()
    },
  )
}
