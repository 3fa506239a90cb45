import { type EconomicsQuery, economicsQuery, economicsRestatementsAnswer, mrrHidden } from '@vod/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { invalidField } from '../../lib/errors.ts'
import { recordErrors } from '../../lib/responses.ts'
import { RESTATEMENTS_MOST } from '../analytics/restatements.ts'
import { restatementsAnswered } from '../analytics/restatements-route.ts'
import { type AnalyticsOptions, BUSY_TEXT, busyErrors } from '../analytics/routes.ts'
import { campaignIn, scopeOf } from '../analytics/scope.ts'
import type { KeptScope } from './kept-movements.ts'
import { economicsFiguresFor, economicsRestatementsOf } from './restatements.ts'

const DESCRIPTION =
  'What changed the subscription economics of closed business months (docs/analytics.md "Restatements of ' +
  'subscription economics"): each entry a figure of a month (the five movements and members each, closing ' +
  'MRR and members; or of a retention cohort, named by `cohort`: its members in its own month, its members ' +
  "paying and their MRR at the month's end) in a scope, the member site's table whose change restated it " +
  '(`subscriptions`, or ' +
  "`plans` for a plan's prices or periods), its value before and after, and when it was noted (changes of one " +
  'minute are one entry). `start_date` and `end_date` are business days in BUSINESS_TIME_ZONE; the months ' +
  'they touch are read. At most one of `channel_id`, `campaign_id`, `plan_id` (422 otherwise); a channel ' +
  'admin reads each of its channels, or one campaign of them, and no plan (422). The newest ' +
  `${RESTATEMENTS_MOST} entries; without whole read of the plans' prices and the orders' amounts, no MRR ` +
  'figure is listed.'

/**
 * The kept scopes a call reads: the whole business or each of a channel admin's channels, one channel, one
 * campaign of the caller's channels, or one plan (a plan within channels is kept nowhere: 422).
 */
async function scopesOf(request: FastifyRequest, query: EconomicsQuery, db: AnalyticsOptions['db']) {
  const scope = await scopeOf(db, request, query.channel_id)
  if (query.plan_id !== undefined && (scope.channels !== null || query.campaign_id !== undefined))
    throw invalidField('plan_id', 'errors.restatements_one_scope')
  if (query.campaign_id !== undefined) {
    const campaign = await campaignIn(db, scope, query.campaign_id, query.channel_id)
    return [{ kind: 'campaign', id: campaign.id }] satisfies KeptScope[]
  }
  if (query.plan_id !== undefined) return [{ kind: 'plan', id: query.plan_id }] satisfies KeptScope[]
  if (scope.channels === null) return [{ kind: 'all', id: -1 }] satisfies KeptScope[]
  return scope.channels.map((id): KeptScope => ({ kind: 'channel', id }))
}

/** GET /analytics/subscriptions/restatements (issue 66, item 3), behind the company revenue's permission. */
export async function economicsRestatementRoutes(
  app: FastifyInstance,
  { db, slots, reads, zone }: AnalyticsOptions,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/analytics/subscriptions/restatements',
    {
      config: { permission: 'list-daily-revenue', figures: true },
      schema: {
        tags: ['analytics'],
        summary: 'What changed the subscription economics of closed months',
        description: DESCRIPTION + BUSY_TEXT,
        querystring: economicsQuery,
        response: { 200: economicsRestatementsAnswer, ...recordErrors, ...busyErrors },
      },
    },
    async (request: FastifyRequest) => {
      const query = request.query as EconomicsQuery
      const scopes = await scopesOf(request, query, db)
      const figures = economicsFiguresFor(!mrrHidden(request.admin?.fieldRules ?? {}))
      return restatementsAnswered({ slots, reads, zone }, query, (on, months) =>
        economicsRestatementsOf(on, months, scopes, figures),
      )
    },
  )
}
