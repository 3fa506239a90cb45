import { z } from 'zod'
import { type FieldRule, type FieldRules, ruleOf } from './field-rules.ts'
import type { FieldLabel } from './labels.ts'
import { periodQuery } from './resources/analytics.ts'
import { restatementOf, restatementsAnswerOf } from './restatements.ts'
import { calendarDay, instant, moneySum, recordId, tally } from './values.ts'

/**
 * Subscription economics (issue 66, docs/figures.md "Subscription economics"): recurring revenue (MRR) and
 * what moves it, churn, ARPU and LTV, retention cohorts and first-period conversion, each defined once here
 * and computed by the server exactly from the raw rows (server/src/modules/economics/).
 */

type Words = { en: string; 'zh-cn': string }

interface EconomicsFigure {
  unit: 'count' | 'money' | 'ratio'
  label: Words
  means: string
}

/** The definitions, by wire name, in the order docs/figures.md lists them. */
const economicsFigures = {
  mrr: {
    unit: 'money',
    label: { en: 'MRR', 'zh-cn': '月经常性收入' },
    means:
      "A subscription pays from `started_at` until `ended_at` (none: still paying). Its MRR at an instant is the price of the period it is in (the plan's initial period first, then the recurring one; each at its discount price where set) divided by that period's length in months (a day 12/365.25 month, a week 7 days, a year 12 months), rounded to the cent; a plan without a recurring part pays MRR only in its initial period. A member's MRR is the sum of their paying subscriptions'; the MRR of a day is the MRR just before its end.",
  },
  paying_members: {
    unit: 'count',
    label: { en: 'Paying members', 'zh-cn': '付费会员' },
    means: 'Members whose MRR is above zero.',
  },
  new: {
    unit: 'money',
    label: { en: 'New', 'zh-cn': '新增' },
    means: "A member's MRR from 0 at the period's start to more at its end, never paying before the period.",
  },
  reactivation: {
    unit: 'money',
    label: { en: 'Reactivation', 'zh-cn': '回流' },
    means: 'The same for a member who paid (MRR above zero) at some instant before the period.',
  },
  expansion: {
    unit: 'money',
    label: { en: 'Expansion', 'zh-cn': '扩张' },
    means: "A member's MRR up from more than 0 to more (a plan change, the initial period ending).",
  },
  contraction: {
    unit: 'money',
    label: { en: 'Contraction', 'zh-cn': '收缩' },
    means: "A member's MRR down from more than 0 to less but still more than 0; negative.",
  },
  churn: {
    unit: 'money',
    label: { en: 'Churn', 'zh-cn': '流失' },
    means: "A member's MRR from more than 0 to 0; negative. Opening + the five movements = closing.",
  },
  churn_rate: {
    unit: 'ratio',
    label: { en: 'Churn rate', 'zh-cn': '流失率' },
    means: 'Members who churned in a month / members paying at its start, four places; null without any.',
  },
  revenue_churn_rate: {
    unit: 'ratio',
    label: { en: 'Revenue churn rate', 'zh-cn': '收入流失率' },
    means: "-(churn + contraction) / MRR at the month's start, four places; null without MRR.",
  },
  arpu: {
    unit: 'money',
    label: { en: 'ARPU', 'zh-cn': '每会员平均收入' },
    means: "MRR / paying members at the month's end, to the cent; null without paying members.",
  },
  ltv: {
    unit: 'money',
    label: { en: 'LTV', 'zh-cn': '会员终身价值' },
    means:
      'ARPU / the churn rate of the month and the two before taken together (their churned members / the sum of their members at each start), to the cent, the months stated; null without churn.',
  },
  logo_retention: {
    unit: 'ratio',
    label: { en: 'Member retention', 'zh-cn': '会员留存' },
    means:
      "A cohort (members by the business month of their first paying instant) paying at a month's end / its members, four places; a member who comes back counts in their first cohort again.",
  },
  revenue_retention: {
    unit: 'ratio',
    label: { en: 'Revenue retention', 'zh-cn': '收入留存' },
    means: "The cohort's MRR at a month's end / its MRR at the end of its first month, four places.",
  },
  first_period_conversion: {
    unit: 'ratio',
    label: { en: 'First-period conversion', 'zh-cn': '首期转化率' },
    means:
      'Of the subscriptions whose initial period (its MRR below the recurring MRR) ended in the period, those with a paid order (`paid_at` set, amount above 0) at or after that end / all of them, four places, by plan.',
  },
} as const satisfies Record<string, EconomicsFigure>

