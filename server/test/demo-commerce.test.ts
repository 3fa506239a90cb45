import { type SQL, sql } from 'drizzle-orm'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { queryRows } from '../src/db/client.ts'
import { DEMO_MEMBERS, seedDemoCommerce } from '../src/db/demo-commerce.ts'
import { createTestDatabase, describeEachEngine, type TestDatabase } from './support/databases.ts'

/** A plan's recurring price a day (SQL over the plan's alias), to tell a dearer plan from a cheaper one. */
const perDay = (plan: string) =>
  sql.raw(`coalesce(${plan}.recurring_discount_price, ${plan}.recurring_original_price) / (${plan}.recurring_period_count *
    case ${plan}.recurring_period_unit when 'year' then 365.25 when 'month' then 30.4375 when 'week' then 7 else 1 end)`)

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

    // An order belongs to its member's subscription, on the same plan and through the same channel; a
    // member's plan is that of their latest subscription.
    expect(
      await broken(
        t,
        sql`select o.id from orders o join subscriptions s on s.id = o.subscription_id join users u on u.id = o.user_id
            where s.user_id <> o.user_id or s.plan_id <> o.plan_id
               or s.channel_id is distinct from o.channel_id or u.campaign_id is distinct from o.campaign_id
            union all
            select u.id from users u
            where u.plan_id <> (select s.plan_id from subscriptions s where s.user_id = u.id order by s.started_at desc limit 1)`,
      ),
    ).toEqual([])
    // What the subscription figures move by (issue 66, item 5): members changing plan at a renewal, to a dearer
    // plan and to a cheaper one (by recurring price a day), and members coming back after they left; no member
    // holds two subscriptions at once.
    const [moves] = await queryRows<{ up: number; down: number; back: number; overlapping: number }>(
      t.database.db,
      sql`with pairs as (
            select before.ended_at = after.started_at as changed, after.started_at > before.ended_at as returned,
              ${perDay('before_plan')} as before_daily, ${perDay('after_plan')} as after_daily
            from subscriptions before
            join subscriptions after on after.user_id = before.user_id and after.started_at >= before.started_at and after.id <> before.id
            join plans before_plan on before_plan.id = before.plan_id join plans after_plan on after_plan.id = after.plan_id
            where not exists (select 1 from subscriptions between_them where between_them.user_id = before.user_id
              and between_them.started_at > before.started_at and between_them.started_at < after.started_at))
          select count(*) filter (where changed and after_daily > before_daily)::int as up,
            count(*) filter (where changed and after_daily < before_daily)::int as down,
            count(*) filter (where returned)::int as back,
            count(*) filter (where not changed and not returned)::int as overlapping
          from pairs`,
    )
    expect(moves?.overlapping).toBe(0)
    expect(moves?.up).toBeGreaterThan(0)
    expect(moves?.down).toBeGreaterThan(0)
    expect(moves?.back).toBeGreaterThan(0)
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
