import {
  addDays,
  channelsAnswer,
  DASHBOARD_DAYS,
  dailySeriesAnswer,
  dashboardAnswer,
  dashboardPeriodQuery,
  dayIn,
  devicesAnswer,
  type PeriodQuery,
  periodComparisonAnswer,
  planFiguresAnswer,
  realTimeRevenuesAnswer,
  realTimeUsersAnswer,
} from '@vod/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { protectedErrors } from '../../lib/responses.ts'
import { dashboardPanels, perDevice, perPlan, realTimeRevenues, realTimeUsers } from './reports.ts'
import {
  type AnalyticsOptions,
  answerKey,
  BUSY_TEXT,
  bounded,
  busyErrors,
  periodOf,
  reports,
  sendAnswer,
} from './routes.ts'
import { scopeOf } from './scope.ts'
import type { Scope } from './sums.ts'

/** The dashboard's period when none is given: the last 30 business days, today included. */
function periodOr(zone: string, query: Partial<PeriodQuery>): PeriodQuery {
  const today = dayIn(zone, new Date())
  const end = query.end_date ?? (query.start_date && query.start_date > today ? query.start_date : today)
  return { start_date: query.start_date ?? addDays(end, -(DASHBOARD_DAYS - 1)), end_date: end }
}

/**
 * GET /dashboard and its panels (spec section 7) behind view-dashboard: the live panels (today against the
 * same time yesterday and a week ago, online now), trends and splits of a period (the last 30 days unless
 * `start_date` / `end_date` say otherwise). A channel admin's cover its channels only.
 */
export async function dashboardRoutes(
  app: FastifyInstance,
  { db: primary, reads, slots, answers, zone }: AnalyticsOptions,
) {
  const route = (
    path: string,
    summary: string,
    answer: z.ZodType,
    period: boolean,
    run: (scope: Scope, query: PeriodQuery, db: Db) => Promise<unknown>,
  ) =>
    app.withTypeProvider<ZodTypeProvider>().get(
      path,
      {
        config: { permission: 'view-dashboard', figures: true },
        schema: {
          tags: ['dashboard'],
          summary,
          description:
            (period
              ? 'Business days in BUSINESS_TIME_ZONE, both included; the last 30 days to today unless given. ' +
                'Out of order or over three years: 422 on `end_date`.'
              : 'Live: read it again every few seconds.') + BUSY_TEXT,
          querystring: period ? dashboardPeriodQuery : z.strictObject({}),
          response: { 200: answer, ...protectedErrors, ...busyErrors },
        },
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const query = periodOr(zone, request.query as Partial<PeriodQuery>)
        const scope = await scopeOf(primary, request)
        return sendAnswer(
          reply,
          await answers.answer(answerKey(path, query, scope), () =>
            bounded({ slots, reads }, (db) => run(scope, query, db)),
          ),
        )
      },
    )
  const data = async (value: Promise<unknown>) => ({ data: await value })

  route(
    '/dashboard',
    'Live panels: today against yesterday and a week ago',
    dashboardAnswer,
    false,
    (scope, _q, db) => {
      const now = new Date()
      return data(dashboardPanels(db, zone, dayIn(zone, now), scope, now))
    },
  )
  route(
    '/dashboard/real-time-users',
    'Visitors online now and per minute',
    realTimeUsersAnswer,
    false,
    (scope, _q, db) => data(realTimeUsers(db, scope, new Date())),
  )
  route(
    '/dashboard/real-time-revenues',
    "Today's revenue per quarter-hour",
    realTimeRevenuesAnswer,
    false,
    (scope, _q, db) => {
      const now = new Date()
      return data(realTimeRevenues(db, zone, dayIn(zone, now), scope, now))
    },
  )
  route(
    '/dashboard/revenueGather',
    'The period against the one before',
    periodComparisonAnswer,
    true,
    (scope, q, db) => reports.comparison.run(db, zone, q, scope),
  )
  route('/dashboard/revenueTrend', 'Revenue a day', dailySeriesAnswer, true, (scope, q, db) =>
    reports.series.run(db, zone, q, scope),
  )
  route(
    '/dashboard/memberTrend',
    'Visitors, sign-ups and subscriptions a day',
    dailySeriesAnswer,
    true,
    (scope, q, db) => reports.series.run(db, zone, q, scope),
  )
  route('/dashboard/channelList', 'Top channels', channelsAnswer, true, (scope, q, db) =>
    reports.channels.run(db, zone, q, scope),
  )
  route('/dashboard/planList', 'Plans', planFiguresAnswer, true, (scope, q, db) =>
    perPlan(db, periodOf(zone, q), scope),
  )
  route('/dashboard/devices', 'Visits per device', devicesAnswer, true, (scope, q, db) =>
    perDevice(db, periodOf(zone, q), scope),
  )
}
