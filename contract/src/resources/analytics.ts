import { z } from 'zod'
import { type HideableFigure, hideableFigures, hideableName, hideableTitle } from '../field-rules.ts'
import { type FigureName, type FigureUnit, figureNames, figureRegistry, figuresOfUnit } from '../figures.ts'
import { csvLanguage } from '../labels.ts'
import { addDays, DAY_MS, dayCount as daysBetween } from '../periods.ts'
import { calendarDay, instant, instantInput, money, moneySum, recordId, tally } from '../values.ts'
import { ANALYTICS_MAX_DAYS, orderEventKinds, orderEventLimits, visitDevices } from './analytics-values.ts'
import { channelTypes } from './channels.ts'
import { price } from './plans.ts'

/**
 * Wire shapes of the dashboard and the analytics (spec section 7, docs/analytics.md). Periods are business
 * days (`BUSINESS_TIME_ZONE`), both ends included; money is exact decimal strings; every figure follows the
 * docs/analytics.md's definitions.
 */

/** Days from the date rule's first day (0001-01-01) to a day, that day excluded. */
const sinceFirstDay = (day: string) => daysBetween('0001-01-01', day) - 1

/**
 * Every period may be compared with the one of the same length just before it (docs/analytics.md "Periods at
 * the date rule's ends"), so that one must lie within the date rule too: a period starting fewer than its
 * length of days after 0001-01-01 is 422 on start_date (`startPath`). The last day, 9999-12-31, ends a period
 * like any other.
 */
const periodRules = (
  value: { start_date?: string; end_date?: string },
  ctx: z.RefinementCtx,
  startPath = 'start_date',
) => {
  const { start_date: start, end_date: end } = value
  if (!start || !end) return
  if (end < start)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'validation.end_before_start' })
  else if (daysBetween(start, end) > ANALYTICS_MAX_DAYS)
    ctx.addIssue({
      code: 'custom',
      path: ['end_date'],
      message: 'validation.period_too_long',
      params: { max: ANALYTICS_MAX_DAYS },
    })
  else if (sinceFirstDay(start) < daysBetween(start, end))
    ctx.addIssue({ code: 'custom', path: [startPath], message: 'validation.period_before_years' })
}

/** A period of business days, both included: out of order or longer than three years is 422 on end_date. */
export const periodQuery = z
  .strictObject({ start_date: calendarDay, end_date: calendarDay })
  .superRefine(periodRules)
export type PeriodQuery = z.infer<typeof periodQuery>

/** How many days the dashboard's period holds when `start_date` is not given. */
export const DASHBOARD_DAYS = 30

/** The dashboard's period: the last 30 business days to today unless given. */
export const dashboardPeriodQuery = z
  .strictObject({ start_date: calendarDay.optional(), end_date: calendarDay.optional() })
  .superRefine((value, ctx) => {
    // Without start_date, the period is the 30 days to end_date: judged so, on end_date.
    if (value.start_date || !value.end_date) return periodRules(value, ctx)
    const end = Date.parse(`${value.end_date}T00:00:00Z`)
    if (end - (DASHBOARD_DAYS - 1) * DAY_MS < Date.parse('0001-01-01T00:00:00Z'))
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'validation.period_before_years' })
    else
      periodRules(
        { start_date: addDays(value.end_date, -(DASHBOARD_DAYS - 1)), end_date: value.end_date },
        ctx,
        'end_date',
      )
  })

/** The CSV exports: a period, and optionally one channel (`dailyChannel.csv`). */
export const analyticsExportQuery = z
  .strictObject({
    start_date: calendarDay,
    end_date: calendarDay,
    channel_id: z.coerce.number().int().min(1).optional(),
    ticket: z.string().optional(),
    lang: csvLanguage,
  })
  .superRefine(periodRules)

/** A figure's wire value by its unit: a count, an exact sum of money, a ratio ('0.1234', null without a denominator). */
const unitValues = { count: tally, money: moneySum, ratio: z.string().nullable() } satisfies Record<
  FigureUnit,
  z.ZodType
