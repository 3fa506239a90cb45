import { count, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { type Db, queryRows } from '../../db/client.ts'

export interface Total {
  total: number
  estimated: boolean
}

/**
 * Counts matching rows exactly up to `cap`, and past it answers the planner's estimate: counting half a
 * million rows costs ~50 ms, the page itself ~0.1 ms (API.md). The estimate is never below what is known.
 */
export async function countRows(db: Db, table: PgTable, where: SQL | undefined, cap: number): Promise<Total> {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('capped')
  const [row] = await db.select({ n: count() }).from(capped)
  const exact = Number(row?.n ?? 0)
  if (exact <= cap) return { total: exact, estimated: false }
  return { total: Math.max(await plannerEstimate(db, table, where), cap + 1), estimated: true }
}

/** Rows the planner expects for the filtered query; cheap (no execution), fresh as the last ANALYZE. */
async function plannerEstimate(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const query = db.select({ one: sql`1` }).from(table).where(where).getSQL()
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${query}`)
  const raw = row?.['QUERY PLAN']
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }]
  return Math.round(plan[0].Plan['Plan Rows'])
}
