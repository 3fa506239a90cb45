import {
  monthOf,
  type RestatementsQuery,
  restatedFigures,
  restatementsAnswer,
  restatementsQuery,
} from '@vod/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
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
      const months = { from: monthOf(query.start_date), to: monthOf(query.end_date) }
      const { answer, freshAsOf } = await bounded({ slots, reads }, async (on) => ({
        data: await restatementsOf(on, months, levels, figures),
        closed: await firstOpenMonth(on, zone),
      }))
      return {
        data: answer.data,
        meta: {
          start_date: query.start_date,
          end_date: query.end_date,
          time_zone: zone,
          closed_before: answer.closed,
        },
        fresh_as_of: freshAsOf?.toISOString() ?? null,
      }
    },
  )
}
