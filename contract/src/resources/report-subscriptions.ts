import { z } from 'zod'
import { movementLabels, movementMoney, mrrHidden, mrrKeys } from '../economics.ts'
import { type FieldRules, hiddenFigures } from '../field-rules.ts'
import { type FigureLanguage, type FigureName, figureRegistry, figuresOfUnit } from '../figures.ts'
import { calendarDay, instant, recordId } from '../values.ts'

/**
 * Reports that arrive by e-mail (docs/analytics.md "Reports by e-mail"): a subscriber reading one of these
 * screens has its figures mailed daily or weekly, named as the permissions name the screens' figures
 * (`list-daily-revenue` reads the daily revenue screen, and only who holds it gets that report).
 */
export const subscribedReports = [
  'daily-revenue',
  'daily-channel',
  'daily-campaign',
  'daily-refund-statistics',
  'subscriptions',
] as const
export type SubscribedReport = (typeof subscribedReports)[number]

export const reportFrequencies = ['daily', 'weekly', 'monthly'] as const
export type ReportFrequency = (typeof reportFrequencies)[number]

/** The languages a report is written in: the screens' (zh-cn first, the default). */
export const reportLanguages = ['zh-cn', 'en'] as const satisfies readonly FigureLanguage[]

const money = figuresOfUnit('money')

/** A total of the Subscriptions screen's movements table (contract/src/economics.ts). */
type MovementFigure = Exclude<keyof typeof movementLabels, 'start_date' | 'end_date'>
/** A figure a report's mail heads with: the figure registry's, or a total of the MRR movements. */
export type ReportFigure = FigureName | MovementFigure

const isRegistered = (name: ReportFigure): name is FigureName => Object.hasOwn(figureRegistry, name)

/** A headline figure's label, as its screen labels it. */
export const reportFigureLabel = (name: ReportFigure, language: FigureLanguage): string =>
  isRegistered(name) ? figureRegistry[name].label[language] : movementLabels[name][language === 'en' ? 0 : 1]

/** Whether a headline figure is an amount of money (written with two places and the store's currency). */
export const reportFigureIsMoney = (name: ReportFigure): boolean =>
  isRegistered(name) ? figureRegistry[name].unit === 'money' : (mrrKeys as readonly string[]).includes(name)

/**
 * What each report's mail holds: the figures its screen heads with (the period's totals, labelled as the
 * screen labels them), and the CSV attached, a row a day (`csv: 'series'`, the columns of the screen's export
 * or table), a row a campaign (`'campaigns'`) or the MRR movements of each day (`'movements'`). `export`
 * names the screen's export permission: the CSV of a report whose screen has an export goes only to who may
 * export it. `reads`: the noun of the screen's `list-` permission, where it is not the report's name.
 */
export const reportMailContents: Record<
  SubscribedReport,
  {
    title: Record<FigureLanguage, string>
    headline: ReportFigure[]
    csv: 'series' | 'campaigns' | 'movements'
    filename: string
    export?: string
    reads?: string
  }
> = {
  'daily-revenue': {
    title: { en: 'Daily revenue', 'zh-cn': '每日收入' },
    headline: [...money, 'orders'],
    csv: 'series',
    filename: 'dailyRevenue.csv',
    export: 'export-daily-revenue',
  },
  'daily-channel': {
    title: { en: 'Daily channel statistics', 'zh-cn': '每日渠道统计' },
    headline: [...money, 'visits', 'visitors', 'signups', 'new_subscriptions'],
    csv: 'series',
    filename: 'dailyChannel.csv',
    export: 'export-daily-channel',
  },
  'daily-campaign': {
    title: { en: 'Daily campaign statistics', 'zh-cn': '每日活动统计' },
    headline: [...money, 'signups', 'new_subscriptions', 'orders'],
    csv: 'campaigns',
    filename: 'dailyCampaign.csv',
  },
  'daily-refund-statistics': {
    title: { en: 'Refund statistics', 'zh-cn': '退款统计' },
    headline: [...money, 'refund_count', 'chargeback_count'],
    csv: 'series',
    filename: 'refundStatistics.csv',
  },
  subscriptions: {
    title: { en: 'Subscriptions', 'zh-cn': '订阅经济' },
    headline: [...movementMoney, 'opening_members', 'closing_members'],
    csv: 'movements',
    filename: 'subscriptionMovements.csv',
    export: 'export-daily-revenue',
    reads: 'daily-revenue',
  },
}

