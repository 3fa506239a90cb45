import {
  campaignsAnswer,
  channelsAnswer,
  dailySeriesAnswer,
  dayIn,
  type PeriodQuery,
  type PermissionName,
  periodComparisonAnswer,
  periodQuery,
  todayRecordAnswer,
  typeRevenueAnswer,
} from '@vod/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { idParams } from '../../lib/id-param.ts'
import { errorBody, protectedErrors, recordErrors } from '../../lib/responses.ts'
import type { Slots } from '../../lib/slots.ts'
import { hiddenFiguresOf, withoutFigures } from './hidden-figures.ts'
import type { AnalyticsReads } from './read-target.ts'
import type { RecentAnswers } from './recent-answers.ts'
import { comparison, dailySeries, perCampaign, perChannel, perChannelType, todayRecord } from './reports.ts'
import { scopeOf } from './scope.ts'
import type { Period, Scope } from './sums.ts'

/**
 * What a call answers: its schema, and how, from the period and the channels the caller sees (the whole
 * answer as JSON text, written by PostgreSQL in the schema's shape).
 */
interface Report {
  answer: z.ZodType
  period: boolean
  run(db: Db, zone: string, query: PeriodQuery, scope: Scope): Promise<string>
}

/**
 * Sends an answer with its `fresh_as_of`: JSON text as it is (its shape is the schema's, written in SQL) with
 * the field put first, an object through the schema. A figure the caller's field rules hide is left out
 * (hidden-figures.ts), here where every dashboard and analytics answer passes, after the shared recent
 * answers (recent-answers.ts), which hold them whole for every caller.
 */
export function sendAnswer(reply: FastifyReply, { answer, freshAsOf }: Fresh<unknown>) {
  const fresh = freshAsOf?.toISOString() ?? null
  const hidden = hiddenFiguresOf(reply.request)
  if (hidden.size > 0) {
    const shown = withoutFigures(typeof answer === 'string' ? JSON.parse(answer) : answer, hidden)
    return reply
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ fresh_as_of: fresh, ...(shown as object) }))
  }
  if (typeof answer !== 'string') return { ...(answer as object), fresh_as_of: fresh }
  return reply
    .type('application/json; charset=utf-8')
    .send(`{"fresh_as_of":${JSON.stringify(fresh)},${answer.slice(1)}`)
}

/** The business days a query's `start_date` and `end_date` name, in the zone. */
export const periodOf = (zone: string, q: PeriodQuery): Period => ({
  zone,
  start: q.start_date,
  end: q.end_date,
})

export const reports = {
  series: {
    answer: dailySeriesAnswer,
    period: true,
    run: (db, zone, q, scope) => dailySeries(db, periodOf(zone, q), scope),
  },
  comparison: {
    answer: periodComparisonAnswer,
    period: true,
    run: (db, zone, q, scope) => comparison(db, periodOf(zone, q), scope),
  },
  today: {
    answer: todayRecordAnswer,
    period: false,
    run(db, zone, _q, scope) {
      const now = new Date()
      return todayRecord(db, zone, dayIn(zone, now), scope, now)
    },
  },
  channels: {
    answer: channelsAnswer,
    period: true,
    run: (db, zone, q, scope) => perChannel(db, periodOf(zone, q), scope),
  },
  campaigns: {
    answer: campaignsAnswer,
    period: true,
    run: (db, zone, q, scope) => perCampaign(db, periodOf(zone, q), scope),
  },
  types: {
    answer: typeRevenueAnswer,
    period: true,
    run: (db, zone, q, scope) => perChannelType(db, periodOf(zone, q), scope),
  },
} satisfies Record<string, Report>
type ReportName = keyof typeof reports

/**
 * The analytics calls of spec section 7, each a report: the same figures (docs/analytics.md) cut
 * differently. The channel calls also exist per channel under /analytics/channel/{id}/..., where the
 * channel pies split by campaign.
 */
const channelCalls: { path: string; summary: string; all: ReportName; one: ReportName }[] = [
  { path: 'todayRecord', summary: "Today so far and yesterday's figures", all: 'today', one: 'today' },
  {
    path: 'periodStatistic',
    summary: 'The period against the one before',
    all: 'comparison',
    one: 'comparison',
  },
  { path: 'records', summary: 'Every figure, a row a day', all: 'series', one: 'series' },
  {
    path: 'userLineChart',
    summary: 'Visitors, sign-ups and subscriptions a day',
    all: 'series',
    one: 'series',
  },
  {
    path: 'revenueLineChart',
    summary: 'Revenue, refunds and chargebacks a day',
    all: 'series',
    one: 'series',
  },
  {
    path: 'userPieChart',
    summary: 'Sign-ups and subscriptions per channel (per campaign of one)',
    all: 'channels',
    one: 'campaigns',
  },
  {
    path: 'revenuePieChart',
    summary: 'Revenue per channel (per campaign of one)',
    all: 'channels',
    one: 'campaigns',
  },
  { path: 'type-revenue-distribution', summary: 'Revenue per type of channel', all: 'types', one: 'types' },
  {
    path: 'subscriptionReferrals',
    summary: 'Subscriptions per campaign',
    all: 'campaigns',
    one: 'campaigns',
  },
  { path: 'refundStatistics', summary: 'Refunds and chargebacks a day', all: 'series', one: 'series' },
]

