import {
  csvLanguage,
  movementColumns,
  movementLabels,
  movementsQuery,
  mrrHidden,
  mrrKeys,
} from '@vod/contract'
import { stringify } from 'csv-stringify/sync'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { csvHeader, headerLine } from '../../lib/csv-header.ts'
import { neutralised } from '../../lib/resource/csv-cells.ts'
import { recordErrors } from '../../lib/responses.ts'
import { type AnalyticsOptions, BUSY_TEXT, bounded, busyErrors } from '../analytics/routes.ts'
import { scopeOf } from '../analytics/scope.ts'
import { movements } from './movements.ts'

const exportQuery = movementsQuery.safeExtend({ ticket: z.string().optional(), lang: csvLanguage })

const hiddenMrr: ReadonlySet<string> = new Set(mrrKeys)

/**
 * subscriptionMovements.csv (issue 66, item 4): the movements table of the Subscriptions screen, a line a
 * day or month as `/analytics/subscriptions/movements` answers it, the MRR columns gone for a role that may
 * not read what MRR is made of. Cells go through the exports' neutralising (csv-cells.ts).
 */
export async function economicsExportRoutes(
  app: FastifyInstance,
  options: AnalyticsOptions,
  zone: () => string,
) {
  const { db, slots, reads } = options
  app.withTypeProvider<ZodTypeProvider>().get(
    '/analytics/subscriptions/movements/exportCsv',
    {
      config: { permission: 'export-daily-revenue', download: true },
      schema: {
        tags: ['analytics'],
        summary: 'Export the MRR movements as CSV (subscriptionMovements.csv)',
        description:
          'The rows of `/analytics/subscriptions/movements` (same parameters), a line a day or month, opening + ' +
          'movements = closing. A navigated download authenticates with `ticket`.' +
          BUSY_TEXT,
        querystring: exportQuery,
        response: { ...recordErrors, ...busyErrors },
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const q = request.query as z.infer<typeof exportQuery>
      const scope = await scopeOf(db, request, q.channel_id)
      const filters = { scope, campaignId: q.campaign_id, planId: q.plan_id }
      const hidden = mrrHidden(request.admin?.fieldRules ?? {})
      const columns = movementColumns.filter((column) => !(hidden && hiddenMrr.has(column)))
      const { answer, freshAsOf } = await bounded({ slots, reads }, (on) => movements(on, zone(), q, filters))
      const rows = (answer.data as Record<string, unknown>[]).map((row) =>
        columns.map((column) => neutralised(String(row[column] ?? ''))),
      )
      const header = headerLine(csvHeader(columns, q.lang, movementLabels))
      if (freshAsOf) reply.header('fresh-as-of', freshAsOf.toISOString())
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="subscriptionMovements.csv"')
        .send(`\ufeff${header}${stringify(rows)}`)
    },
  )
}
