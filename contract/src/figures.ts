/**
 * The figures of the dashboard, the analytics and the payout reports, each defined once (docs/figures.md is
 * written from here, `npx tsx scripts/figures-doc.ts`): its wire name, its unit, its labels in both languages,
 * and what it is in SQL. Everything else is made from this: the rollups' columns (server db/schema/analytics.ts), the
 * live SQL that keeps them (server db/kept-figures.ts), the answers' select lists and the dashboard's sums (server modules/analytics/figures.ts), the contract's wire
 * shape (resources/analytics.ts), the CSV columns, the web's labels and formats. A test
 * (server/test/figure-registry.test.ts) fails when a figure is written anywhere else, and checks the
 * answers against the SQL here; server/test/figure-paths.test.ts checks every way the figures are kept.
 * Adding one: docs/adding-a-figure.md.
 */

export type FigureUnit = 'count' | 'money' | 'ratio'
export type FigureLanguage = 'en' | 'zh-cn'
type Words = Record<FigureLanguage, string>

/** The CSV exports (spec section 9): dailyRevenue.csv and dailyChannel.csv. */
export type FigureExport = 'revenue' | 'channel'

/**
 * A figure the rollups keep, summed from raw rows: `value` of each row of `from` whose `at` is in the period
 * (and `where`), added up. Every way the figures are kept adds the same `value` a row: the live SQL that
 * names a kept figure is written from here (server/src/db/kept-figures.ts), a row function a table.
 */
interface Kept {
  /** The rollups' column (rollup_quarters, rollup_days, rollup_zone_days, rollup_months, figure_queue). */
  column: string
  /** The raw table and its alias, as the delta functions name their row (`orders purchase`, db/sql/figure-deltas.sql). */
  from: string
  at: string
  where?: string
  /** What a row adds: '1' for a count. */
  value: string
}

/**
 * A figure counted distinct over the period, never summed from days (docs/analytics.md "Visitors of a
 * period").
 */
interface Distinct {
  from: string
  at: string
  value: string
}

interface FigureBase {
  unit: FigureUnit
  label: Words
  /** What it is, for the docs' table (English). */
  means: string
  exports: readonly FigureExport[]
  /** What a screen says beside the figure's formula (figureHint), in both languages. */
  note?: Words
}

export type FigureDefinition = FigureBase &
  (
    | { kept: Kept }
    | { distinct: Distinct }
    /** The first figure less the others (money, exact). */
    | { difference: readonly [string, ...string[]] }
    /** numerator / denominator to `places`, null when the denominator is 0. */
    | { ratio: readonly [string, string]; places: number }
  )

const both: readonly FigureExport[] = ['revenue', 'channel']
const channel: readonly FigureExport[] = ['channel']

/** A kept figure of the orders paid in the period (vod_order_delta): `value` a row, '1' to count them. */
const ofOrders = <const Column extends string, const Value extends string>(column: Column, value: Value) =>
  ({ column, from: 'orders purchase', at: 'purchase.paid_at', value }) as const

/** A kept figure of the refunds or chargebacks that occurred in the period, along their order (vod_event_delta). */
const ofEvents = <const Column extends string>(
  column: Column,
  kind: 'refund' | 'chargeback',
  value: string,
) =>
  ({
    column,
    from: 'order_events event',
    at: 'event.occurred_at',
    where: `event.kind = '${kind}'`,
    value,
  }) as const

/** A count of the subscriptions whose `at` (started, cancelled) is in the period (vod_subscription_deltas). */
const ofSubscriptions = <const Column extends string>(column: Column, at: string) =>
  ({ column, from: 'subscriptions subscription', at, value: '1' }) as const

/**
 * The analytics' figures, in the order the CSV columns and the answers write them (docs/analytics.md
 * "Definitions"). Keys are the wire names.
 */
