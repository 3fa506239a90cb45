import type { SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'

/** A table joined into a list (a plan's name on an order); a left join unless `inner`. */
export interface JoinSpec {
  table: PgTable
  on: SQL
  inner?: boolean
}

/** What a list reads from: its table and the tables joined to it. */
export interface Source {
  table: PgTable
  joins?: readonly JoinSpec[]
}

/** `select <columns> from <table> <joins>`, ready for where / order / limit. */
// biome-ignore lint/suspicious/noExplicitAny: drizzle's select field maps are too deep to spell out here.
export function selectFrom(db: Db, source: Source, columns: Record<string, any>) {
  let query = db.select(columns).from(source.table).$dynamic()
  for (const join of source.joins ?? [])
    query = join.inner ? query.innerJoin(join.table, join.on) : query.leftJoin(join.table, join.on)
  return query
}
