import {
  csvLanguage,
  type FigureLanguage,
  movementColumns,
  movementLabels,
  movementsQuery,
  reportHidden,
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

/**
 * The movements' rows as subscriptionMovements.csv, a line each, without the columns `hidden` names, labelled
 * in `language`; cells through the exports' neutralising (csv-cells.ts). The export's and the report mail's.
 */
export function movementsCsv(
  data: Record<string, unknown>[],
  hidden: ReadonlySet<string>,
  language: FigureLanguage | undefined,
): string {
  const columns = movementColumns.filter((column) => !hidden.has(column))
  const rows = data.map((row) => columns.map((column) => neutralised(String(row[column] ?? ''))))
  return `\ufeff${headerLine(csvHeader(columns, language, movementLabels))}${stringify(rows)}`
}

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
  const { db, slots, reads, figuresKept } = options
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
      const hidden = reportHidden('subscriptions', request.admin?.fieldRules ?? {})
      const { answer, freshAsOf } = await bounded({ slots, reads }, (on) =>
        movements(on, zone(), q, filters, figuresKept()),
      )
      if (freshAsOf) reply.header('fresh-as-of', freshAsOf.toISOString())
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="subscriptionMovements.csv"')
        .send(movementsCsv(answer.data, hidden, q.lang))
    },
  )
}
