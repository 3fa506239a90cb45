import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { queryRows } from '../src/db/client.ts'
import { users } from '../src/db/schema/index.ts'
import { execute } from '../src/lib/list/page-statements.ts'
import { declaredLists } from '../src/lib/resource/define-resource.ts'
// Importing the route modules declares every resource's list.
import '../src/modules/index.ts'
import { createTestDatabase, describeEachEngine, type TestDatabase } from './support/databases.ts'
import { genericPlan, loopsReading, plansChosen, rowsRead } from './support/plans.ts'

const CROWD = 3_000
const ORDERS = 3 * CROWD

/**
 * How a page is planned (lib/list/page-plan.ts). A page one plan serves for every value is one statement
 * whose page size is written in, so PostgreSQL may keep the plan it made for no value in particular: a first
 * page an index gives in the list's order read straight from it, other pages by their ids inside the same
 * statement. Any other filtered page keeps its ids in a statement of their own, planned for the request's
 * values. The members' list: 3,000 enabled, 3 disabled, an index on (status, id) and none on (status,
 * created_at) or start_date; the orders' list: three orders each, paid an hour apart, an index on
 * (user_id, paid_at).
 */
describeEachEngine('list pages planned once', (engine) => {
  let test: TestDatabase
  const list = (path = 'users') => {
    const found = declaredLists.find((l) => l.path === path)
    if (!found) throw new Error(`the ${path} list is not declared`)
    return found
  }
  const statementsOf = (query: Record<string, string>, path = 'users') =>
    list(path).statements(test.database.db, list(path).query.parse(query))
  const byIds = /"users"\."id" = any\(array\(/

  beforeAll(async () => {
    test = await createTestDatabase(engine)
    const db = test.database.db
    await db.execute(sql`
      insert into users (username, status)
      select 'member' || i, case when i % 1000 = 500 then 'disabled' else 'enabled' end
      from generate_series(1, ${CROWD}) as i`)
    await db.execute(sql`
      insert into plans (name, initial_period_count, initial_period_unit, initial_original_price)
      values ('monthly', 1, 'month', 9.99)`)
    await db.execute(sql`
      insert into orders (order_no, user_id, plan_id, amount, payment_method, paid_at, total_amount)
      select 'ORD' || i, (select min(id) from users) + i % ${CROWD}, (select min(id) from plans), 9.99, 'epoch',
             now() - i * interval '1 hour', 9.99
      from generate_series(1, ${ORDERS}) as i`)
    await db.execute(sql`analyze users`)
    await db.execute(sql`analyze orders`)
  })
  afterAll(() => test?.drop())

  it('reads a rare status’s first page straight from its index in one statement, its rows alone in a plan for no value', async () => {
    const statements = await statementsOf({ status: 'disabled' })
    expect(statements.ids).toBeNull()
    expect(statements.records.text).not.toMatch(byIds)
    expect(statements.records.text).toMatch(/limit 20\b/)
    // The three disabled members, not the enabled ones walked past.
    expect(rowsRead(await genericPlan(test.database.db, statements.records), 'users')).toBeLessThanOrEqual(3)
    const [page] = await execute(test.database.db, statements.records)
    expect((page as { rows: number }).rows).toBe(3)
  })

  it('reads a member’s orders newest payment first straight from their index, in one statement', async () => {
    const [member] = await queryRows<{ id: number }>(test.database.db, sql`select min(id) as id from users`)
    const statements = await statementsOf({ user_id: String(member?.id) }, 'orders')
    expect(statements.ids).toBeNull()
    expect(statements.records.text).not.toMatch(/"orders"\."id" = any\(array\(/)
    // The member's three orders, not the other members' walked past in payment order.
    expect(rowsRead(await genericPlan(test.database.db, statements.records), 'orders')).toBeLessThanOrEqual(3)
    const [page] = await execute(test.database.db, statements.records)
    expect((page as { rows: number }).rows).toBe(3)
  })

  it('reads a period of orders newest payment first straight from the index on their payment, in one statement', async () => {
    // The last ten days hold about 240 orders: 20 read, and the one after them that shows the last payment's
    // ties are all in (the order is paid_at desc, then id asc).
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)
    const statements = await statementsOf({ paid_at_from: day(9), paid_at_to: day(0) }, 'orders')
    expect(statements.ids).toBeNull()
    expect(rowsRead(await genericPlan(test.database.db, statements.records), 'orders')).toBeLessThanOrEqual(
      21,
    )
    const [page] = await execute(test.database.db, statements.records)
    expect((page as { rows: number }).rows).toBe(20)
    // In another order, or of another column, the period's rows are found by a plan for its values.
    expect((await statementsOf({ paid_at_from: day(9), sort: 'amount' }, 'orders')).ids).not.toBeNull()
    expect((await statementsOf({ amount_from: '5' }, 'orders')).ids).not.toBeNull()
  })

  it('reads each order’s refunds and chargebacks once for the five fields they give, for the page alone', async () => {
    const first = await statementsOf({}, 'orders')
    // One reading of the events for each of the page's twenty orders (and the one after them that shows the
    // last payment's ties are all in), not one for each field, nor one for every order.
    const [readings, ...more] = loopsReading(
      await genericPlan(test.database.db, first.records),
      'order_events',
    )
    expect(more).toEqual([])
    expect(readings).toBeGreaterThanOrEqual(20)
    expect(readings).toBeLessThanOrEqual(21)
    // A page picked by its ids first: the ids read no event, the records read them as before.
    const { ids, records } = await statementsOf({ amount_from: '5' }, 'orders')
    expect(ids?.text).not.toMatch(/order_events/)
    const [page] = await execute(test.database.db, records, [1, 2])
    expect(JSON.parse((page as { json: string }).json)).toMatchObject([
      { id: 1, refunded: '0.00', charged_back: '0.00', refund_count: 0, chargeback_count: 0, events: [] },
      { id: 2, refunded: '0.00', charged_back: '0.00', refund_count: 0, chargeback_count: 0, events: [] },
    ])
  })

  it('picks a later page by its ids inside the one statement, reading the index alone', async () => {
    const statements = await statementsOf({ status: 'enabled', page: '3' })
    expect(statements.ids).toBeNull()
    expect(statements.records.text).toMatch(byIds)
    // Bound, the offset would keep PostgreSQL planning every request (it reckons a tenth of the table).
    expect(statements.records.text).toMatch(/limit 20 offset 40\b/)
    // The ids of three pages from the index, then the twenty records of the third.
    expect(rowsRead(await genericPlan(test.database.db, statements.records), 'users')).toBeLessThanOrEqual(
      3 * 20 + 20,
    )
    const [page] = await execute(test.database.db, statements.records)
    expect((page as { rows: number }).rows).toBe(20)
  })

  it('picks an unfiltered page in an order no index gives by its ids, in one statement', async () => {
    const statements = await statementsOf({ sort: 'start_date' })
    expect(statements.ids).toBeNull()
    expect(statements.records.text).toMatch(byIds)
    for (const sort of ['-id', '-created_at', 'username'])
      expect((await statementsOf({ sort })).records.text, sort).not.toMatch(byIds)
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

  it('plans the records of a page picked by its ids once, however few they are', async () => {
    const { ids, records } = await statementsOf({ status: 'disabled', sort: '-created_at' })
    expect(ids).not.toBeNull()
    // The ids bound where the planner saw them, a page of one member cost less planned for its id than in
    // the plan for any page, so PostgreSQL planned every such page again.
    const at = records.params.findIndex((p) => typeof p === 'string' && p.startsWith('\u0000'))
    const pages = ['{500}', '{1500}', '{2500}', '{7}', '{8}', '{9}', '{10,11}', '{12}']
    expect(await plansChosen(test.database.db, records, at, pages)).toEqual({ custom: 5, generic: 3 })
  })
})
