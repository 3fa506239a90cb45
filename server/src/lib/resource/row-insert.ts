import { getTableColumns, getTableName, is, SQL } from 'drizzle-orm'
import pg from 'pg'
import type { Statement } from '../../db/client.ts'
import type { Table } from './types.ts'

const quoted = pg.escapeIdentifier

/**
 * One INSERT of many rows (drizzle insert values, by property), written out as a text and its values, with
 * the ids made in the rows' order; null when a value is SQL, which only drizzle writes. Drizzle built the
 * same statement from an object per value and more per row: a quarter of a 10,000-row import's time, and
 * the garbage that grew the server's old generation by some 100 MB an import (docs/lists.md
 * "Memory"). A value left out takes the column's default as drizzle gives it: its function, else the
 * database's. PostgreSQL reads each `$n` as its column's type.
 */
export function rowInsert(table: Table, rows: readonly Record<string, unknown>[]): Statement | null {
  const columns = Object.entries(getTableColumns(table)).filter(([, column]) => !column.generated)
  const given = (column: (typeof columns)[number][1]) =>
    column.defaultFn ?? (column.default === undefined ? column.onUpdateFn : undefined)
  const used = columns.filter(([key, column]) => given(column) || rows.some((row) => row[key] !== undefined))
  const params: unknown[] = []
  const tuples: string[] = []
  for (const row of rows) {
    const cells: string[] = []
    for (const [key, column] of used) {
      const value = row[key] === undefined ? given(column)?.() : row[key]
      if (value === undefined) cells.push('default')
      else if (is(value, SQL)) return null
      else {
        params.push(value === null ? null : column.mapToDriverValue(value))
        cells.push(`$${params.length}`)
      }
    }
    tuples.push(`(${cells.join(', ')})`)
  }
  return {
    text: `insert into ${quoted(getTableName(table))} (${used.map(([, column]) => quoted(column.name)).join(', ')}) values ${tuples.join(', ')} returning ${quoted(table.id.name)} as id`,
    params,
  }
}
