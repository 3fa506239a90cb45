import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelScope } from '../src/auth/channel-scope.ts'
import { queryRows } from '../src/db/client.ts'
import { plans, users } from '../src/db/schema/index.ts'
import type { ListQuery, ListScope } from '../src/lib/list/index.ts'
import { readsKeywordFirst } from '../src/lib/list/keyword-first.ts'
import { execute } from '../src/lib/list/page-statements.ts'
import { declaredLists } from '../src/lib/resource/define-resource.ts'
// Importing the route modules declares every resource's list.
import '../src/modules/index.ts'
import { createTestDatabase, describeEachEngine, type TestDatabase } from './support/databases.ts'
import { genericPlan, type PlanNode, plansChosen, rowsRead } from './support/plans.ts'

// More members than the lists' count cap (10,000) start with `member`.
const CROWD = 12_000
const ORDERS = 40

/** Scans of the whole of `table` in a plan (the small tables a record names may be read whole). */
const seqScans = (node: PlanNode, table: string): number =>
  (node['Node Type'] === 'Seq Scan' && node['Relation Name'] === table ? 1 : 0) +
  (node.Plans ?? []).reduce((sum, child) => sum + seqScans(child, table), 0)

/**
 * A keyword alone on columns read from their indexes (lib/list/keyword-first.ts): the members' list by name,
 * e-mail, e-mail domain and phone, the orders' by order and transaction number (ranges), the tags' by their
 * name's words (its trigram index). Its page and
 * exact total come from one statement planned once, among the matches read from those indexes; a keyword
 * matching more rows than the count cap, or beside a filter or a scope, goes the way planned for its value.
 * Either way the page and total are those the list's own conditions give (LIKE on each column, read here by
 * a plain query).
 */
