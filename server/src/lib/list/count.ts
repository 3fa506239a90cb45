import { count, type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import { readBy, type Source, selectFrom } from './source.ts'

export interface Total {
  total: number
  estimated: boolean
}

/** The rows a list counts: a key naming them (the caches'), and their condition, built only when needed. */
export interface Matching {
  key: string
  where: () => SQL | undefined
}

/** What the page query already told: where the page starts, how many rows it has, how many it could have. */
export interface PageSeen {
  offset: number
  rows: number
  perPage: number
}

/**
 * The total of a list, as cheaply as it can be told honestly (API.md "Lists"):
 * - a page with fewer rows than a full one is the last (unless it is an empty page past the end): exact,
 *   without counting;
 * - otherwise the planner's estimate decides: up to `cap` rows, they are counted (exact; should the count
 *   pass `cap` after all, the answer is the estimate, flagged); past `cap`, the estimate is the answer,
 *   flagged `total_estimated`, never below what the page has shown to exist. Counting a million rows costs
 *   far more than the page itself; the estimate costs a plan, and is remembered for a few seconds.
 * An exact count is remembered too, for the next pages of the same filtered list, until this process
 * writes anything (`forgetCounts`) or a few seconds pass (writes by another process).
 */
export async function countRows(
  db: Db,
  source: Source,
  matching: Matching,
  cap: number,
  page: PageSeen,
): Promise<Total> {
  if (page.rows < page.perPage && (page.rows > 0 || page.offset === 0))
    return { total: page.offset + page.rows, estimated: false }
  const shown = page.rows > 0 ? page.offset + page.rows : 0
  const estimate = await plannerEstimate(db, source, matching)
  if (estimate > cap) return { total: Math.max(estimate, shown), estimated: true }
  const exact = await cappedCount(db, source, matching, cap)
  if (exact <= cap) return { total: exact, estimated: false }
  return { total: Math.max(estimate, exact), estimated: true }
}

/** What a write of this process leaves behind: no remembered count survives it. */
let generation = 0
export function forgetCounts(): void {
  generation++
}

const COUNT_TTL_MS = 5_000
const counts = new WeakMap<Db, Map<string, { rows: number; until: number; generation: number }>>()

/** Matching rows, counted up to `cap + 1`; remembered until a write (see countRows). */
async function cappedCount(db: Db, source: Source, matching: Matching, cap: number): Promise<number> {
  const known = counts.get(db) ?? new Map()
  counts.set(db, known)
  const key = `${cap}\u0000${matching.key}`
  const hit = known.get(key)
  if (hit && hit.until > Date.now() && hit.generation === generation) return hit.rows
  // A write finishing while this count runs makes it stale: it is kept under the generation it began in.
  const began = generation
  const where = matching.where()
  const capped = selectFrom(db, readBy(source, [where]), { one: sql`1` })
    .where(where)
    .limit(cap + 1)
    .as('capped')
  const [row] = await db.select({ n: count() }).from(capped)
  const rows = Number(row?.n ?? 0)
  if (known.size >= MAX_ESTIMATES) known.clear()
  known.set(key, { rows, until: Date.now() + COUNT_TTL_MS, generation: began })
  return rows
}

// Estimates move only with ANALYZE and the table's size; a few seconds of memory spares a plan per request.
const ESTIMATE_TTL_MS = 5_000
const MAX_ESTIMATES = 1_000
const estimates = new WeakMap<Db, Map<string, { rows: number; until: number }>>()

/** Rows the planner expects for the filtered query; cheap (no execution), fresh as the last ANALYZE. */
export async function plannerEstimate(db: Db, source: Source, matching: Matching): Promise<number> {
  const known = estimates.get(db) ?? new Map()
  estimates.set(db, known)
  const hit = known.get(matching.key)
  if (hit && hit.until > Date.now()) return hit.rows
  const rows = await estimatedRows(db, source, matching.where())
  if (known.size >= MAX_ESTIMATES) known.clear()
  known.set(matching.key, { rows, until: Date.now() + ESTIMATE_TTL_MS })
  return rows
}

/** The planner's estimate of the rows matching `where`, asked each time. */
export async function estimatedRows(db: Db, source: Source, where: SQL | undefined): Promise<number> {
  const counted = selectFrom(db, readBy(source, [where]), { one: sql`1` }).where(where)
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${counted.getSQL()}`)
  const raw = row?.['QUERY PLAN']
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }]
  return Math.round(plan[0].Plan['Plan Rows'])
}
