import {
  type FigureDefinition,
  type FigureName,
  figureNames,
  figureRegistry,
  moneyFigure,
} from '@vod/contract'
import { type SQL, sql } from 'drizzle-orm'
import { cents, fromCents } from '../../lib/money.ts'
import { columnOf, figureExpression, listOf, moneySumType, named } from './sql-parts.ts'
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
const money = (expression: SQL) => sql`(${expression})::${moneySumType}::text`

/**
 * The wire's figures (the figure registry, contract/src/figures.ts and docs/figures.md) as a select list
 * written by PostgreSQL, each from `of(column)` (a rollup column's sum, or `visitors`; money numeric, exact).
 * The rows go out by json_agg or row_to_json, which write a row's columns faster than json_build_object its
 * arguments. `names`: only these figures, in this order.
 */
export function figureColumns(of: (column: string) => SQL, names: readonly FigureName[] = figureNames): SQL {
  return listOf(
    names.map((name) => {
      const value = figureExpression(name, of)
      return sql`${figureRegistry[name].unit === 'money' ? money(value) : value} as ${named(name)}`
    }),
  )
}

/** The CTE of summed rollup columns that zeroedSums reads (beside visitorCounts). */
export const summed = 'summed'
/** The CTE of distinct visitors that zeroedSums reads. */
export const visitorCounts = 'visitor_counts'

/** The columns figureColumns reads, zero where a day or key has no rollup row (from summed and visitorCounts). */
export const zeroedSums: SQL = listOf([
  ...[...countColumns, ...moneyColumns].map(
    (column) => sql`coalesce(${columnOf(summed, column)}, 0) as ${named(column)}`,
  ),
  sql`coalesce(${columnOf(visitorCounts, 'visitors')}, 0) as visitors`,
])

/** Zeros in the place of a row's sums (sums.ts's columns, in their order). */
export const noSums: SQL = listOf([
  ...countColumns.map((column) => sql`0 as ${named(column)}`),
  ...moneyColumns.map((column) => sql`0::numeric as ${named(column)}`),
])

/** The sums and visitors of stacked rows (each zero in what it does not give), added up. */
export const stackedSums: SQL = listOf(
  [...countColumns, ...moneyColumns, 'visitors'].map(
    (column) => sql`sum(${named(column)}) as ${named(column)}`,
  ),
)