>
type UnitValue<Name extends FigureName> = (typeof unitValues)[(typeof figureRegistry)[Name]['unit']]

/**
 * A figure as an answer holds it: one some field rules may hide (hideableFigures: the fees for who may not
 * read an order's fees whole) is optional, absent for such a caller, and the API document says so.
 */
type Shown<Name extends FigureName, S extends z.ZodType> = Name extends HideableFigure ? z.ZodOptional<S> : S
const shown = <Name extends FigureName, S extends z.ZodType>(name: Name, schema: S) =>
  ((hideableFigures as readonly string[]).includes(name)
    ? schema.optional().meta({ description: HIDDEN_FIGURE })
    : schema) as Shown<Name, S>
const HIDDEN_FIGURE =
  "Absent where the caller's field rules hide a field it is summed from (GET /auth/me `field_rules`; " +
  'docs/security.md "Field rules").'

/** Only these figures of the registry, each by its unit. */
const figuresOf = <const Names extends readonly FigureName[]>(names: Names) =>
  Object.fromEntries(names.map((name) => [name, shown(name, unitValues[figureRegistry[name].unit])])) as {
    [Name in Names[number]]: Shown<Name, UnitValue<Name>>
  }

/**
 * Every figure of a period, as the figure registry (figures.ts, docs/figures.md) defines them: visitors are
 * distinct visitors of the whole period (a day of a daily series: that day's), exact up to 1,024, past that a
 * HyperLogLog estimate (docs/analytics.md "Visitors of a period"); net is net revenue, fees not taken off (a
 * payout report's net payout takes them off).
 */
const figures = z
  .object(figuresOf(figureNames) as { [Name in FigureName]: Shown<Name, UnitValue<Name>> })
  .meta({ id: 'AnalyticsFigures' })

/** The money figures of a split by channel type or plan. */
export const revenueFigures = ['orders', 'gross', 'fees', 'refunds', 'chargebacks', 'net'] as const
const revenue = z.object(figuresOf(revenueFigures))

/**
 * The dashboard's live panels, each today against yesterday and a week ago at the same time: every money
 * figure of the registry (the dashboard shows each), then the counts it shows.
 */
export const dashboardFigures = [...figuresOfUnit('money'), 'orders', 'signups', 'new_subscriptions'] as const

const dailyFigures = figures.extend({ date: calendarDay }).meta({ id: 'AnalyticsDay' })
export type DailyFigures = z.infer<typeof dailyFigures>

/**
 * Every dashboard and analytics answer's `fresh_as_of`: the newest commit its figures include (all written
 * up to it is in them), from the fold's place or, read on the replica, its replay point; null when unknown.
 * Not `as_of`, which names the quarter-hour under way.
 */
const freshness = { fresh_as_of: instant.nullable() }

const periodMeta = z.object({ start_date: calendarDay, end_date: calendarDay, time_zone: z.string() })

/** A row a day, every day of the period (empty days as zeros), and the period's totals. */
export const dailySeriesAnswer = z
  .object({ data: z.array(dailyFigures), meta: periodMeta.extend({ totals: figures }), ...freshness })
  .meta({ id: 'AnalyticsDailySeries' })

/** A period's figures beside those of the period of the same length just before it. */
export const periodComparisonAnswer = z
  .object({
    data: z.object({ current: figures, previous: figures }),
    meta: periodMeta.extend({ previous_start_date: calendarDay, previous_end_date: calendarDay }),
    ...freshness,
  })
  .meta({ id: 'AnalyticsPeriodComparison' })

/** Today so far and the whole of yesterday. */
export const todayRecordAnswer = z
  .object({
    data: z.object({ date: calendarDay, today: figures, yesterday: figures, as_of: instant }),
    ...freshness,
  })
  .meta({ id: 'AnalyticsTodayRecord' })

export const channelFigures = figures
  .extend({ channel_id: recordId.nullable(), channel_name: hideableName })
  .meta({ id: 'AnalyticsChannelFigures' })
export const channelsAnswer = z
  .object({ data: z.array(channelFigures), meta: periodMeta, ...freshness })
  .meta({ id: 'AnalyticsChannels' })