export const figureRegistry = {
  visits: {
    unit: 'count',
    label: { en: 'Visits', 'zh-cn': '访问量' },
    means: 'Rows of `visits` in the period.',
    exports: channel,
    kept: {
      column: 'visits',
      from: 'visits visit',
      at: 'visit.visited_at',
      value: '1',
    },
  },
  visitors: {
    unit: 'count',
    label: { en: 'Visitors', 'zh-cn': '访客数' },
    means:
      'Distinct visitors of the whole period (a day of a daily series: of that day); exact up to 1,024, past that a HyperLogLog estimate.',
    exports: channel,
    distinct: { from: 'visits visit', at: 'visit.visited_at', value: 'visit.visitor' },
  },
  signups: {
    unit: 'count',
    label: { en: 'Sign-ups', 'zh-cn': '注册数' },
    means: 'Members created in the period.',
    exports: channel,
    kept: {
      column: 'signups',
      from: 'users member',
      at: 'member.created_at',
      value: '1',
    },
  },
  conversion: {
    unit: 'ratio',
    label: { en: 'Conversion', 'zh-cn': '转化率' },
    means: 'Sign-ups / visitors, four places; null without visitors.',
    exports: channel,
    ratio: ['signups', 'visitors'],
    places: 4,
  },
  new_subscriptions: {
    unit: 'count',
    label: { en: 'New subscriptions', 'zh-cn': '新订阅' },
    means: 'Subscriptions started in the period.',
    exports: channel,
    kept: ofSubscriptions('subscriptions', 'subscription.started_at'),
  },
  cancellations: {
    unit: 'count',
    label: { en: 'Cancellations', 'zh-cn': '取消订阅' },
    means: 'Subscriptions cancelled (`cancelled_at`) in the period.',
    exports: channel,
    kept: ofSubscriptions('cancellations', 'subscription.cancelled_at'),
  },
  orders: {
    unit: 'count',
    label: { en: 'Orders', 'zh-cn': '订单数' },
    means: 'Orders paid (`paid_at`) in the period.',
    exports: both,
    kept: ofOrders('orders', '1'),
  },
  gross: {
    unit: 'money',
    label: { en: 'Gross revenue', 'zh-cn': '总收入' },
    means: 'The sum of `amount` of the orders paid in the period.',
    exports: both,
    kept: ofOrders('gross', 'purchase.amount'),
  },
  fees: {
    unit: 'money',
    label: { en: 'Fees', 'zh-cn': '手续费' },
    means: 'Their transaction, settlement and reserve fees.',
    exports: both,
    kept: ofOrders('fees', '(purchase.transaction_fee + purchase.settlement_fee + purchase.reserve_fee)'),
  },
  refund_count: {
    unit: 'count',
    label: { en: 'Refunds (count)', 'zh-cn': '退款笔数' },
    means: 'Refunds (`order_events`, kind refund) that occurred in the period.',
    exports: both,
    kept: ofEvents('refund_count', 'refund', '1'),
  },
  refunds: {
    unit: 'money',
    label: { en: 'Refunds', 'zh-cn': '退款' },
    means: 'The sum of their amounts.',
    exports: both,
    kept: ofEvents('refunds', 'refund', 'event.amount'),
  },
  chargeback_count: {
    unit: 'count',
    label: { en: 'Chargebacks (count)', 'zh-cn': '拒付笔数' },
    means: 'Chargebacks (`order_events`, kind chargeback) that occurred in the period.',
    exports: both,
    kept: ofEvents('chargeback_count', 'chargeback', '1'),
  },
  chargebacks: {
    unit: 'money',
    label: { en: 'Chargebacks', 'zh-cn': '拒付' },
    means: 'The sum of their amounts.',
    exports: both,
    kept: ofEvents('chargebacks', 'chargeback', 'event.amount'),
  },
  net: {
    unit: 'money',
    label: { en: 'Net revenue', 'zh-cn': '净收入' },
    means:
      "Net revenue: gross less refunds and chargebacks; fees shown beside it, not taken off (a payout report's net payout takes them off).",
    exports: both,
    difference: ['gross', 'refunds', 'chargebacks'],
    note: {
      en: "fees are shown beside it, not taken off (a payout report's net payout also takes off the fees)",
      'zh-cn': '手续费单列，不从中扣除（结算报告的结算净额还要扣除手续费）',
    },
  },
} as const satisfies Record<string, FigureDefinition>

export type FigureName = keyof typeof figureRegistry
export const figureNames = Object.keys(figureRegistry) as FigureName[]

