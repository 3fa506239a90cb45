import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { type Source, selectFrom } from './source.ts'

export interface WireSelection {
  where?: SQL
  orderBy?: SQL[]
  limit?: number
}

/**
 * Records as the API's JSON shows them, written by PostgreSQL: the rows are picked with the fields as
 * stored, then only those rows are formatted (vod_wire, db/sql/wire-values.sql: flags 1/0, ISO instants, exact
 * decimals, calendar days) and gathered into one JSON array in their order, with their number. The one
 * place wire values are made: lists, records and children all read through it.
 */
export function wireJson(db: Db, source: Source, columns: Record<string, SQL | object>, only: WireSelection) {
  const stored = Object.fromEntries(
    Object.entries(columns).map(([key, expression]) => [key, sql`${expression}`.as(key)]),
  )
  let picked = selectFrom(db, source, stored).where(only.where)
  if (only.orderBy) picked = picked.orderBy(...only.orderBy)
  if (only.limit !== undefined) picked = picked.limit(only.limit)
  const page = picked.as('page')
  const wire = db
    .select(
      Object.fromEntries(
        Object.keys(columns).map((key) => [
          key,
          sql`vod_wire(${sql.identifier('page')}.${sql.identifier(key)})`.as(key),
        ]),
      ),
    )
    .from(page)
    .as('wire')
  // A subquery's order is the order json_agg reads it in.
  return db
    .select({
      json: sql<string>`coalesce(json_agg(${sql.identifier('wire')}), '[]')::text`.as('json'),
      rows: sql<number>`count(*)::integer`.as('rows'),
    })
    .from(wire)
}

/** The records wireJson selects, parsed (for a record or a few; lists pass the JSON on as it is). */
export async function wireRecords<T = Record<string, unknown>>(
  db: Db,
  source: Source,
  columns: Record<string, SQL | object>,
  only: WireSelection,
): Promise<T[]> {
  const [result] = await wireJson(db, source, columns, only)
  return JSON.parse(result?.json ?? '[]') as T[]
}