export const campaignFigures = figures
  .extend({
    channel_id: recordId.nullable(),
    channel_name: hideableName,
    campaign_id: recordId.nullable(),
    campaign_name: z.string().nullable(),
  })
  .meta({ id: 'AnalyticsCampaignFigures' })
export const campaignsAnswer = z
  .object({ data: z.array(campaignFigures), meta: periodMeta, ...freshness })
  .meta({ id: 'AnalyticsCampaigns' })

/** Revenue by the type of channel it came through (`null`: no channel). */
export const typeRevenueAnswer = z
  .object({
    data: z.array(z.object({ type: z.enum(channelTypes).nullable(), ...revenue.shape })),
    meta: periodMeta,
    ...freshness,
  })
  .meta({ id: 'AnalyticsTypeRevenue' })

export const planFiguresAnswer = z
  .object({
    data: z.array(
      z.object({
        plan_id: recordId,
        plan_name: hideableTitle,
        ...revenue.shape,
        new_subscriptions: tally,
        cancellations: tally,
      }),
    ),
    meta: periodMeta,
    ...freshness,
  })
  .meta({ id: 'AnalyticsPlans' })

export const devicesAnswer = z
  .object({
    data: z.array(z.object({ device: z.enum(visitDevices), visits: tally })),
    meta: periodMeta,
    ...freshness,
  })
  .meta({ id: 'AnalyticsDevices' })

const compared = <T extends z.ZodType>(value: T) =>
  z.object({ today: value, yesterday: value, last_week: value })

/**
 * The dashboard's panels: today up to now against the same time yesterday and a week ago (whole
 * quarter-hours: `as_of` is the end of the one under way).
 */
export const dashboardAnswer = z
  .object({
    data: z.object({
      time_zone: z.string(),
      date: calendarDay,
      as_of: instant,
      online_now: tally,
      ...(Object.fromEntries(
        dashboardFigures.map((name) => [name, shown(name, compared(unitValues[figureRegistry[name].unit]))]),
      ) as {
        [Name in (typeof dashboardFigures)[number]]: Shown<
          Name,
          z.ZodObject<{
            today: UnitValue<Name>
            yesterday: UnitValue<Name>
            last_week: UnitValue<Name>
          }>
        >
      }),
    }),
    ...freshness,
  })
  .meta({ id: 'Dashboard' })

/** Visitors now: distinct visitors of the last 5 minutes, and per minute over the last 30. */
export const realTimeUsersAnswer = z
  .object({
    data: z.object({
      online_now: tally,
      as_of: instant,
      minutes: z.array(z.object({ at: instant, visitors: tally })),
    }),
    ...freshness,
  })
  .meta({ id: 'RealTimeUsers' })

/** Today's revenue so far, quarter-hour by quarter-hour. */
export const realTimeRevenuesAnswer = z
  .object({
    data: z.object({
      date: calendarDay,
      time_zone: z.string(),
      gross: shown('gross', moneySum),
      net: shown('net', moneySum),
      orders: tally,
      quarters: z.array(
        z.object({
          at: instant,
          orders: tally,
          gross: shown('gross', moneySum),
          net: shown('net', moneySum),
        }),
      ),
    }),
    ...freshness,
  })
  .meta({ id: 'RealTimeRevenues' })

/** A refund or chargeback as staff record it: an amount up to what is left of the order, and why. */
export const orderEventInput = z.object({
  amount: price.refine((value) => Number(value) > 0, { message: 'validation.money' }),
  reason: z.string().trim().max(orderEventLimits.reason).optional(),
  /** Within the date rule; the server refuses a time before the order was paid or in the future. */
  occurred_at: instantInput.optional(),
})

export const orderEventRecord = z
  .object({
    id: recordId,
    kind: z.enum(orderEventKinds),
    amount: money,
    occurred_at: instant,
    reason: z.string().nullable(),
    created_by: z.string().nullable(),
  })
  .meta({ id: 'OrderEvent' })
export type OrderEvent = z.infer<typeof orderEventRecord>
