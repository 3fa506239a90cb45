import {
  analyticsExportQuery,
  type DailyFigures,
  dateLabel,
  exportFigures,
  type FieldLabels,
  type FigureLanguage,
  figureNames,
  figureRegistry,
  type PermissionName,
} from '@vod/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { csvHeader, headerLine } from '../../lib/csv-header.ts'
import { recordErrors } from '../../lib/responses.ts'
import { hiddenFiguresOf } from './hidden-figures.ts'
import { dailyCsv } from './reports.ts'
import { type AnalyticsOptions, BUSY_TEXT, bounded, busyErrors, periodOf } from './routes.ts'
import { scopeOf } from './scope.ts'
import type { Period, Scope } from './sums.ts'

/** The columns of each export: a row a day, a column a figure (the figure registry's `exports`). */
export const revenueColumns = ['date', ...exportFigures('revenue')] as const
export const channelColumns = ['date', ...exportFigures('channel')] as const

/** The daily figures' columns as the analytics screens label them: the day, and each figure the registry's way. */
export const dailyLabels: FieldLabels = {
  date: dateLabel,
  ...Object.fromEntries(
    figureNames.map((name) => [name, [figureRegistry[name].label.en, figureRegistry[name].label['zh-cn']]]),
  ),
}

/**
 * A daily CSV file as the exports send it: a BOM, the header (the figures' names, or their labels in
 * `language`), a line a day (reports.ts). The reports mailed to their subscribers attach the same file, in
 * the mail's language (modules/report-subscriptions).
 */
export async function dailyCsvFile(
  reads: Db,
  period: Period,
  scope: Scope,
  columns: readonly string[],
  language?: FigureLanguage,
): Promise<string> {
  const header = headerLine(csvHeader(columns, language, dailyLabels))
  return `\ufeff${header}${await dailyCsv(reads, period, scope, columns)}\n`
}

const exports: {
  path: string
  permission: PermissionName
  filename: string
  columns: readonly (keyof DailyFigures)[]
}[] = [
  {
    path: '/analytics/revenue/exportCsv',
    permission: 'export-daily-revenue',
    filename: 'dailyRevenue.csv',
    columns: revenueColumns,
  },
  {
    path: '/analytics/channel/exportCsv',
    permission: 'export-daily-channel',
    filename: 'dailyChannel.csv',
    columns: channelColumns,
  },
]

/**
 * The CSV exports (spec section 9's dailyRevenue.csv and dailyChannel.csv): the same daily figures as the
 * screens, written by PostgreSQL (reports.ts), with a BOM, all the channels the caller sees or the one `channel_id` names.
 */
export async function exportRoutes(app: FastifyInstance, { db, reads, slots, zone }: AnalyticsOptions) {
  for (const spec of exports)
    app.withTypeProvider<ZodTypeProvider>().get(
      spec.path,
      {
        config: { permission: spec.permission, download: true, figures: true },
        schema: {
          tags: ['analytics'],
          summary: `Export the daily figures as CSV (${spec.filename})`,
          description:
            'A row a business day from `start_date` to `end_date` (both included, empty days as zeros), a column a ' +
            'figure. `channel_id` narrows it to one channel. A navigated download authenticates with `ticket`. ' +
            "The `Fresh-As-Of` header is the newest commit its figures include (the answers' `fresh_as_of`)." +
            BUSY_TEXT,
          querystring: analyticsExportQuery,
          response: { ...recordErrors, ...busyErrors },
        },
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const q = request.query as z.infer<typeof analyticsExportQuery>
        const scope = await scopeOf(db, request, q.channel_id)
        // A figure the caller's field rules hide: its column is gone, not empty.
        const hidden = hiddenFiguresOf(request)
        const columns = spec.columns.filter((column) => !hidden.has(column))
        const { answer: file, freshAsOf } = await bounded({ slots, reads }, (on) =>
          dailyCsvFile(on, periodOf(zone, q), scope, columns, q.lang),
        )
        if (freshAsOf) reply.header('fresh-as-of', freshAsOf.toISOString())
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${spec.filename}"`)
          .send(file)
      },
    )
}
