import {
  type FigureDefinition,
  type FigureName,
  figureNames,
  figureRegistry,
  figureSql,
  MONEY_SUM_SQL,
  moneyFigure,
} from '@vod/contract'
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

/** A money figure of sums (net revenue, gross...) as the wire writes it, by the figure registry, in exact cents. */
const moneyOf = (name: FigureName, sums: Pick<Sums, (typeof moneyColumns)[number]>) =>
  fromCents(moneyFigure(name, (column) => cents(sums[column])))

/** A kept or money figure of sums (the dashboard's panels): a count's column, or moneyOf. */
export function figureOf(name: FigureName, sums: Sums): number | string {
  const figure: FigureDefinition = figureRegistry[name]
  if (figure.unit === 'money') return moneyOf(name, sums)
  if ('kept' in figure) return sums[figure.kept.column as keyof Sums]
  throw new Error(`${name} is not a sum of the rollups`)
}

/** Net revenue (gross less refunds and chargebacks, fees kept in): not a payout report's net payout. */
export const netRevenueOf = (sums: Pick<Sums, (typeof moneyColumns)[number]>) => moneyOf('net', sums)

/** An exact amount as the wire writes it, two places ("12.50"), by PostgreSQL, as wide as any sum (moneySum). */
const money = (expression: string) => `(${expression})::${MONEY_SUM_SQL}::text`

/**
 * The wire's figures (the figure registry, contract/src/figures.ts and docs/figures.md) as a select list
 * written by PostgreSQL, each from `of(column)` (a rollup column's sum, or `visitors`; money numeric, exact).
 * The rows go out by json_agg or row_to_json, which write a row's columns faster than json_build_object its
 * arguments. `names`: only these figures, in this order.
 */
export function figureColumns(
  of: (column: string) => string,
  names: readonly FigureName[] = figureNames,
): string {
  return names
    .map((name) => {
      const value = figureSql(name, of)
      return `${figureRegistry[name].unit === 'money' ? money(value) : value} as ${name}`
    })
    .join(', ')
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
