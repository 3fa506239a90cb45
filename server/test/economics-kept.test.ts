import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { queryRows } from '../src/db/client.ts'
import { foldFigures } from '../src/modules/analytics/keeping/index.ts'
import { keptIn } from '../src/modules/economics/kept-movements.ts'
import { movements } from '../src/modules/economics/movements.ts'
import type { Filters } from '../src/modules/economics/paying.ts'
import { churn, cohorts, conversion } from '../src/modules/economics/reports.ts'
import { describeEachEngine } from './support/databases.ts'
import { startTestApp, type TestApp } from './support/harness.ts'
import { seeded } from './support/seeded.ts'

/**
 * Subscription economics kept (issue 66 item 2, docs/analytics.md "Subscription economics kept"): after the
 * member site's writes, by plain SQL, and the figures kept, the movements and churn read from what the
 * keeping keeps equal those computed from the raw rows (movementsSql, itself checked against a walk of the
 * rows in api/subscription-economics.test.ts), and the retention cohorts and first-period conversion, for every
 * scope kept, days, whole and cut months and a whole year (a member who paid for a few hours among them);
 * after subscriptions are started, moved to another channel, ended, deleted and back-dated, renewal orders
 * paid, deleted and moved inside an initial period, a plan's price changed, and the business zone changed.
 */

/** Ranges and how they are cut: a month by day, cut months, a whole year by month, two years by month, days to a cut month. */
const RANGES = [
  { start_date: '2026-03-01', end_date: '2026-03-31', by: 'day' },
  { start_date: '2026-02-10', end_date: '2026-05-20', by: 'month' },
  { start_date: '2026-01-01', end_date: '2026-12-31', by: 'month' },
  { start_date: '2025-01-01', end_date: '2026-12-31', by: 'month' },
  { start_date: '2026-03-01', end_date: '2026-04-10', by: 'day' },
] as const