/** The definitions' table of docs/figures.md's "Subscription economics" (scripts/figures-doc.ts). */
export function economicsTable(): string {
  const cell = (text: string) => text.replaceAll('|', '\\|')
  return [
    '| Figure | English | 中文 | Unit | Means |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries(economicsFigures).map(
      ([name, f]: [string, EconomicsFigure]) =>
        `| \`${name}\` | ${f.label.en} | ${f.label['zh-cn']} | ${f.unit} | ${cell(f.means)} |`,
    ),
  ].join('\n')
}

/**
 * The fields MRR reads: the plans' prices and the orders' amounts. An admin who may not read each of them
 * whole gets no MRR figure (every money and revenue-ratio key below is left out of the answers), only counts.
 */
const mrrFields = {
  plans: [
    'initial_original_price',
    'initial_discount_price',
    'recurring_original_price',
    'recurring_discount_price',
  ],
  orders: ['amount'],
} as const

/** The answers' keys that tell MRR (money, or a share of it): absent for who may not read what it is made of. */
export const mrrKeys = [
  'opening_mrr',
  'closing_mrr',
  'new',
  'reactivation',
  'expansion',
  'contraction',
  'churn',
  'revenue_churn_rate',
  'arpu',
  'ltv',
  'mrr',
  'revenue_retention',
] as const

/** Whether field rules hide MRR (mrrFields). */
export function mrrHidden(rules: FieldRules): boolean {
  const whole = (rule: FieldRule) => rule === 'write' || rule === 'read'
  return Object.entries(mrrFields).some(([resource, fields]) =>
    fields.some((field) => !whole(ruleOf(rules, resource, field))),
  )
}

const HIDDEN_MRR =
  "Absent where the caller's field rules hide a plan's prices or an order's amount (GET /auth/me `field_rules`)."
const mrrMoney = moneySum.optional().meta({ description: HIDDEN_MRR })
const ratio = z.string().nullable()
const mrrRatio = ratio.optional().meta({ description: HIDDEN_MRR })

/** The calls' parameters: a period of business days, and optionally one channel, campaign or plan. */
const filters = {
  channel_id: z.coerce.number().int().min(1).optional(),
  campaign_id: z.coerce.number().int().min(1).optional(),
  plan_id: z.coerce.number().int().min(1).optional(),
}
export const economicsQuery = periodQuery.safeExtend(filters)
export type EconomicsQuery = z.infer<typeof economicsQuery>

export const movementsQuery = periodQuery.safeExtend({
  ...filters,
  by: z.enum(['day', 'month']).default('day'),
})
export type MovementsQuery = z.infer<typeof movementsQuery>

const meta = z.object({ start_date: calendarDay, end_date: calendarDay, time_zone: z.string() })
const freshness = { fresh_as_of: instant.nullable() }

/** One period's reconciliation: opening + new + reactivation + expansion + contraction + churn = closing. */
const movements = z.object({
  opening_mrr: mrrMoney,
  new: mrrMoney,
  reactivation: mrrMoney,
  expansion: mrrMoney,
  contraction: mrrMoney,
  churn: mrrMoney,
  closing_mrr: mrrMoney,
  opening_members: tally,
  new_members: tally,
  reactivated_members: tally,
  expanded_members: tally,
  contracted_members: tally,
  churned_members: tally,
  closing_members: tally,
})

export const movementsAnswer = z
  .object({
    data: z.array(movements.extend({ start_date: calendarDay, end_date: calendarDay })),
    meta: meta.extend({ by: z.enum(['day', 'month']), totals: movements }),
    ...freshness,
  })
  .meta({ id: 'SubscriptionMovements' })

export const churnAnswer = z
  .object({
    data: z.array(
      z.object({
        month: z.string(),
        start_date: calendarDay,
        end_date: calendarDay,
        opening_members: tally,
        churned_members: tally,
        closing_members: tally,
        churn_rate: ratio,
        revenue_churn_rate: mrrRatio,
        arpu: mrrMoney.nullable(),
        ltv: mrrMoney.nullable(),
        /** The months LTV rests on: this one and the two before. */
        ltv_months: z.array(z.string()),
      }),
    ),
    meta,
    ...freshness,
  })
  .meta({ id: 'SubscriptionChurn' })

export const cohortsAnswer = z
  .object({
    data: z.array(
      z.object({
        cohort: z.string(),
        members: tally,
        mrr: mrrMoney,
        months: z.array(
          z.object({
            month_after: tally,
            month: z.string(),
            members: tally,
            mrr: mrrMoney,
            logo_retention: ratio,
            revenue_retention: mrrRatio,
          }),
        ),
      }),
    ),
    meta,
    ...freshness,
  })
  .meta({ id: 'SubscriptionCohorts' })

