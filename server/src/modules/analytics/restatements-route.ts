import {
  monthOf,
  type RestatementsQuery,
  restatedFigures,
  restatementsAnswer,
  restatementsQuery,
} from '@vod/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { recordErrors } from '../../lib/responses.ts'
import { hiddenFiguresOf } from './hidden-figures.ts'
import { firstOpenMonth, levelsOf, RESTATEMENTS_MOST, restatementsOf } from './restatements.ts'
import { type AnalyticsOptions, BUSY_TEXT, bounded, busyErrors } from './routes.ts'
import { campaignIn, scopeOf } from './scope.ts'

const DESCRIPTION =
  'What changed the kept figures of closed business months (docs/analytics.md "Closed months and ' +
  'restatements"): each entry a figure of a month at a level, the member site\'s table whose rows changed it, ' +
  'its value before and after, and when the change reached the figures (changes of one minute are one entry). ' +
  '`start_date` and `end_date` are business days in BUSINESS_TIME_ZONE; the months they touch are read. ' +
  '`channel_id`, `campaign_id`, `plan_id` read that level; without them, everything (or, for a channel ' +
  `admin, each of its channels). The newest ${RESTATEMENTS_MOST} entries; a figure the caller's field rules ` +
  'hide is not listed.'

/** GET /analytics/restatements (issue 66, item 3), behind the company revenue's permission as the figures are. */
export async function restatementRoutes(app: FastifyInstance, { db, slots, reads, zone }: AnalyticsOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/analytics/restatements',
    {
      config: { permission: 'list-daily-revenue', figures: true },
      schema: {
        tags: ['analytics'],
        summary: 'What changed the figures of closed months',
        description: DESCRIPTION + BUSY_TEXT,
        querystring: restatementsQuery,
        response: { 200: restatementsAnswer, ...recordErrors, ...busyErrors },
      },
    },
    async (request: FastifyRequest) => {
      const query = request.query as RestatementsQuery
      const scope = await scopeOf(db, request, query.channel_id)
      const campaign =
        query.campaign_id === undefined
          ? undefined
          : await campaignIn(db, scope, query.campaign_id, query.channel_id)
      const levels = levelsOf(scope.channels, { campaign, planId: query.plan_id })
      const hidden = hiddenFiguresOf(request)
      const figures = restatedFigures.filter((figure) => !hidden.has(figure))
      return restatementsAnswered({ slots, reads, zone }, query, (on, months) =>
        restatementsOf(on, months, levels, figures),
      )
    },
  )
}

/**
 * An answer of restatements (either log): the entries `read` gives of the months the period touches, in an
 * analytics slot where the analytics read, with the period, the zone and the first month still open.
 */
export async function restatementsAnswered<Entry>(
  { slots, reads, zone }: Pick<AnalyticsOptions, 'slots' | 'reads' | 'zone'>,
  period: { start_date: string; end_date: string },
  read: (on: Db, months: { from: string; to: string }) => Promise<Entry[]>,
) {
  const months = { from: monthOf(period.start_date), to: monthOf(period.end_date) }
  const { answer, freshAsOf } = await bounded({ slots, reads }, async (on) => ({
    data: await read(on, months),
    closed: await firstOpenMonth(on, zone),
  }))
  return {
    data: answer.data,
    meta: {
      start_date: period.start_date,
      end_date: period.end_date,
      time_zone: zone,
      closed_before: answer.closed,
    },
    fresh_as_of: freshAsOf?.toISOString() ?? null,
  }
}
