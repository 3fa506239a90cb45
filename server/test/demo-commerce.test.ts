import { type SQL, sql } from 'drizzle-orm'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { queryRows } from '../src/db/client.ts'
import { DEMO_MEMBERS, seedDemoCommerce } from '../src/db/demo-commerce.ts'
import { createTestDatabase, describeEachEngine, type TestDatabase } from './support/databases.ts'

/** Rows of a query that should find none: each names a demo record that breaks a rule. */
const broken = (t: TestDatabase, query: SQL) => queryRows(t.database.db, query)

describeEachEngine('commerce demo data', (engine) => {
  let t: TestDatabase
  const today = new Date('2026-11-22T00:00:00Z')
  beforeEach(async () => {
    t = await createTestDatabase(engine)
  })
  afterEach(() => t.drop())

  it('is consistent: orders match their subscription, member, plan and channel, payouts add up', async () => {
    const added = await seedDemoCommerce(t.database.db, { today })
    expect(added).toBeGreaterThan(DEMO_MEMBERS * 3)
    expect(await seedDemoCommerce(t.database.db, { today })).toBe(0)

    // An order belongs to its member's subscription, on the same plan and through the same channel.
    expect(
      await broken(
        t,
        sql`select o.id from orders o join subscriptions s on s.id = o.subscription_id join users u on u.id = o.user_id
            where s.user_id <> o.user_id or s.plan_id <> o.plan_id or u.plan_id <> o.plan_id
               or s.channel_id is distinct from o.channel_id or u.campaign_id is distinct from o.campaign_id`,
      ),
    ).toEqual([])
    // Paid within the subscription, at the plan's price: the first payment at the initial price, then renewals.
    expect(
      await broken(
        t,
        sql`select o.id from orders o join subscriptions s on s.id = o.subscription_id join plans p on p.id = o.plan_id
            where o.paid_at < s.started_at or (s.ended_at is not null and o.paid_at >= s.ended_at)
               or o.amount <> case when o.paid_at < s.started_at + interval '1 hour'
                                   then coalesce(p.initial_discount_price, p.initial_original_price)
                                   else coalesce(p.recurring_discount_price, p.recurring_original_price) end`,
      ),
    ).toEqual([])
    // A campaign is one of its member's channel's campaigns; an active subscription has not ended.
    expect(
      await broken(
        t,
        sql`select u.id from users u left join campaigns c on c.id = u.campaign_id
            where (u.campaign_id is not null and c.channel_id <> u.channel_id)
               or exists (select 1 from subscriptions s where s.user_id = u.id and s.status = 'active' and s.ended_at is not null)`,
      ),
    ).toEqual([])
    // Each month's segpay payout grosses exactly that month's segpay orders.
    expect(
      await broken(
        t,
        sql`select r.reference from segpay_payout_reports r
            where r.gross <> (select coalesce(sum(o.amount), 0) from orders o where o.payment_method = 'segpay'
                              and o.paid_at >= r.period_start and o.paid_at < r.period_end + 1)`,
      ),
    ).toEqual([])
    const [counts] = await queryRows<{ members: number; orders: number; states: number }>(
      t.database.db,
      sql`select (select count(*) from users)::int as members, (select count(*) from orders)::int as orders,
                 (select count(distinct status) from subscriptions)::int as states`,
    )
    expect(counts).toMatchObject({ members: DEMO_MEMBERS, states: 3 })
    expect(counts?.orders).toBeGreaterThan(DEMO_MEMBERS)
  })

  it('is the same for the same seed and day', async () => {
    const snapshot = async (db: TestDatabase) =>
      queryRows(
        db.database.db,
        sql`select o.order_no, o.amount, o.total_amount, o.paid_at, u.username, p.name
            from orders o join users u on u.id = o.user_id join plans p on p.id = o.plan_id order by o.order_no`,
      )
    await seedDemoCommerce(t.database.db, { today })
    const other = await createTestDatabase(engine)
    try {
      await seedDemoCommerce(other.database.db, { today })
      expect(await snapshot(other)).toEqual(await snapshot(t))
    } finally {
      await other.drop()
    }
  })
})
