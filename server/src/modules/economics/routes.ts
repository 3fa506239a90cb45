import {
  churnAnswer,
  cohortsAnswer,
  conversionAnswer,
  type EconomicsQuery,
  economicsQuery,
  type MovementsQuery,
  movementsAnswer,
  movementsQuery,
  mrrHidden,
  mrrKeys,
} from '@vod/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { recordErrors } from '../../lib/responses.ts'
import { withoutFigures } from '../analytics/hidden-figures.ts'
import { type AnalyticsOptions, answerKey, BUSY_TEXT, bounded, busyErrors } from '../analytics/routes.ts'
import { scopeOf } from '../analytics/scope.ts'
import { movements } from './movements.ts'
import type { Filters } from './paying.ts'
import { churn, cohorts, conversion } from './reports.ts'

type Answer = { data: unknown; meta: unknown }
type Run = (db: Db, zone: string, query: MovementsQuery, filters: Filters, kept: boolean) => Promise<Answer>

const calls: { path: string; summary: string; query: z.ZodType; answer: z.ZodType; run: Run }[] = [
  {
    path: 'movements',
    summary: 'MRR and its movements (new, reactivation, expansion, contraction, churn) a day or month',
    query: movementsQuery,
    answer: movementsAnswer,
    run: (db, zone, query, filters, kept) => movements(db, zone, query, filters, kept),
  },
  {
    path: 'churn',
    summary: 'Churn rates, ARPU and LTV a month',
    query: economicsQuery,
    answer: churnAnswer,
    run: (db, zone, query, filters, kept) => churn(db, zone, query.start_date, query.end_date, filters, kept),
  },
  {
    path: 'cohorts',
    summary: 'Retention cohorts by the month of the first paying day',
    query: economicsQuery,
    answer: cohortsAnswer,
    run: (db, zone, query, filters, kept) =>
      cohorts(db, zone, query.start_date, query.end_date, filters, kept),
  },
  {
    path: 'conversion',
    summary: 'First-period conversion by plan',
    query: economicsQuery,
    answer: conversionAnswer,
    run: (db, zone, query, filters, kept) =>
      conversion(db, zone, query.start_date, query.end_date, filters, kept),
  },
]

const DESCRIPTION =
  '`start_date` and `end_date` (`YYYY-MM-DD`) are business days in BUSINESS_TIME_ZONE, both included; out ' +
  'of order or over three years is 422 on `end_date`. Exactly as docs/figures.md "Subscription economics" ' +
  'defines it over the raw subscriptions, plans and orders: movements, churn, cohorts and conversion of the whole ' +
  'business, one ' +
  'channel, campaign or plan read from what is kept (docs/analytics.md "Subscription economics kept") once ' +
  'it is whole, the rest computed from the rows, the same answer either way; `channel_id`, `campaign_id`, `plan_id` ' +
  "keep the subscriptions of one (a channel the caller may not see is 404). A channel admin's figures cover " +
  "only its channels' subscriptions. Without whole read of the plans' prices and the orders' amounts (field " +
  'rules), every MRR figure is absent.'

const hiddenMrr: ReadonlySet<string> = new Set(mrrKeys)

/**
 * GET /analytics/subscriptions/... (issue 66, items 1 and 2): subscription economics (movements.ts, reports.ts), behind the
 * company-revenue permission, in the analytics slots like every analytics call. The business zone is read
 * at each call (`zone()`), so a test can count one app's rows in several zones.
 */
export async function economicsRoutes(app: FastifyInstance, options: AnalyticsOptions, zone: () => string) {
  const { db, slots, reads, answers, figuresKept } = options
  for (const call of calls)
    app.withTypeProvider<ZodTypeProvider>().get(
      `/analytics/subscriptions/${call.path}`,
      {
        config: { permission: 'list-daily-revenue' },
        schema: {
          tags: ['analytics'],
          summary: call.summary,
          description: DESCRIPTION + BUSY_TEXT,
          querystring: call.query,
          response: { 200: call.answer, ...recordErrors, ...busyErrors },
        },
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const query = request.query as MovementsQuery & EconomicsQuery
        const scope = await scopeOf(db, request, query.channel_id)
        const filters: Filters = { scope, campaignId: query.campaign_id, planId: query.plan_id }
        const businessZone = zone()
        const { answer, freshAsOf } = await answers.answer(
          answerKey(`/analytics/subscriptions/${call.path}`, [businessZone, query], scope),
          () => bounded({ slots, reads }, (on) => call.run(on, businessZone, query, filters, figuresKept())),
        )
        const rules = request.admin?.fieldRules ?? {}
        const shown = mrrHidden(rules) ? withoutFigures(answer, hiddenMrr) : answer
        return reply.send({ ...(shown as object), fresh_as_of: freshAsOf?.toISOString() ?? null })
      },
    )
}