describeEachEngine('subscription economics kept', (engine) => {
  let t: TestApp
  let zone = ''
  const channels: number[] = []
  const plans: number[] = []
  let campaign = 0

  const one = async (text: string) => (await queryRows<{ id: number }>(t.db, sql.raw(text)))[0]?.id as number
  const scopes = (): [string, Filters][] => [
    ['all', { scope: { channels: null } }],
    ['a channel', { scope: { channels: [channels[0] as number] } }],
    ['the other channel', { scope: { channels: [channels[1] as number] } }],
    ['a campaign', { scope: { channels: null }, campaignId: campaign }],
    ['a plan', { scope: { channels: null }, planId: plans[1] as number }],
  ]
  /** Every scope and range, kept against raw, once everything written is kept. */
  const keptEqualsRaw = async () => {
    await foldFigures(t.db)
    expect(await keptIn(t.db, zone)).toBe(true)
    for (const [name, filters] of scopes())
      for (const range of RANGES) {
        const asked = `${name} ${range.start_date} ${range.end_date} by ${range.by}`
        const kept = await movements(t.db, zone, range, filters, true)
        expect(kept, asked).toEqual(await movements(t.db, zone, range, filters, false))
        const { start_date: start, end_date: end } = range
        expect(await churn(t.db, zone, start, end, filters, true), asked).toEqual(
          await churn(t.db, zone, start, end, filters, false),
        )
        expect(await cohorts(t.db, zone, start, end, filters, true), asked).toEqual(
          await cohorts(t.db, zone, start, end, filters, false),
        )
        expect(await conversion(t.db, zone, start, end, filters, true), asked).toEqual(
          await conversion(t.db, zone, start, end, filters, false),
        )
      }
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    const [kept] = await queryRows<{ zone: string }>(t.db, sql`select vod_business_zone() as zone`)
    zone = kept?.zone as string
    t.config.businessTimeZone = zone
    for (const name of ['kept-a', 'kept-b'])
      channels.push(
        await one(`insert into channels (utm_source, type) values ('${name}', 'affiliate') returning id`),
      )
    campaign = await one(
      `insert into campaigns (channel_id, name) values (${channels[0]}, 'kept') returning id`,
    )
    for (const values of [
      `'Kept monthly', 1, 'month', 9.99, 4.99, 1, 'month', 9.99, null`,
      `'Kept trial', 7, 'day', 1.00, null, 1, 'month', 29.99, 24.99`,
      `'Kept annual', 1, 'year', 99.99, null, null, null, null, null`,
      `'Kept free', 30, 'day', 0.00, null, 1, 'month', 14.99, null`,
    ])
      plans.push(
        await one(`insert into plans (name, initial_period_count, initial_period_unit, initial_original_price,
          initial_discount_price, recurring_period_count, recurring_period_unit, recurring_original_price,
          recurring_discount_price) values (${values}) returning id`),
      )
    const random = seeded(266)
    const first = Date.parse('2025-01-05T00:00:00Z')
    const last = Date.parse('2026-11-20T00:00:00Z')
    const minute = 60_000
    const day = 86_400_000
    for (let member = 0; member < 30; member++) {
      const channel = [channels[0], channels[1], null][member % 3] ?? null
      const user = await one(
        `insert into users (username, channel_id) values ('kept${member}', ${channel}) returning id`,
      )
      let at = first + random(Math.floor((last - first) / minute)) * minute
      // One starts on a business midnight, where a day's edge is.
      if (member === 1) at = Date.parse('2026-03-01T00:00:00Z')
      while (at < last) {
        const open = random(5) === 0
        const end = open ? null : at + (1 + random(150)) * day + random(1440) * minute
        const iso = (moment: number | null) =>
          moment === null ? 'null' : `'${new Date(moment).toISOString()}'`
        await one(`insert into subscriptions (user_id, plan_id, channel_id, campaign_id, started_at, ended_at, status)
          values (${user}, ${plans[random(plans.length)]}, ${random(6) === 0 ? channels[1] : channel},
            ${channel === channels[0] && random(2) === 0 ? campaign : 'null'}, ${iso(at)}, ${iso(end)},
            '${end === null ? 'active' : 'expired'}') returning id`)
        if (end === null) break
        const next = random(4)
        // A plan change (the next starts as this one ends), a return after a gap, or gone.
        if (next === 0) break
        at = next === 1 ? end : end + (10 + random(90)) * day
      }
    }
    // In the month the last range cuts: a member of March's cohort gone, one of April's come, one after the cut.
    for (const [name, started, ended] of [
      ['kept-march', '2026-03-15T08:00:00Z', `'2026-04-05T10:00:00Z'`],
      ['kept-april', '2026-04-03T12:00:00Z', 'null'],
      ['kept-late-april', '2026-04-20T12:00:00Z', `'2026-06-01T00:00:00Z'`],
    ]) {
      const user = await one(
        `insert into users (username, channel_id) values ('${name}', ${channels[0]}) returning id`,
      )
      await one(`insert into subscriptions (user_id, plan_id, channel_id, started_at, ended_at, status)
        values (${user}, ${plans[0]}, ${channels[0]}, '${started}', ${ended}, 'active') returning id`)
    }
    // A member who paid for a few hours: in a cohort, though no day's or month's MRR of theirs moved.
    const brief = await one(
      `insert into users (username, channel_id) values ('kept-brief', ${channels[0]}) returning id`,
    )
    await one(`insert into subscriptions (user_id, plan_id, channel_id, started_at, ended_at, status)
      values (${brief}, ${plans[0]}, ${channels[0]}, '2026-04-07T09:00:00Z', '2026-04-07T15:00:00Z', 'expired') returning id`)
    // Orders of the subscriptions: unpaid, paid two days in (inside a month's initial period, past a week's)
    // or forty (past both), a few at 0.
    await t.db.execute(
      sql.raw(`insert into orders (order_no, user_id, plan_id, subscription_id, channel_id, amount, payment_method,
          paid_at, total_amount)
        select 'kept-' || id, user_id, plan_id, id, channel_id, case when id % 7 = 0 then 0 else 9.99 end, 'segpay',
          case id % 4 when 0 then null when 1 then started_at + interval '2 days' else started_at + interval '40 days' end,
          case when id % 7 = 0 then 0 else 9.99 end
        from subscriptions`),
    )
  })
  afterAll(() => t?.close())

  it('answers every kept scope and range as the raw rows do', async () => {
    await keptEqualsRaw()
    const [moved] = await queryRows<{ rows: number }>(
      t.db,
      sql`select count(*)::int as rows from economics_periods where grain = 'month' and new_mrr > 0`,
    )
    expect(moved?.rows).toBeGreaterThan(5)
    const all = await conversion(t.db, zone, '2025-01-01', '2026-12-31', { scope: { channels: null } }, true)
    const sum = (key: 'due' | 'converted') => all.data.reduce((total, row) => total + Number(row[key]), 0)
    expect(sum('converted')).toBeGreaterThan(0)
    expect(sum('due')).toBeGreaterThan(sum('converted'))
  })

  it("follows the member site's writes: started, moved, ended, deleted, back-dated, and a plan's price", async () => {
    const run = (text: string) => t.db.execute(sql.raw(text))
    const [some, other, third, fourth] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from subscriptions order by id limit 4`,
    )
    await run(`update subscriptions set channel_id = ${channels[1]} where id = ${some?.id}`)
    await run(
      `update subscriptions set ended_at = '2026-03-15T12:00:00Z', status = 'expired' where id = ${other?.id}`,
    )
    await run(`delete from orders where subscription_id = ${third?.id}`)
    await run(`delete from subscriptions where id = ${third?.id}`)
    await run(`update subscriptions set started_at = '2025-02-01T03:00:00Z' where id = ${fourth?.id}`)
    const user = await one(
      `insert into users (username, channel_id) values ('kept-new', ${channels[0]}) returning id`,
    )
    await one(`insert into subscriptions (user_id, plan_id, channel_id, started_at)
      values (${user}, ${plans[1]}, ${channels[0]}, '2026-03-10T10:00:00Z') returning id`)
    // Renewals: one come, one gone, one paid back inside its initial period.
    const [due, converted, renewed] = await queryRows<{ id: number }>(
      t.db,
      sql`select subscription.id from subscriptions subscription join economics_member_dues due
          on due.subscription_id = subscription.id
        where due.due_at < now()
        order by due.converted, subscription.id`,
    ).then((rows) => [rows[0], rows.at(-1), rows.at(-2)])
    await run(`insert into orders (order_no, user_id, plan_id, subscription_id, amount, payment_method, paid_at,
        total_amount)
      select 'kept-renewed', user_id, plan_id, id, 4.99, 'ccbill', now(), 4.99 from subscriptions where id = ${due?.id}`)
    await run(`delete from orders where subscription_id = ${converted?.id}`)
    await run(
      `update orders set paid_at = paid_at - interval '60 days' where subscription_id = ${renewed?.id}`,
    )
    // Trial periods ended a minute ago (today's, read from the rows) and ending in an hour (not yet due).
    for (const [name, started] of [
      ['kept-due-now', `now() - interval '7 days 1 minute'`],
      ['kept-due-soon', `now() - interval '7 days' + interval '1 hour'`],
    ]) {
      const member = await one(`insert into users (username) values ('${name}') returning id`)
      await one(`insert into subscriptions (user_id, plan_id, started_at)
        values (${member}, ${plans[1]}, ${started}) returning id`)
    }
    await keptEqualsRaw()
    // A price change moves every MRR of its plan's subscriptions, closed months' too.
    const before = await movements(t.db, zone, RANGES[3], { scope: { channels: null } }, true)
    await run(`update plans set recurring_discount_price = 19.99 where id = ${plans[1]}`)
    await keptEqualsRaw()
    expect(await movements(t.db, zone, RANGES[3], { scope: { channels: null } }, true)).not.toEqual(before)
  })

  it('works every member out again in a new business zone, answering from the rows meanwhile', async () => {
    const other = zone === 'Asia/Kathmandu' ? 'America/New_York' : 'Asia/Kathmandu'
    await t.db.execute(sql`update app_settings set value = ${other} where key = 'business_time_zone'`)
    expect(await keptIn(t.db, other)).toBe(false)
    zone = other
    t.config.businessTimeZone = other
    await keptEqualsRaw()
  })
})