type Registry = typeof figureRegistry
/** The figures whose definition has `key` (kept, distinct, difference or ratio). */
type FiguresWith<Key extends string> = {
  [K in FigureName]: Key extends keyof Registry[K] ? K : never
}[FigureName]
type KeptName = FiguresWith<'kept'>
type ColumnOf<K extends KeptName> = Registry[K]['kept']['column']

/** A kept figure's rollup column, by unit. */
export type RollupColumn = { [K in KeptName]: ColumnOf<K> }[KeptName]
export type MoneyColumn = {
  [K in KeptName]: Registry[K]['unit'] extends 'money' ? ColumnOf<K> : never
}[KeptName]
export type CountColumn = Exclude<RollupColumn, MoneyColumn>

const definitionOf = (name: FigureName): FigureDefinition => figureRegistry[name]

/** The rollups' summed columns: counts first, then money, each in the registry's order. */
const kept = figureNames.flatMap((name) => {
  const figure = definitionOf(name)
  return 'kept' in figure ? [{ name, unit: figure.unit, ...figure.kept }] : []
})
export const countColumns = kept.filter((f) => f.unit !== 'money').map((f) => f.column) as CountColumn[]
export const moneyColumns = kept.filter((f) => f.unit === 'money').map((f) => f.column) as MoneyColumn[]
export const rollupColumns: readonly RollupColumn[] = [...countColumns, ...moneyColumns]

/** The kept figures with their rollup column (new_subscriptions: subscriptions). */
export const keptFigures: readonly ({ name: FigureName; unit: FigureUnit } & Kept)[] = kept

/** The figures of a unit, in the registry's order. */
export const figuresOfUnit = <Unit extends FigureUnit>(unit: Unit) =>
  figureNames.filter((name) => figureRegistry[name].unit === unit) as FigureOfUnit<Unit>[]
type FigureOfUnit<Unit> = { [K in FigureName]: Registry[K]['unit'] extends Unit ? K : never }[FigureName]

/** The columns of a CSV export, a column a figure, after `date`. */
export const exportFigures = (file: FigureExport): FigureName[] =>
  figureNames.filter((name) => (figureRegistry[name].exports as readonly string[]).includes(file))

/** Each figure's label in a language, by name (the web's `analytics.figures` strings). */
export const figureLabels = (language: FigureLanguage) =>
  Object.fromEntries(figureNames.map((name) => [name, figureRegistry[name].label[language]])) as Record<
    FigureName,
    string
  >

/**
 * A made figure as people read it, in a language: its formula in labels, and its note ("Net revenue = Gross
 * revenue − Refunds − Chargebacks; fees are shown beside it...").
 */
export function figureHint(name: FigureName, language: FigureLanguage): string {
  const figure = definitionOf(name)
  const label = (part: string) => figureRegistry[part as FigureName].label[language]
  const formula =
    'difference' in figure
      ? `${label(name)} = ${figure.difference.map(label).join(' − ')}`
      : 'ratio' in figure
        ? `${label(name)} = ${label(figure.ratio[0])} / ${label(figure.ratio[1])}`
        : label(name)
  const [separator, end] = language === 'zh-cn' ? ['；', '。'] : ['; ', '.']
  return figure.note ? `${formula}${separator}${figure.note[language]}${end}` : `${formula}${end}`
}

/**
 * A figure as SQL, from `of(column)`: the SQL of a rollup column's (or `visitors`') value where it is read (a
 * sum, a row's column). Money is left numeric, a ratio is text ('0.1234') or null.
 */
export function figureSql(name: FigureName, of: (column: string) => string): string {
  const figure = definitionOf(name)
  if ('kept' in figure) return of(figure.kept.column)
  if ('distinct' in figure) return of(name)
  if ('difference' in figure)
    return figure.difference.map((part) => figureSql(part as FigureName, of)).join(' - ')
  const [numerator, denominator] = figure.ratio.map((part) => figureSql(part as FigureName, of))
  return `case when ${denominator} = 0 then null else round(${numerator}::numeric / ${denominator}, ${figure.places})::text end`
}

