import { and, type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { queryRows } from '../src/db/client.ts'
import { users } from '../src/db/schema/index.ts'
import type { ListQuery, ListScope } from '../src/lib/list/index.ts'
import { execute, type Statement } from '../src/lib/list/page-statements.ts'
import { declaredLists } from '../src/lib/resource/define-resource.ts'
// Importing the route modules declares every resource's list.
import '../src/modules/index.ts'
import { createTestDatabase, describeEachEngine, type TestDatabase } from './support/databases.ts'

// More members than the lists' count cap (10,000) start with `member`.
const CROWD = 12_000

interface PlanNode {
  'Node Type'?: string
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
const seqScans = (node: PlanNode): number =>
  (node['Node Type'] === 'Seq Scan' ? 1 : 0) +
  (node.Plans ?? []).reduce((sum, child) => sum + seqScans(child), 0)

/**
 * A keyword whose columns are all read from their indexes as ranges (lib/list/keyword-first.ts): the
 * members' list, by name, e-mail, e-mail domain and phone. Its page and exact total come from one statement
 * planned once, among the matches read from those indexes; a keyword matching more rows than the count cap
 * goes the way planned for its value. Either way the page is the one the list's own conditions give (LIKE on
 * each column, the independent reading here).
 */
describeEachEngine('list keywords read from their indexes first', (engine) => {
  let test: TestDatabase
  const list = () => {
    const found = declaredLists.find((l) => l.path === 'users')
    if (!found) throw new Error('the members list is not declared')
    return found
  }
  const parse = (query: Record<string, string>): ListQuery => list().query.parse(query)

  beforeAll(async () => {
    test = await createTestDatabase(engine)
    const db = test.database.db
    await db.execute(sql`
      insert into users (username, email, phone, status)
      select 'member' || i,
             case when i % 3 = 0 then 'User' || i || '@Example.org' end,
             case when i % 500 = 0 then '+1 (555) 01' || lpad(i::text, 5, '0') end,
             case when i % 1000 = 500 then 'disabled' else 'enabled' end
      from generate_series(1, ${CROWD}) as i`)
    await db.execute(sql`
      insert into users (username, email) values
        ('x_y', 'x_y@under.score'), ('xzy', 'xzy@zed.org'), ('x%z', 'pct@percent.org'), ('MiXeD', 'MIXED@Case.ORG')`)
    await db.execute(sql`analyze users`)
  })
  afterAll(() => test?.drop())

  /** The page and total the list's own conditions give, read here by a plain query. */
  async function expected(q: ListQuery, scope?: SQL) {
    const where = and(list().where(q), scope)
    const db = test.database.db
    const order = q.sort[0]?.field === 'created_at' ? sql`created_at desc, id` : sql`id desc`
    const ids = await queryRows<{ id: number }>(
      db,
      sql`select id from users where ${where} order by ${order} limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`,
    )
    const [counted] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::integer as n from users where ${where}`,
    )
    return { ids: ids.map((row) => row.id), total: counted?.n }
  }
  async function answered(q: ListQuery, scope?: ListScope) {
    const page = await list().run(test.database.db, q, scope)
    return { ids: (JSON.parse(page.json) as { id: number }[]).map((row) => row.id), meta: page.meta }
  }

  /** How PostgreSQL planned the statement run once for each keyword, left to choose (plan_cache_mode auto). */
  async function plansChosen({ text, params }: Statement, keywords: string[]) {
    const db = test.database.db
    const written = (value: unknown) => `'${String(value).replaceAll("'", "''")}'`
    const keyword = params[0]
    await db.execute(sql.raw(`prepare chosen as ${text}`))
    try {
      for (const each of keywords)
        await db.execute(
          sql.raw(`execute chosen(${params.map((p) => written(p === keyword ? each : p)).join(', ')})`),
        )
      const [row] = await queryRows<{ custom: number; generic: number }>(
        db,
        sql`select custom_plans::integer as custom, generic_plans::integer as generic from pg_prepared_statements where name = 'chosen'`,
      )
      return row
    } finally {
      await db.execute(sql.raw('deallocate chosen'))
    }
  }

  /** EXPLAIN ANALYZE of a statement in a plan made for no value in particular. */
  async function genericPlan({ text, params }: Statement): Promise<PlanNode> {
    const db = test.database.db
    const written = (value: unknown) => `'${String(value).replaceAll("'", "''")}'`
    await db.execute(sql.raw(`prepare hits as ${text}`))
    try {
      await db.execute(sql.raw('set plan_cache_mode = force_generic_plan'))
      const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
        db,
        sql.raw(`explain (analyze, format json) execute hits(${params.map(written).join(', ')})`),
      )
      const raw = row?.['QUERY PLAN']
      return ((typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }])[0].Plan
    } finally {
      await db.execute(sql.raw('deallocate hits'))
      await db.execute(sql.raw('reset plan_cache_mode'))
    }
  }

  it('reads a rare keyword’s matches from the indexes in a plan for no value, its page and exact total in one statement', async () => {
    const q = parse({ keyword: 'member1234' })
    const statements = await list().statements(test.database.db, q)
    if (!statements.hits) throw new Error('no statement reads the keyword’s matches first')
    // member1234 and member12340 to member12349 are past the crowd: one match, read a few times (the
    // matches, the page, the total), none of the 12,004 members walked past.
    const plan = await genericPlan(statements.hits)
    expect(seqScans(plan)).toBe(0)
    expect(rowsRead(plan, 'users')).toBeLessThanOrEqual(10)
    const [row] = (await execute(test.database.db, statements.hits)) as { page: number[]; total: number }[]
    expect(row?.total).toBe(1)
    // Left to choose, PostgreSQL keeps that plan for every keyword after its first five (the keyword reaches
    // the ranges through a subquery, so a plan for its value would cost no less).
    expect(
      await plansChosen(statements.hits, [
        'member77',
        'member1234',
        'user3',
        'x_',
        'mixed',
        '@example.org',
        '5550',
        'member5',
      ]),
    ).toEqual({
      custom: 5,
      generic: 3,
    })
    expect(await answered(q)).toEqual({
      ids: (await expected(q)).ids,
      meta: { current_page: 1, per_page: 20, total: 1, last_page: 1 },
    })
  })

  it('answers the pages and exact totals the list’s conditions give: letter case, wildcards, domains, phones, filters, sorts', async () => {
    const queries: Record<string, string>[] = [
      { keyword: 'MEMBER12' },
      { keyword: 'member12', page: '3' },
      { keyword: 'x_' },
      { keyword: 'x%' },
      { keyword: 'mixed' },
      { keyword: '@example.org', page: '7' },
      { keyword: 'case.org' },
      { keyword: '01 01000' },
      { keyword: '(555) 01' },
      { keyword: 'member1', status: 'disabled', sort: '-created_at' },
      { keyword: 'a@b@c' },
      { keyword: 'nobody' },
    ]
    for (const query of queries) {
      const q = parse(query)
      const want = await expected(q)
      const got = await answered(q)
      expect(
        { ids: got.ids, total: got.meta.total, estimated: got.meta.total_estimated },
        JSON.stringify(query),
      ).toEqual({
        ...want,
        estimated: undefined,
      })
    }
    // The ranges hold `_` and `%` as the characters they are.
    expect((await answered(parse({ keyword: 'x_' }))).meta.total).toBe(1)
  })

  it('keeps a scope’s condition on the keyword’s matches', async () => {
    const scope = sql`${users.id} % 2 = 0`
    for (const keyword of ['member12', '@example.org']) {
      const q = parse({ keyword })
      const got = await answered(q, { where: scope, key: 'even' })
      expect(got.ids).toEqual((await expected(q, scope)).ids)
      expect(got.meta.total).toBe((await expected(q, scope)).total)
    }
  })

  it('reads a keyword matching more rows than the count cap the way planned for its value, to the same page', async () => {
    const q = parse({ keyword: 'member', page: '2' })
    const statements = await list().statements(test.database.db, q)
    if (!statements.hits) throw new Error('no statement reads the keyword’s matches first')
    const [row] = (await execute(test.database.db, statements.hits)) as { page: unknown; total: unknown }[]
    expect(row).toEqual({ page: null, total: null })
    const got = await answered(q)
    expect(got.ids).toEqual((await expected(q)).ids)
    expect(got.meta.total).toBeGreaterThan(10_000)
  })
})