const otherCalls: { path: string; permission: PermissionName; summary: string; report: ReportName }[] = [
  {
    path: '/analytics/revenue/companyDataDaily',
    permission: 'list-daily-revenue',
    summary: 'Company revenue a day',
    report: 'series',
  },
  {
    path: '/analytics/campaign/statistic',
    permission: 'list-daily-campaign',
    summary: 'Every figure per campaign',
    report: 'campaigns',
  },
  {
    path: '/analytics/data/daily',
    permission: 'list-daily-data',
    summary: 'Every figure, a row a day',
    report: 'series',
  },
  {
    path: '/analytics/subscriber-source',
    permission: 'list-daily-subscriber-source',
    summary: 'Where subscribers come from, per channel',
    report: 'channels',
  },
  {
    path: '/analytics/refund-statistics',
    permission: 'list-daily-refund-statistics',
    summary: 'Refunds and chargebacks a day',
    report: 'series',
  },
]

const PERIOD_TEXT =
  '`start_date` and `end_date` (`YYYY-MM-DD`) are business days in BUSINESS_TIME_ZONE, both included; ' +
  'out of order or over three years is 422 on `end_date`. Figures as docs/analytics.md defines them; a ' +
  "channel admin's cover only the channels it administers."

/** An answer, and the newest commit its figures include. */
type Fresh<T> = { answer: T; freshAsOf: Date | null }

export interface AnalyticsOptions {
  /** The primary: the caller's channels, and anything that writes. */
  db: Db
  /** Where the figures are read: the replica of ANALYTICS_DATABASE_URL while it is current, else `db`. */
  reads: AnalyticsReads
  /** ANALYTICS_CONCURRENCY: every call runs in one of them (429 when they and the line are full). */
  slots: Slots
  /** The answers of the last moments (recent-answers.ts): a call asked again within a second is not run again. */
  answers: RecentAnswers
  zone: string
  /** Whether this process keeps the figures (keeping/index.ts): what is kept may answer. */
  figuresKept: () => boolean
}

/** What an answer depends on besides the rows: the call, its parameters, the channels the caller sees now. */
export const answerKey = (path: string, parameters: unknown, scope: Scope) =>
  `${path} ${JSON.stringify(parameters)} ${scope.channels?.join(',') ?? '*'}`

/** What each call's document says of its 429, and the answer it gives. */
export const BUSY_TEXT =
  ' At most ANALYTICS_CONCURRENCY dashboard and analytics calls run at once per process, 32 more wait in ' +
  'line: past that 429 with Retry-After.'
export const busyErrors = { 429: errorBody } as const

/**
 * Runs a call's work in an analytics slot, waiting in line for one (429 when the line is full), where the
 * analytics read now (read-target.ts), with how fresh its figures are. The slot goes back once the answer is
 * written, not sent: a slow reader holds none (holding it through the send, compression included, measured
 * no better beside 20 three-year callers).
 */
export async function bounded<T>(
  { slots, reads }: Pick<AnalyticsOptions, 'slots' | 'reads'>,
  work: (db: Db) => Promise<T>,
): Promise<Fresh<T>> {
  const release = await slots.enter()
  try {
    return await reads.run(work)
  } finally {
    release()
  }
}

function register(
  app: FastifyInstance,
  { db, reads, slots, answers, zone }: AnalyticsOptions,
  path: string,
  permission: PermissionName,
  summary: string,
  name: ReportName,
  perChannel: boolean,
) {
  const report: Report = reports[name]
  const querystring = report.period ? periodQuery : z.strictObject({})
  app.withTypeProvider<ZodTypeProvider>().get(
    path,
    {
      config: { permission, figures: true },
      schema: {
        tags: [path.split('/')[1] ?? 'analytics'],
        summary,
        description:
          (report.period ? PERIOD_TEXT : 'Today is the business day now under way in BUSINESS_TIME_ZONE.') +
          BUSY_TEXT,
        querystring,
        ...(perChannel ? { params: idParams } : {}),
        response: { 200: report.answer, ...(perChannel ? recordErrors : protectedErrors), ...busyErrors },
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const id = perChannel ? (request.params as { id: number }).id : undefined
      const query = request.query as PeriodQuery
      const scope = await scopeOf(db, request, id)
      const answer = await answers.answer(answerKey(path, [id, query], scope), () =>
        bounded({ slots, reads }, (on) => report.run(on, zone, query, scope)),
      )
      return sendAnswer(reply, answer)
    },
  )
}

/** GET /analytics/... behind the `daily` permissions (spec section 6). */
export async function analyticsRoutes(app: FastifyInstance, options: AnalyticsOptions) {
  for (const call of channelCalls) {
    register(
      app,
      options,
      `/analytics/channel/${call.path}`,
      'list-daily-channel',
      call.summary,
      call.all,
      false,
    )
    register(
      app,
      options,
      `/analytics/channel/:id/${call.path}`,
      'list-daily-channel',
      `${call.summary}: one channel`,
      call.one,
      true,
    )
  }
  for (const call of otherCalls)
    register(app, options, call.path, call.permission, call.summary, call.report, false)
}