describeEachEngine('list keywords read from their indexes first', (engine) => {
  let test: TestDatabase
  const list = (path: string) => {
    const found = declaredLists.find((l) => l.path === path)
    if (!found) throw new Error(`the ${path} list is not declared`)
    return found
  }
  const parse = (query: Record<string, string>, path = 'users'): ListQuery => list(path).query.parse(query)

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
    // dup1 starts with `dup` by its name, its e-mail and its domain: one member all the same.
    await db.execute(sql`
      insert into users (username, email) values
        ('x_y', 'x_y@under.score'), ('xzy', 'xzy@zed.org'), ('x%z', 'pct@percent.org'),
        ('MiXeD', 'MIXED@Case.ORG'), ('dup1', 'dup1@dup.org')`)
    await db.execute(sql`
      insert into plans (name, initial_period_count, initial_period_unit, initial_original_price)
      values ('monthly', 1, 'month', 9.99)`)
    // Paid in an order of their own (not their ids'), some with a transaction number starting as numbers do.
    await db.execute(sql`
      insert into orders (order_no, transaction_number, user_id, plan_id, amount, payment_method, paid_at, total_amount)
      select 'ORD' || i, case when i % 2 = 0 then 'ORD' || (100 + i) end, (select min(id) from users) + i,
             (select min(id) from plans), 9.99, 'epoch', now() - ((i * 7) % 13) * interval '1 hour', 9.99
      from generate_series(1, ${ORDERS}) as i`)
    // A tenth of the members subscribe, one of them twice.
    await db.execute(sql`
      insert into subscriptions (user_id, plan_id, started_at)
      select id, (select min(id) from plans), now() - id * interval '1 minute' from users where id % 10 = 0
      union all
      select id, (select min(id) from plans), now() from users where username = 'member120'`)
    // More tags than the count cap are named `tag …`; a few hold LIKE's wildcards as characters.
    await db.execute(sql`
      insert into tags (name, type) select 'tag ' || i, 'genre' from generate_series(1, ${CROWD}) as i
      union all values ('wild_card', 'genre'), ('wild%card', 'genre'), ('wildxcard', 'genre'), ('Tagged Rare', 'genre')`)
    // Vacuumed as autovacuum leaves a table: rows just inserted wait in the trigram index's pending list,
    // which the planner reckons read whole, and which makes a seq scan cheaper for any keyword.
    await db.execute(sql`vacuum analyze tags`)
    await db.execute(sql`analyze users`)
    await db.execute(sql`analyze orders`)
    await db.execute(sql`analyze subscriptions`)
  })
  afterAll(() => test?.drop())

  /** The page and total the list's own conditions give, read here by a plain query. */
  async function expected(q: ListQuery, path = 'users', scope?: SQL) {
    const where = and(list(path).where(q), scope)
    const db = test.database.db
    const table = sql.identifier(path)
    const rows =
      path === 'subscriptions'
        ? sql`subscriptions join users on users.id = user_id`
        : path === 'tags'
          ? sql`tags left join tag_categories on tag_categories.id = category_id`
          : table
    const order = sql.join(
      [
        ...q.sort.map((t) => sql`${table}.${sql.identifier(t.field)} ${sql.raw(t.desc ? 'desc' : 'asc')}`),
        sql`${table}.id`,
      ],
      sql`, `,
    )
    const ids = await queryRows<{ id: number }>(
      db,
      sql`select ${table}.id from ${rows} where ${where} order by ${order} limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`,
    )
    const [counted] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::integer as n from ${rows} where ${where}`,
    )
    return { ids: ids.map((row) => row.id), total: counted?.n }
  }
  async function answered(q: ListQuery, path = 'users', scope?: ListScope) {
    const page = await list(path).run(test.database.db, q, scope)
    return { ids: (JSON.parse(page.json) as { id: number }[]).map((row) => row.id), meta: page.meta }
  }
  /** The statement reading `q`'s keyword among its matches first. */
  async function hitsOf(q: ListQuery, path = 'users') {
    const { hits } = await list(path).statements(test.database.db, q)
    if (!hits) throw new Error('no statement reads the keyword’s matches first')
    return hits
  }
  /** Each query read among its keyword's matches first, answered with the page and exact total its conditions give. */
  async function expectReadFirst(path: string, queries: Record<string, string>[]) {
    for (const query of queries) {
      const q = parse(query, path)
      await hitsOf(q, path)
      const got = await answered(q, path)
      expect(
        { ids: got.ids, total: got.meta.total, estimated: got.meta.total_estimated },
        JSON.stringify(query),
      ).toEqual({ ...(await expected(q, path)), estimated: undefined })
    }
  }

  /**
   * The statement reading `query`'s keyword first, in a plan for no keyword in particular: no table of
   * `reads` read whole, fewer rows of each than its number; and, left to choose, PostgreSQL keeps that plan
   * for the `keywords` after its first five.
   */
  async function expectPlannedOnce(
    path: string,
    query: Record<string, string>,
    reads: Record<string, number>,
    keywords: readonly string[],
  ) {
    const hits = await hitsOf(parse(query, path), path)
    const plan = await genericPlan(test.database.db, hits)
    for (const [table, most] of Object.entries(reads)) {
      expect(seqScans(plan, table), table).toBe(0)
      expect(rowsRead(plan, table), table).toBeLessThan(most)
    }
    expect(await plansChosen(test.database.db, hits, 0, keywords)).toEqual({ custom: 5, generic: 3 })
  }

  it('reads a rare keyword’s matches from the indexes in a plan for no value, its records and exact total in one statement', async () => {
    const q = parse({ keyword: 'member1234' })
    const hits = await hitsOf(q)
    // member1234 and member12340 to member12349 are past the crowd: one match, read as a match and as a
    // record, none of the 12,005 members walked past.
    const plan = await genericPlan(test.database.db, hits)
    expect(seqScans(plan, 'users')).toBe(0)
    expect(rowsRead(plan, 'users')).toBeLessThanOrEqual(3)
    const [row] = await execute(test.database.db, hits)
    expect(row).toEqual({ total: 1, rows: 1, json: expect.stringContaining('"username":"member1234"') })
    // Left to choose, PostgreSQL keeps that plan for every keyword after its first five (the keyword reaches
    // the ranges through a subquery, so a plan for its value would cost no less).
    const keywords = ['member77', 'member1234', 'user3', 'x_', 'mixed', '@example.org', '5550', 'member5']
    expect(await plansChosen(test.database.db, hits, 0, keywords)).toEqual({
      custom: 5,
      generic: 3,
    })
    expect(await answered(q)).toEqual({
      ids: (await expected(q)).ids,
      meta: { current_page: 1, per_page: 20, total: 1, last_page: 1 },
    })
  })

  it('answers the pages and exact totals the list’s conditions give: letter case, wildcards, domains, phones, sorts, pages', async () => {
    const queries: Record<string, string>[] = [
      { keyword: 'MEMBER12' },
      { keyword: 'member12', page: '3' },
      { keyword: 'member12', page: '99' },
      { keyword: 'member11', sort: 'username' },
      { keyword: 'member11', sort: '-created_at' },
      { keyword: 'x_' },
      { keyword: 'x%' },
      { keyword: 'mixed' },
      { keyword: 'dup' },
      { keyword: '@example.org', page: '7' },
      { keyword: 'case.org' },
      { keyword: '01 01000' },
      { keyword: '(555) 01' },
      { keyword: 'a@b@c' },
      { keyword: 'nobody' },
    ]
    await expectReadFirst('users', queries)
    // The ranges hold `_` and `%` as the characters they are; a member found by three columns is one.
    expect((await answered(parse({ keyword: 'x_' }))).meta.total).toBe(1)
    expect((await answered(parse({ keyword: 'dup' }))).meta.total).toBe(1)
  })

  it('gives orders in the list’s order, newest payment first, found by order and transaction number', async () => {
    const queries: Record<string, string>[] = [
      { keyword: 'ord1' },
      { keyword: 'ORD1', page: '2', per_page: '5' },
      { keyword: 'ord12' },
    ]
    await expectReadFirst('orders', queries)
  })

  it('finds subscriptions by their member’s name, the members’ keys read from their index, then theirs', async () => {
    // member120 and member1200 to member1209: their keys, then the three subscriptions they have; none of
    // the 12,005 members or 1,201 subscriptions walked past.
    await expectPlannedOnce('subscriptions', { keyword: 'member120' }, { users: 30, subscriptions: 10 }, [
      'member77',
      'member1234',
      'x_',
      'mixed',
      'dup',
      'member5',
      'member99',
      'nobody',
    ])
    const queries: Record<string, string>[] = [
      { keyword: 'member120' },
      { keyword: 'MEMBER12', page: '2', per_page: '5' },
      { keyword: 'member1', sort: 'started_at' },
      { keyword: 'nobody' },
    ]
    await expectReadFirst('subscriptions', queries)
  })

  it('reads words searched anywhere from their trigram index in a plan for no value, by the rarest of several', async () => {
    // tag 1234, tag 11234 and tag 12340 to tag 12349, read from the index, not the 12,004 tags.
    await expectPlannedOnce('tags', { keyword: '1234' }, { tags: 30 }, [
      'tag 77',
      '1234',
      'wild_c',
      'rare',
      'nobody',
      '5 tag',
      '99',
      'x%',
    ])
    const queries: Record<string, string>[] = [
      { keyword: '1234' },
      { keyword: 'TAG 1234', page: '2', per_page: '5' },
      { keyword: '999 tag', sort: 'name' },
      { keyword: 'wild_c' },
      { keyword: 'wild%' },
      { keyword: 'tagged' },
      { keyword: 'nobody' },
    ]
    await expectReadFirst('tags', queries)
    // `_` and `%` are the characters they are: one tag each.
    expect((await answered(parse({ keyword: 'wild_c' }, 'tags'), 'tags')).meta.total).toBe(1)
    expect((await answered(parse({ keyword: 'wild%' }, 'tags'), 'tags')).meta.total).toBe(1)
  })

  it('reads a word every tag holds the way planned for it, to the same page, its trigram index unread', async () => {
    const q = parse({ keyword: 'tag', page: '3' }, 'tags')
    // The column's statistics find it in every tag (vod_pattern_common): no match is read, no total given.
    const hits = await hitsOf(q, 'tags')
    const [row] = (await execute(test.database.db, hits)) as { total: number | null }[]
    expect(row?.total).toBeNull()
    expect(rowsRead(await genericPlan(test.database.db, hits), 'tags')).toBeLessThanOrEqual(20)
    // A word the statistics do not hold common is still read from the index, at most the cap's worth.
    const few = parse({ keyword: '1234' }, 'tags')
    const rare = (await execute(test.database.db, await hitsOf(few, 'tags'))) as { total: number | null }[]
    expect(rare[0]?.total).toBe((await expected(few, 'tags')).total)
    for (let i = 0; i < 2; i++) {
      const got = await answered(q, 'tags')
      expect(got.ids).toEqual((await expected(q, 'tags')).ids)
      expect(got.meta.total_estimated).toBe(1)
    }
  })

  it('counts the subscriptions of a name more members have than the count cap the way planned for it', async () => {
    // 12,005 members start with `member`, past the keys read; their 1,201 subscriptions are counted exactly.
    const q = parse({ keyword: 'member' }, 'subscriptions')
    const hits = await hitsOf(q, 'subscriptions')
    const [row] = (await execute(test.database.db, hits)) as { total: number | null }[]
    expect(row?.total).toBeNull()
    const got = await answered(q, 'subscriptions')
    expect({ ids: got.ids, total: got.meta.total, estimated: got.meta.total_estimated }).toEqual({
      ...(await expected(q, 'subscriptions')),
      estimated: undefined,
    })
  })

  it('plans a keyword beside a filter or a scope for its values, to the pages the conditions give', async () => {
    const scope = sql`${users.id} % 2 = 0`
    for (const keyword of ['member12', '@example.org']) {
      const q = parse({ keyword })
      expect(
        (await list('users').statements(test.database.db, q, { where: scope, key: 'even' })).hits,
      ).toBeUndefined()
      const got = await answered(q, 'users', { where: scope, key: 'even' })
      expect({ ids: got.ids, total: got.meta.total }).toEqual(await expected(q, 'users', scope))
    }
    const filtered = parse({ keyword: 'member1', status: 'disabled', sort: '-created_at' })
    expect((await list('users').statements(test.database.db, filtered)).hits).toBeUndefined()
    const got = await answered(filtered)
    expect({ ids: got.ids, total: got.meta.total }).toEqual(await expected(filtered))
  })

  it('reads a keyword matching more rows than the count cap the way planned for its value, to the same page', async () => {
    const q = parse({ keyword: 'member', page: '2' })
    const hits = await hitsOf(q)
    const [row] = (await execute(test.database.db, hits)) as { total: number }[]
    expect(row?.total).toBe(10_001)
    for (let i = 0; i < 2; i++) {
      const got = await answered(q)
      expect(got.ids).toEqual((await expected(q)).ids)
      expect(got.meta.total).toBeGreaterThan(10_000)
      expect(got.meta.total_estimated).toBe(1)
    }
  })

  it("reads a channel admin's keyword a channel at a time: another channel's members unread, its own all found", async () => {
    const db = test.database.db
    const [mine, theirs] = await queryRows<{ id: number }>(
      db,
      sql`insert into channels (utm_source, type) values ('mine', 'affiliate'), ('theirs', 'social') returning id`,
    )
    // A flock of another channel's members start with `flock`, as three of the admin's channel do.
    await db.execute(sql`
      insert into users (username, channel_id) select 'flock' || i, ${theirs?.id}::integer from generate_series(1, 3000) as i
      union all select 'flockmine' || i, ${mine?.id}::integer from generate_series(1, 3) as i`)
    await db.execute(sql`analyze users`)
    const [admin] = await queryRows<{ id: number }>(
      db,
      sql`insert into admins (username, password_hash, name) values ('flockkeeper', 'x', 'Keeper') returning id`,
    )
    await db.execute(
      sql`insert into channel_admins (channel_id, admin_id) values (${mine?.id}, ${admin?.id})`,
    )
    const request = { admin: { id: admin?.id, permissions: new Set() } } as unknown as FastifyRequest
    const scope = { where: channelScope(users.channelId)(request) }
    for (const keyword of ['flock', 'FLOCKMINE2', 'nobody']) {
      const q = parse({ keyword })
      const { hits } = await list('users').statements(db, q, scope)
      if (!hits) throw new Error(`${keyword}: not read among its matches first`)
      // Five ranges (name, e-mail, domain, phone, digits), each of the admin's one channel.
      expect(rowsRead(await genericPlan(db, hits), 'users'), keyword).toBeLessThanOrEqual(5 + 3)
      const got = await answered(q, 'users', scope)
      expect({ ids: got.ids, total: got.meta.total }, keyword).toEqual(
        await expected(q, 'users', scope.where),
      )
    }
  })

  it('reads no tag for a word no trigram index finds beside none or a common one, and matches none', async () => {
    for (const keyword of ['ab', 'zq tag', '--', '1 2 3']) {
      const q = parse({ keyword }, 'tags')
      const { ids } = await list('tags').statements(test.database.db, q)
      if (!ids) throw new Error(`${keyword}: no ids statement`)
      expect(rowsRead(await genericPlan(test.database.db, ids), 'tags'), keyword).toBe(0)
      expect((await answered(q, 'tags')).meta.total, keyword).toBe(0)
    }
    // Beside a rare word it is checked on the rows that one finds; words of three letters or digits as before.
    for (const keyword of ['ta 1234', 'tag 123']) {
      const q = parse({ keyword }, 'tags')
      const got = await answered(q, 'tags')
      expect(got.meta.total, keyword).toBeGreaterThan(0)
      expect({ ids: got.ids, total: got.meta.total }, keyword).toEqual(await expected(q, 'tags'))
    }
  })
})

describe('which keywords are read among their matches first', () => {
  const q = declaredLists.find((l) => l.path === 'users')?.query.parse({ keyword: 'member1' }) as ListQuery
  const terms = [{ expression: users.id, desc: true }]
  const keyword = [{ prefix: users.username }]
  const plan = (inner: boolean) => [{ table: plans, on: eq(plans.id, users.planId), inner }]

  it('leaves out a list whose join decides which rows it has, a keyword read anywhere and a joined sort', () => {
    expect(readsKeywordFirst({ table: users, joins: plan(false), keyword }, q, undefined, terms)).toBe(true)
    // A member without a plan would be found by its name, where the list has no such member.
    expect(readsKeywordFirst({ table: users, joins: plan(true), keyword }, q, undefined, terms)).toBe(false)
    expect(readsKeywordFirst({ table: users, keyword: [users.username] }, q, undefined, terms)).toBe(false)
    expect(
      readsKeywordFirst({ table: users, joins: plan(false), keyword }, q, undefined, [
        { expression: plans.name, desc: false },
      ]),
    ).toBe(false)
  })
})