/** The permission a report's subscriber holds: its screen's `list-` permission. */
export const reportPermission = (report: SubscribedReport): string =>
  `list-${reportMailContents[report].reads ?? report}`

/**
 * The figures and CSV columns of a report the field rules hide: the registry's figures made of hidden fields,
 * or every MRR figure where a plan's prices or an order's amount are hidden (economics.ts `mrrHidden`).
 */
export function reportHidden(report: SubscribedReport, rules: FieldRules): ReadonlySet<string> {
  if (reportMailContents[report].csv !== 'movements') return hiddenFigures(rules)
  return new Set(mrrHidden(rules) ? mrrKeys : [])
}

/** The figures of the campaign statistic's table, after its channel and campaign: its screen's and its report's CSV. */
export const campaignStatisticFigures: FigureName[] = [
  ...money,
  'visits',
  'visitors',
  'signups',
  'conversion',
  'new_subscriptions',
  'orders',
]

/** `POST /report-subscriptions`: a report, a channel or none, when (a business-zone hour), in which language. */
export const reportSubscriptionInput = z
  .strictObject({
    report: z.enum(subscribedReports),
    /** One channel the subscriber sees; none (null or absent): every channel it sees. */
    channel_id: recordId.nullable().optional(),
    frequency: z.enum(reportFrequencies),
    /** The day of a weekly report, 1 (Monday) to 7 (Sunday), as ISO 8601 numbers them; none for the others. */
    weekday: z.number().int().min(1).max(7).nullable().optional(),
    /** The hour of BUSINESS_TIME_ZONE the report goes out, 0-23. */
    hour: z.number().int().min(0).max(23),
    language: z.enum(reportLanguages).default('zh-cn'),
  })
  .superRefine((value, ctx) => {
    if (value.frequency === 'weekly' && value.weekday == null)
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'validation.required' })
    if (value.frequency !== 'weekly' && value.weekday != null)
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'validation.unknown_field' })
  })
export type ReportSubscriptionInput = z.input<typeof reportSubscriptionInput>

/** Where a subscription's last report stands. */
const reportDeliveryStates = ['sent', 'queued', 'failed', 'outbox', 'withheld'] as const
export type ReportDeliveryState = (typeof reportDeliveryStates)[number]

/** A subscription as the API answers it. */
export const reportSubscriptionRecord = z
  .object({
    id: z.number().int(),
    admin_id: z.number().int(),
    /** The subscriber's username (in the list of everyone's). */
    admin_username: z.string(),
    report: z.enum(subscribedReports),
    channel_id: z.number().int().nullable(),
    channel_name: z.string().nullable(),
    frequency: z.enum(reportFrequencies),
    weekday: z.number().int().nullable(),
    hour: z.number().int(),
    language: z.enum(reportLanguages),
    time_zone: z.string(),
    created_at: instant,
    /** The last period a report was made for, and where it stands; null before the first. */
    last_period_start: calendarDay.nullable(),
    last_period_end: calendarDay.nullable(),
    last_state: z
      .enum(reportDeliveryStates)
      .nullable()
      .meta({
        description:
          'sent: the mail server took it; queued: tried again shortly; failed: refused or out of tries; ' +
          'outbox: no mail server is set up, kept in the outbox; withheld: the subscriber no longer held the ' +
          "report's permission (or channel, or an e-mail address) when it was made, so nothing was sent.",
      }),
  })
  .meta({ id: 'ReportSubscription' })
export type ReportSubscription = z.infer<typeof reportSubscriptionRecord>

/** How many subscriptions one admin may hold (a mail each a day at most, each a report made). */
export const REPORT_SUBSCRIPTION_LIMIT = 20
