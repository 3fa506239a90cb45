import { type FigureName, figureSql, MONEY_SUM_SQL } from '@vod/contract'
import { type SQL, sql } from 'drizzle-orm'

/**
 * The analytics statements' one reviewed helper for SQL made from names (scripts/lint-sql.mjs fails on
 * `sql.raw` anywhere else in modules/analytics): a table's or column's name is a quoted identifier, never
 * spliced text, and the only text spliced in is the contract's own (the money sums' type, a figure's formula
 * from the figure registry), never a caller's.
 */

/** A quoted name: a table, a column, an alias of one. */
export const named = (name: string): SQL => sql`${sql.identifier(name)}`

/** `alias.column`, both quoted. */
export const columnOf = (alias: string, column: string): SQL =>
  sql`${sql.identifier(alias)}.${sql.identifier(column)}`

/** Parts joined by a comma (a select list, a group by). */
export const listOf = (parts: readonly SQL[]): SQL => sql.join([...parts], sql`, `)

/** The type money sums are cast to (MONEY_SUM_SQL: both drivers give it as text with two places, "12.50"). */
export const moneySumType: SQL = sql.raw(MONEY_SUM_SQL)

/** Marks a column's place in a formula's text, to be told from the registry's own words. */
const mark = '\u0000'

/**
 * A figure as SQL (figureSql, the figure registry's formula), each of its columns `of(column)`: the
 * formula's own words (operators, `case when`) are the registry's, the columns the caller's SQL.
 */
export function figureExpression(name: FigureName, of: (column: string) => SQL): SQL {
  const text = figureSql(name, (column) => `${mark}${column}${mark}`)
  // Split on the marks: even pieces are the registry's words, odd ones column names.
  const parts = text.split(mark).map((piece, index) => (index % 2 === 0 ? sql.raw(piece) : of(piece)))
  return sql.join(parts)
}
