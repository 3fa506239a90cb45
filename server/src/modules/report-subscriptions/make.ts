import {
  campaignStatisticFigures,
  type FigureLanguage,
  reportHidden,
  reportMailContents,
  reportPermission,
  type SubscribedReport,
} from '@vod/contract'
import { stringify } from 'csv-stringify/sync'
import { eq } from 'drizzle-orm'
import { ALL_CHANNELS } from '../../auth/channel-scope.ts'
import { adminAsNow, withAccess } from '../../auth/sessions.ts'
import type { Db } from '../../db/client.ts'
import { admins, channelAdmins, channels } from '../../db/schema/index.ts'
import { translate } from '../../i18n/index.ts'
import { csvHeader } from '../../lib/csv-header.ts'
import type { OutgoingMail } from '../../lib/mail/transport.ts'
import { cell } from '../../lib/resource/csv-cells.ts'
import { channelColumns, dailyCsvFile, dailyLabels, revenueColumns } from '../analytics/export.ts'
import { foldStatus } from '../analytics/fold-status.ts'
import { unkeptGap, unkeptKey } from '../analytics/keeping/unkept.ts'
import { dailySeries, perCampaign } from '../analytics/reports.ts'
import type { Period, Scope } from '../analytics/sums.ts'
import { movementsCsv } from '../economics/export.ts'
import { movements } from '../economics/movements.ts'
import { reportText } from './mail-text.ts'

export interface ReportOrder {
  adminId: number
  report: SubscribedReport
  channelId: number | null
  language: FigureLanguage
}

/** The columns of each daily CSV: the screen's export's for the two that have one, else the screen's table. */
const seriesColumns: Record<SubscribedReport, readonly string[]> = {
  'daily-revenue': revenueColumns,
  'daily-channel': channelColumns,
  'daily-campaign': [],
  'daily-refund-statistics': ['date', ...reportMailContents['daily-refund-statistics'].headline],
  subscriptions: [],
}

/**
 * What the subscriber may read now, checked as each report is made, at each attempt (never only when
 * subscribing): an enabled admin with an e-mail address (`to`, the one an earlier attempt made it for,
 * when there was one) holding the report's `list-` permission, and the channel among those it sees. Null
 * when any of it no longer holds: the report is withheld.
 */
async function readerOf(db: Db, order: ReportOrder, to: string | null) {
  const [row] = await db
    .select({ ...adminAsNow, status: admins.status })
    .from(admins)
    .where(eq(admins.id, order.adminId))
  if (row?.status !== 'enabled' || !row.email || (to !== null && row.email !== to)) return null
  // Permissions and field rules as they are at this send: a role narrowed since the subscription counts now.
  const { permissions, fieldRules } = withAccess(row)
  if (!permissions.has(reportPermission(order.report))) return null
  let mine: number[] | null = null
  if (!permissions.has(ALL_CHANNELS))
    mine = (
      await db
        .select({ id: channelAdmins.channelId })
        .from(channelAdmins)
        .where(eq(channelAdmins.adminId, order.adminId))
    ).map((row) => row.id)
  if (order.channelId !== null && mine && !mine.includes(order.channelId)) return null
  const scope: Scope = { channels: order.channelId === null ? mine : [order.channelId] }
  const contents = reportMailContents[order.report]
  const mayExport = !contents.export || permissions.has(contents.export)
  const hidden = reportHidden(order.report, fieldRules)
  return { email: row.email, scope, mayExport, hidden }
}

/**
 * A CSV of the campaigns' rows as the campaign screen's table shows them, labelled in the mail's language,
 * cells as every export writes them.
 */
function campaignCsv(answer: string, hidden: ReadonlySet<string>, language: FigureLanguage): string {
  const rows = (JSON.parse(answer) as { data: Record<string, unknown>[] }).data
  const figures = campaignStatisticFigures.filter((name) => !hidden.has(name))
  const columns = ['channel_id', 'channel_name', 'campaign_id', 'campaign_name', ...figures]
  const header = csvHeader(columns, language, dailyLabels)
  return `\ufeff${stringify([header, ...rows.map((row) => columns.map((column) => cell(row[column] ?? '')))])}`
}

/**
 * Makes a subscription's report of a period, as its screen shows that period to the subscriber now: the
 * headline figures are the totals of the screen's series (the campaign screen's rows add up to the same), the
 * CSV the screen's export. Null when the subscriber may no longer read it, or its address is no longer `to`
 * (the one an earlier attempt made it for). Reads only; sends nothing.
 */
export async function makeReport(
  db: Db,
  reads: Db,
  order: ReportOrder,
  period: Period,
  to: string | null = null,
): Promise<OutgoingMail | null> {
  const reader = await readerOf(db, order, to)
  if (!reader) return null
  let channelName: string | null = null
  if (order.channelId !== null) {
    const [channel] = await db
      .select({ name: channels.utmSource })
      .from(channels)
      .where(eq(channels.id, order.channelId))
    if (!channel) return null
    channelName = channel.name
  }
  const contents = reportMailContents[order.report]
  // Read before the figures: they include at least all that was folded by then.
  const { freshAsOf } = await foldStatus(db)
  // The movements are read from the rows; the other reports from kept figures, which this database may lack.
  const unkept = contents.csv === 'movements' ? null : await unkeptGap(db)
  const { totals, csv } = unkept
    ? { totals: {}, csv: null }
    : contents.csv === 'movements'
      ? await movementsReport(reads, order, period, reader)
      : await figuresReport(reads, order, period, reader)
  const text = reportText({
    report: order.report,
    language: order.language,
    start: period.start,
    end: period.end,
    zone: period.zone,
    channel: channelName,
    totals,
    file: csv === null ? null : contents.filename,
    freshAsOf,
    hidden: reader.hidden,
    unkept:
      unkept &&
      translate(order.language === 'zh-cn' ? 'zh-CN' : 'en', unkeptKey(unkept), {
        value: unkept.value,
      }),
  })
  return {
    to: reader.email,
    subject: text.subject,
    text: text.body,
    attachments:
      csv === null
        ? []
        : [{ filename: contents.filename, content: csv, contentType: 'text/csv; charset=utf-8' }],
  }
}

type Reader = NonNullable<Awaited<ReturnType<typeof readerOf>>>

/** A registry screen's report: the totals of its series, and its export (or its campaigns' table). */
async function figuresReport(reads: Db, order: ReportOrder, period: Period, reader: Reader) {
  const series = JSON.parse(await dailySeries(reads, period, reader.scope)) as {
    meta: { totals: Record<string, unknown> }
  }
  let csv: string | null = null
  if (reader.mayExport)
    csv =
      reportMailContents[order.report].csv === 'campaigns'
        ? campaignCsv(await perCampaign(reads, period, reader.scope), reader.hidden, order.language)
        : await dailyCsvFile(
            reads,
            period,
            reader.scope,
            seriesColumns[order.report].filter((column) => !reader.hidden.has(column)),
            order.language,
          )
  return { totals: series.meta.totals, csv }
}

/** The Subscriptions screen's report: the period's MRR movements, and their CSV a line a day. */
async function movementsReport(reads: Db, order: ReportOrder, period: Period, reader: Reader) {
  const answer = await movements(
    reads,
    period.zone,
    { start_date: period.start, end_date: period.end, by: 'day' },
    { scope: reader.scope },
    // The database says whether its figures are kept (keptIn), as the mail's other figures do.
    true,
  )
  const csv = reader.mayExport ? movementsCsv(answer.data, reader.hidden, order.language) : null
  return { totals: answer.meta.totals as Record<string, unknown>, csv }
}
