import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../src/db/client.ts'
import type { Statement } from '../../src/lib/list/page-statements.ts'

export interface PlanNode {
  'Node Type'?: string
  'Relation Name'?: string
  'Actual Rows'?: number
  'Actual Loops'?: number
  'Rows Removed by Filter'?: number
  Plans?: PlanNode[]
}

/** Rows a plan's nodes read from `table`: those they gave and those their filter dropped. */
export const rowsRead = (node: PlanNode, table: string): number =>
  (node['Relation Name'] === table
    ? ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1)
    : 0) + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, table), 0)

/** How many times each of a plan's nodes reading `table` ran (a node a row of a page: the page's size). */
export const loopsReading = (node: PlanNode, table: string): number[] => [
  ...(node['Relation Name'] === table ? [node['Actual Loops'] ?? 1] : []),
  ...(node.Plans ?? []).flatMap((child) => loopsReading(child, table)),
]

/** A value written as an SQL literal, an array as an array literal of its elements. */
const literal = (value: unknown): string =>
  Array.isArray(value)
    ? literal(
        `{${value.map((v) => `"${String(v).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`,
      )
    : `'${String(value).replaceAll("'", "''")}'`

/** A statement's values written as SQL literals, for PREPARE and EXECUTE by text. */
const written = (params: readonly unknown[]) => params.map(literal).join(', ')

/** EXPLAIN ANALYZE of a statement in a plan made for no value in particular. */
export async function genericPlan(db: Db, { text, params }: Statement): Promise<PlanNode> {
  await db.execute(sql.raw(`prepare generic as ${text}`))
  try {
    await db.execute(sql.raw('set plan_cache_mode = force_generic_plan'))
    const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
      db,
      sql.raw(`explain (analyze, format json) execute generic(${written(params)})`),
    )
    const raw = row?.['QUERY PLAN']
    return ((typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }])[0].Plan
  } finally {
    await db.execute(sql.raw('deallocate generic'))
    await db.execute(sql.raw('reset plan_cache_mode'))
  }
}

/**
 * How PostgreSQL planned a statement run once for each of `values` in place of `params[at]`, left to choose
 * (plan_cache_mode auto): how many times for those values, how many times by the plan it keeps.
 */
export async function plansChosen(
  db: Db,
  { text, params }: Statement,
  at: number,
  values: readonly string[],
): Promise<{ custom: number; generic: number } | undefined> {
  await db.execute(sql.raw(`prepare chosen as ${text}`))
  try {
    for (const value of values)
      await db.execute(sql.raw(`execute chosen(${written(params.map((p, i) => (i === at ? value : p)))})`))
    const [row] = await queryRows<{ custom: number; generic: number }>(
      db,
      sql`select custom_plans::integer as custom, generic_plans::integer as generic from pg_prepared_statements where name = 'chosen'`,
    )
    return row
  } finally {
    await db.execute(sql.raw('deallocate chosen'))
  }
}