/**
 * A money figure in integer cents from its parts': a kept figure's `read(column)`, a
 * difference's first part less the others.
 */
export function moneyFigure(name: FigureName, read: (column: MoneyColumn) => bigint): bigint {
  const figure = definitionOf(name)
  if ('kept' in figure) return read(figure.kept.column as MoneyColumn)
  if (!('difference' in figure)) throw new Error(`${name} is not money made of money`)
  return differenceOf(figure.difference, (part) => moneyFigure(part as FigureName, read))
}

/** The first part less the others, exactly (integer cents, as bigint or number). */
export function differenceOf<Part extends string>(
  parts: readonly Part[],
  read: (part: Part) => bigint,
): bigint
export function differenceOf<Part extends string>(
  parts: readonly Part[],
  read: (part: Part) => number,
): number
export function differenceOf<Part extends string>(
  parts: readonly Part[],
  read: (part: Part) => number | bigint,
): number | bigint {
  const [first, ...rest] = parts.map(read)
  // Both kinds subtract alike; one read gives one kind, never a bigint beside a number.
  return rest.reduce<number | bigint>((total, part) => (total as number) - (part as number), first ?? 0)
}

/**
 * A figure as plain SQL over the raw rows of [lo, hi) (`lo` and `hi` SQL timestamps): what the rollups' sums
 * must equal (the registry test asks the database so). Money numeric, counts bigint, a ratio text.
 */
export function rawFigureSql(name: FigureName, lo: string, hi: string): string {
  const figure = definitionOf(name)
  const over = (source: { from: string; at: string; where?: string }) =>
    `from ${source.from} where ${source.at} >= ${lo} and ${source.at} < ${hi}${source.where ? ` and ${source.where}` : ''}`
  if ('kept' in figure) return `(select coalesce(sum(${figure.kept.value}), 0) ${over(figure.kept)})`
  if ('distinct' in figure)
    return `(select count(distinct ${figure.distinct.value}) ${over(figure.distinct)})`
  return figureSql(name, (column) => {
    const part = figureNames.find((n) => {
      const f = definitionOf(n)
      return ('kept' in f && f.kept.column === column) || ('distinct' in f && n === column)
    }) as FigureName
    return rawFigureSql(part, lo, hi)
  })
}

/**
 * A payout report's net payout (segpay_payout_reports.net, wire `net`): gross less fees, refunds and
 * chargebacks, to the cent: not the analytics' net revenue, which keeps the fees in.
 */
export const netPayout = {
  column: 'net',
  unit: 'money',
  label: { en: 'Net payout', 'zh-cn': '结算净额' },
  means: "A payout report's gross less its fees, refunds and chargebacks (checked by the database).",
  difference: ['gross', 'fees', 'refunds', 'chargebacks'],
} as const

/** The definitions' table of docs/figures.md (markdown), written from the registry. */
export function figureTable(): string {
  const cell = (text: string) => text.replaceAll('|', '\\|')
  const whatItIs = (name: FigureName): string => {
    const figure = definitionOf(name)
    if ('kept' in figure)
      return `\`sum(${figure.kept.value})\` from \`${figure.kept.from}\` by \`${figure.kept.at}\`${figure.kept.where ? ` where \`${figure.kept.where}\`` : ''}; rollup column \`${figure.kept.column}\``
    if ('distinct' in figure)
      return `\`count(distinct ${figure.distinct.value})\` from \`${figure.distinct.from}\` by \`${figure.distinct.at}\``
    return `\`${figureSql(name, (column) => column)}\``
  }
  const rows = figureNames.map((name) => {
    const figure = figureRegistry[name]
    return `| \`${name}\` | ${figure.label.en} | ${figure.label['zh-cn']} | ${figure.unit} | ${cell(figure.means)} | ${cell(whatItIs(name))} | ${figure.exports.join(', ')} |`
  })
  return [
    '| Figure | English | 中文 | Unit | Means | SQL | CSV |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    `| \`${netPayout.column}\` (payout reports) | ${netPayout.label.en} | ${netPayout.label['zh-cn']} | ${netPayout.unit} | ${cell(netPayout.means)} | \`${netPayout.difference.join(' - ')}\` |  |`,
  ].join('\n')
}
