import { MONEY_SUM_SQL } from '@vod/contract'
import { cents, fromCents } from '../../lib/money.ts'
import { countColumns, moneyColumns, type Sums } from './sums.ts'

/** A period's figures with nothing in it. */
export const emptySums = (): Sums =>
  Object.fromEntries([
    ...countColumns.map((column) => [column, 0]),
    ...moneyColumns.map((column) => [column, '0.00']),
  ]) as Sums

/**
 * Sums added up one after another (a series' days, a day's quarter-hours), money kept in integer cents
 * until read, rather than parsed and written again at every addition.
 */
export function runningTotal() {
  const counts = Object.fromEntries(countColumns.map((column) => [column, 0])) as Record<
    (typeof countColumns)[number],
    number
  >
  const money = Object.fromEntries(moneyColumns.map((column) => [column, 0n])) as Record<
    (typeof moneyColumns)[number],
    bigint
  >
  return {
    add(sums: Sums) {
      for (const column of countColumns) counts[column] += sums[column]
      for (const column of moneyColumns) money[column] += cents(sums[column])
    },
    sums(): Sums {
      const written = Object.fromEntries(moneyColumns.map((column) => [column, fromCents(money[column])]))
      return { ...counts, ...written } as Sums
    },
  }
}

export const netOf = (sums: Pick<Sums, 'gross' | 'refunds' | 'chargebacks'>) =>
  fromCents(cents(sums.gross) - cents(sums.refunds) - cents(sums.chargebacks))

/** The wire's counts and the rollup columns they sum (visitors: distinct visitors, visitor_day_counts). */
const countSources = {
  visits: 'visits',
  visitors: 'visitors',
  signups: 'signups',
  new_subscriptions: 'subscriptions',
  cancellations: 'cancellations',
  orders: 'orders',
  refund_count: 'refund_count',
  chargeback_count: 'chargeback_count',
} as const

/** An exact amount as the wire writes it, two places ("12.50"), by PostgreSQL, as wide as any sum (moneySum). */
export const money = (expression: string) => `(${expression})::${MONEY_SUM_SQL}::text`

/**
 * The wire's figures (docs/analytics.md "Definitions") as a select list written by PostgreSQL, each from
 * `of(column)` (a rollup column's sum, money numeric, exact): conversion = signups / visitors to four
 * places, null without visitors (round() halves away from zero, which is up here). The rows go out by
 * json_agg or row_to_json, which write a row's columns faster than json_build_object its arguments.
 */
export function figureColumns(of: (column: string) => string): string {
  return [
    ...Object.entries(countSources).map(([name, column]) => `${of(column)} as ${name}`),
    ...moneyColumns.map((column) => `${money(of(column))} as ${column}`),
    `${money(`${of('gross')} - ${of('refunds')} - ${of('chargebacks')}`)} as net`,
    `case when ${of('visitors')} = 0 then null
      else round(${of('signups')}::numeric / ${of('visitors')}, 4)::text end as conversion`,
  ].join(', ')
}

/** The columns figureColumns reads, zero where a day or key has no rollup row (s: sums, v: visitors). */
export const zeroedSums = [
  ...countColumns.map((column) => `coalesce(s.${column}, 0) as ${column}`),
  ...moneyColumns.map((column) => `coalesce(s.${column}, 0) as ${column}`),
  'coalesce(v.visitors, 0) as visitors',
].join(', ')

/** Zeros in the place of a row's sums (sums.ts's columns, in their order). */
export const noSums = [
  ...countColumns.map((column) => `0 as ${column}`),
  ...moneyColumns.map((column) => `0::numeric as ${column}`),
].join(', ')

/** The sums and visitors of stacked rows (each zero in what it does not give), added up. */
export const stackedSums = [...countColumns, ...moneyColumns, 'visitors']
  .map((column) => `sum(${column}) as ${column}`)
  .join(', ')
