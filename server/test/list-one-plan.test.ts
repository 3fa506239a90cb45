import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { queryRows } from '../src/db/client.ts'
import { users } from '../src/db/schema/index.ts'
import { execute, type Statement } from '../src/lib/list/page-statements.ts'
import { declaredLists } from '../src/lib/resource/define-resource.ts'
// Importing the route modules declares every resource's list.
import '../src/modules/index.ts'
import { createTestDatabase, describeEachEngine, type TestDatabase } from './support/databases.ts'

const CROWD = 3_000

interface PlanNode {
  'Relation Name'?: string
  'Actual Rows'?: number
  'Actual Loops'?: number
  'Rows Removed by Filter'?: number
  Plans?: PlanNode[]
}
/** Rows a plan's nodes read from `table`: those they gave and those their filter dropped. */
const rowsRead = (node: PlanNode, table: string): number =>
  (node['Relation Name'] === table
    ? ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1)
    : 0) + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, table), 0)

/**
 * A page one plan serves for every value is one statement whose page size is written in, so PostgreSQL may
 * keep the plan it made for no value in particular (lib/list/one-plan.ts); any other filtered page keeps
 * its ids in a statement of their own, planned for the request's values. The members' list: 3,000 enabled,
 * 3 disabled, an index on (status, id) and none on (status, created_at).
 */
describeEachEngine('list pages planned once', (engine) => {
  let test: TestDatabase
  const list = () => {
    const found = declaredLists.find((l) => l.path === 'users')
    if (!found) throw new Error('the members list is not declared')
    return found
  }
  const statementsOf = (query: Record<string, string>) =>
    list().statements(test.database.db, list().query.parse(query))

  beforeAll(async () => {
    test = await createTestDatabase(engine)
    const db = test.database.db
    await db.execute(sql`
      insert into users (username, status)
      select 'member' || i, case when i % 1000 = 500 then 'disabled' else 'enabled' end
      from generate_series(1, ${CROWD}) as i`)
    await db.execute(sql`analyze users`)
  })
  afterAll(() => test?.drop())

  /** EXPLAIN ANALYZE of a statement in a plan made for no value in particular. */
  async function genericPlan({ text, params }: Statement): Promise<PlanNode> {
    const db = test.database.db
    const written = (value: unknown) => `'${String(value).replaceAll("'", "''")}'`
    await db.execute(sql.raw(`prepare page as ${text}`))
    try {
      await db.execute(sql.raw('set plan_cache_mode = force_generic_plan'))
      const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
        db,
        sql.raw(`explain (analyze, format json) execute page(${params.map(written).join(', ')})`),
      )
      const raw = row?.['QUERY PLAN']
      return ((typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }])[0].Plan
    } finally {
      await db.execute(sql.raw('deallocate page'))
      await db.execute(sql.raw('reset plan_cache_mode'))
    }
  }

  it('picks a rare status’s page by its index in one statement, reading its rows alone in a plan for no value', async () => {
    const statements = await statementsOf({ status: 'disabled' })
    expect(statements.ids).toBeNull()
    expect(statements.records.text).toMatch(/limit 20\b/)
    const plan = await genericPlan(statements.records)
    // The three disabled members and their records, not the enabled ones walked past.
    expect(rowsRead(plan, 'users')).toBeLessThanOrEqual(3 * 2)
    const [page] = await execute(test.database.db, statements.records)
    expect((page as { rows: number }).rows).toBe(3)
  })

  it('keeps the ids planned for their values where no index gives the order, a keyword, a range or a scope', async () => {
    const queries: Record<string, string>[] = [
      { status: 'disabled', sort: '-created_at' },
      { keyword: 'member12' },
      { created_at_from: '2020-01-01' },
    ]
    for (const query of queries) {
      const statements = await statementsOf(query)
      expect(statements.ids, JSON.stringify(query)).not.toBeNull()
      expect(statements.ids?.text, JSON.stringify(query)).toMatch(/limit \$\d+/)
    }
    const scoped = await list().statements(test.database.db, list().query.parse({ status: 'disabled' }), {
      where: sql`${users.channelId} = ${1}`,
    })
    expect(scoped.ids).not.toBeNull()
  })

  it('answers an unfiltered page in one statement too', async () => {
    expect((await statementsOf({})).ids).toBeNull()
  })
})