export const conversionAnswer = z
  .object({
    data: z.array(
      z.object({ plan_id: recordId, due: tally, converted: tally, first_period_conversion: ratio }),
    ),
    meta,
    ...freshness,
  })
  .meta({ id: 'SubscriptionConversion' })

/** The movements' money: opening MRR, the five movements, closing MRR (opening + movements = closing). */
export const movementMoney = [
  'opening_mrr',
  'new',
  'reactivation',
  'expansion',
  'contraction',
  'churn',
  'closing_mrr',
] as const

/** The movements table's columns in the order the screen and its CSV show them (opening, the five, closing). */
export const movementColumns = [
  'start_date',
  'end_date',
  ...movementMoney,
  'opening_members',
  'new_members',
  'reactivated_members',
  'expanded_members',
  'contracted_members',
  'churned_members',
  'closing_members',
] as const

const label = (name: keyof typeof economicsFigures): FieldLabel => [
  economicsFigures[name].label.en,
  economicsFigures[name].label['zh-cn'],
]

/** The movements table's labels, the screen's column titles and its CSV's header (`lang`). */
export const movementLabels: Readonly<Record<(typeof movementColumns)[number], FieldLabel>> = {
  start_date: ['From', '起始日'],
  end_date: ['To', '截止日'],
  opening_mrr: ['Opening MRR', '期初月经常性收入'],
  new: label('new'),
  reactivation: label('reactivation'),
  expansion: label('expansion'),
  contraction: label('contraction'),
  churn: label('churn'),
  closing_mrr: ['Closing MRR', '期末月经常性收入'],
  opening_members: ['Opening members', '期初付费会员'],
  new_members: ['New members', '新增会员'],
  reactivated_members: ['Reactivated members', '回流会员'],
  expanded_members: ['Expanded members', '扩张会员'],
  contracted_members: ['Contracted members', '收缩会员'],
  churned_members: ['Churned members', '流失会员'],
  closing_members: ['Closing members', '期末付费会员'],
}

/** An economics figure's label in a language (the screen's cards and headings). */
export const economicsLabel = (name: keyof typeof economicsFigures, language: 'en' | 'zh-cn'): string =>
  economicsFigures[name].label[language]

/**
 * What a restatement of subscription economics names (docs/analytics.md "Restatements of subscription
 * economics"): the movements table's columns but the period's and its opening (the month before's closing).
 */
const notRestated = ['start_date', 'end_date', 'opening_mrr', 'opening_members'] as const
type Restated = Exclude<(typeof movementColumns)[number], (typeof notRestated)[number]>
export const economicsRestatedFigures = movementColumns.filter(
  (column): column is Restated => !(notRestated as readonly string[]).includes(column),
) as [Restated, ...Restated[]]

/**
 * What a restatement of a retention cohort names (docs/analytics.md "Restatements of subscription economics"),
 * with its labels: a cohort's members (its month the cohort's), and its members paying and their MRR at a
 * month's end (the cohorts answer's `members` and `mrr`, of the cohort and of each month after).
 */
const cohortRestatedLabels = {
  cohort_members: ['Cohort members', '队列会员数'],
  cohort_paying_members: ['Cohort members paying', '队列付费会员'],
  cohort_mrr: ['Cohort MRR', '队列月经常性收入'],
} as const satisfies Record<string, FieldLabel>
type CohortRestated = keyof typeof cohortRestatedLabels

/** The money figures a restatement of subscription economics may name (kept in cents); the rest count members. */
export const economicsRestatedMoney: readonly string[] = [
  ...movementMoney.filter((figure) => figure !== 'opening_mrr'),
  'cohort_mrr',
]

/** Every figure a restatement of subscription economics names: a month's, then a cohort's. */
export const economicsRestatementFigures = [
  ...economicsRestatedFigures,
  ...(Object.keys(cohortRestatedLabels) as CohortRestated[]),
] as [Restated | CohortRestated, ...(Restated | CohortRestated)[]]

const economicsRestatement = restatementOf(economicsRestatementFigures, [
  'subscriptions',
  'plans',
]).safeExtend({
  /** The cohort's first day (its business month) for a cohort's figure; null for the month's own. */
  cohort: calendarDay.nullable(),
})
export type EconomicsRestatement = z.infer<typeof economicsRestatement>

/** Each figure a restatement of subscription economics names, labelled as its column or cohort figure is. */
export const economicsRestatedLabels: Readonly<Record<EconomicsRestatement['figure'], FieldLabel>> = {
  ...movementLabels,
  ...cohortRestatedLabels,
}

export const economicsRestatementsAnswer = restatementsAnswerOf(
  economicsRestatement,
  'SubscriptionRestatements',
)
