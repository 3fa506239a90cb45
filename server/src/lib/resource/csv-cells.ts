import { type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Expression, FieldKind } from './types.ts'

// How a wire value becomes a CSV cell, written by Node (csv-stringify) or by PostgreSQL (COPY) alike.

// Text a spreadsheet would run as a formula (API.md); plain numbers such as "-19.99" are left alone.
const FORMULA = /^[-=+@\t\r]/
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

export function neutralised(text: string): string {
  return FORMULA.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text
}

/** One CSV cell from a wire value: many-valued fields joined by `|` (as imports read them), formulas defused. */
export function cell(wire: unknown): unknown {
  if (Array.isArray(wire))
    return neutralised(
      wire.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join('|'),
    )
  if (wire && typeof wire === 'object') return neutralised(JSON.stringify(wire))
  return typeof wire === 'string' ? neutralised(wire) : wire
}

/** neutralised() in SQL (vod_csv_text, db/sql/csv-text.sql), reading the value once. */
export const textCell = (expression: SQL) => sql`vod_csv_text(${expression})`

/** Whether a field is an instant column: written as the screens show it (shownInstant). */
export const isInstant = (kind: FieldKind, source: Expression | undefined): boolean =>
  kind === 'column' && (source as PgColumn).columnType === 'PgTimestamp'

/**
 * An instant as the screens show it (web components/resource/format.ts): on the clock of BUSINESS_TIME_ZONE,
 * whose days the lists' filters count, `YYYY-MM-DD HH:MM:SS`.
 */
export const shownInstant = (source: Expression) =>
  sql`to_char(${source} at time zone vod_business_zone(), 'YYYY-MM-DD HH24:MI:SS')`

/** The same cell computed by PostgreSQL, for COPY; null when this field cannot be (the rows path serves it). */
export function copyCell(kind: FieldKind, source: Expression): SQL | null {
  if (kind === 'keys')
    return textCell(sql`array_to_string(array(select json_array_elements_text(${source})), '|')`)
  if (kind !== 'column') return null
  if (isInstant(kind, source)) return shownInstant(source)
  const column = source as PgColumn
  if (column.columnType === 'PgNumeric' || column.columnType === 'PgDateString')
    return sql`vod_wire(${column})`
  switch (column.dataType) {
    case 'date':
    case 'boolean':
    case 'number':
    case 'bigint':
      return sql`vod_wire(${column})`
    case 'string':
      return textCell(sql`${column}`)
    default:
      return null
  }
}
