import { dayIn, type Restatement } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { queryRows } from '../../src/db/client.ts'
import { foldFigures } from '../../src/modules/analytics/keeping/index.ts'
import { closeMonths, syncBusinessZone, syncZoneDays } from '../../src/modules/analytics/upkeep.ts'
import { channelAdmin, idOf, monthBefore, narrowRole, twoChannels } from '../support/closed-months.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

/**
 * Closed months and restatements (issue 66 item 3, docs/analytics.md "Closed months and restatements"), in a
 * business zone at +05:45: a month's rows written while it is open are not noted; once it is closed (the
 * figures whole past its end), a back-dated order, a changed amount and a visit dated in it are, each figure
 * with its value before and after equal to plain SQL over the rows before and after, at every level a caller
 * reads, while a change of the open month is not. A channel admin reads its channel's only, and no figure its
 * field rules hide.
 */
const ZONE = 'Asia/Kathmandu'

describeEachEngine('restatements of closed months', (engine) => {
  let t: TestApp
  let token: string
  /** Read when the test runs, not when it is collected: a month may end in between. */
  let closed = ''
  /** Channels A and B, A's campaign, a plan; the orders written while the month was open. */
  let ids: { a: number; b: number; campaign: number; plan: number; user: number; order: number }
  /** A figure of the closed month over the raw rows, by plain SQL, at a level (`where` on the order). */
  const raw = async (what: 'gross' | 'orders' | 'visits', where = 'true') => {
    const moment = what === 'visits' ? 'visited_at' : 'paid_at'
    const value = {
      gross: 'coalesce(sum(amount), 0)::numeric(22, 2)::text',
      orders: 'count(*)::text',
      visits: 'count(*)::text',
    }[what]
    const [row] = await queryRows<{ value: string }>(
      t.db,
      sql.raw(`select ${value} as value from ${what === 'visits' ? 'visits' : 'orders'}
        where (${moment} at time zone '${ZONE}')::date >= '${closed}'
          and (${moment} at time zone '${ZONE}')::date < '${closed}'::date + interval '1 month' and ${where}`),
    )
    return row?.value as string
  }
  const restatements = async (query: string, as = token) => {
    const answer = await t.request<{ data: Restatement[]; meta: { closed_before: string | null } }>(
      `/api/analytics/restatements?start_date=${closed}&end_date=${dayIn(ZONE)}${query}`,
      { token: as },
    )
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body
  }
  const at = (day: string, time: string) => `'${day} ${time}'::timestamp at time zone '${ZONE}'`

  beforeAll(async () => {
    closed = monthBefore(ZONE, 2)
    t = await startTestApp(engine, {
      env: { BUSINESS_TIME_ZONE: ZONE },
      // The closed month's first rows are written before the app starts, while nothing is closed.
      async beforeListen(_app, db) {
        const { a, b, campaign } = await twoChannels(db, 'alpha')
        const plan = await idOf(
          db,
          `insert into plans (name, initial_period_count, initial_period_unit, initial_original_price) values ('Monthly', 1, 'month', '9.99') returning id`,
        )
        const user = await idOf(
          db,
          `insert into users (username, channel_id) values ('restated', ${a}) returning id`,
        )
        const order = await idOf(
          db,
          `insert into orders (order_no, user_id, plan_id, channel_id, campaign_id, amount, payment_method, paid_at, created_at, total_amount)
           values ('R-1', ${user}, ${plan}, ${a}, ${campaign}, 19.99, 'segpay', ${at(closed, '00:10')}, ${at(closed, '00:10')}, 19.99) returning id`,
        )
        await idOf(
          db,
          `insert into orders (order_no, user_id, plan_id, channel_id, amount, payment_method, paid_at, created_at, total_amount)
           values ('R-2', ${user}, ${plan}, ${b}, 5.00, 'segpay', ${at(closed, '12:00')}, ${at(closed, '12:00')}, 5.00) returning id`,
        )
        ids = { a, b, campaign, plan, user, order }
      },
    })
    token = await t.superToken()
    await syncBusinessZone(t.db, ZONE)
    await syncZoneDays(t.db, ZONE)
    await foldFigures(t.db)
  })
  afterAll(() => t?.close())

  it('notes nothing of what a month took while it was open, and closes it once the figures are whole', async () => {
    const open = monthBefore(ZONE, 0)
    expect(await closeMonths(t.db)).toBe(open)
    const answer = await restatements('')
    expect(answer.meta.closed_before).toBe(open)
    expect(answer.data).toEqual([])
  })

  it('notes a back-dated order, a changed amount and a visit of a closed month, before and after as the rows say', async () => {
    const before = {
      gross: await raw('gross'),
      orders: await raw('orders'),
      visits: await raw('visits'),
      grossA: await raw('gross', `channel_id = ${ids.a}`),
      grossCampaign: await raw('gross', `campaign_id = ${ids.campaign}`),
      grossB: await raw('gross', `channel_id = ${ids.b}`),
    }
    await t.db.execute(
      sql.raw(`insert into orders (order_no, user_id, plan_id, channel_id, campaign_id, amount, payment_method, paid_at, created_at, total_amount)
        values ('R-3', ${ids.user}, ${ids.plan}, ${ids.a}, ${ids.campaign}, 7.25, 'segpay', ${at(closed, '23:50')}, now(), 7.25)`),
    )
    await t.db.execute(
      sql.raw(`update orders set amount = 21.49, total_amount = 21.49 where id = ${ids.order}`),
    )
    await t.db.execute(
      sql.raw(
        `insert into visits (visitor, device, channel_id, visited_at) values ('late', 'mobile', ${ids.a}, ${at(closed, '08:00')})`,
      ),
    )
    // The open month's change is no restatement.
    await t.db.execute(
      sql.raw(`insert into orders (order_no, user_id, plan_id, channel_id, amount, payment_method, paid_at, total_amount)
        values ('R-4', ${ids.user}, ${ids.plan}, ${ids.a}, 3.00, 'segpay', now(), 3.00)`),
    )
    await foldFigures(t.db)

    const { data } = await restatements('')
    const entry = (figure: string) => data.find((noted) => noted.figure === figure)
    expect(data.every((noted) => noted.month === closed)).toBe(true)
    expect(data.every((noted) => noted.channel_id === null && noted.campaign_id === null)).toBe(true)
    expect(entry('gross')).toMatchObject({
      unit: 'money',
      source: 'orders',
      before: before.gross,
      after: await raw('gross'),
    })
    expect(entry('orders')).toMatchObject({
      unit: 'count',
      source: 'orders',
      before: before.orders,
      after: await raw('orders'),
    })
    expect(entry('visits')).toMatchObject({
      source: 'visits',
      before: before.visits,
      after: await raw('visits'),
    })
    // 7.25 more paid, and an amount from 19.99 to 21.49.
    expect(entry('gross')?.change).toBe('8.75')
    expect(entry('orders')?.change).toBe('1')

    // One channel, and its campaign: their own before and after.
    const channelA = await restatements(`&channel_id=${ids.a}`)
    expect(channelA.data.find((noted) => noted.figure === 'gross')).toMatchObject({
      channel_id: ids.a,
      campaign_id: null,
      before: before.grossA,
      after: await raw('gross', `channel_id = ${ids.a}`),
    })
    const campaign = await restatements(`&campaign_id=${ids.campaign}`)
    expect(campaign.data.find((noted) => noted.figure === 'gross')).toMatchObject({
      channel_id: ids.a,
      campaign_id: ids.campaign,
      before: before.grossCampaign,
      after: await raw('gross', `campaign_id = ${ids.campaign}`),
    })
    // Channel B's figures did not change: nothing noted of it.
    expect((await restatements(`&channel_id=${ids.b}`)).data).toEqual([])
    expect(before.grossB).toBe(await raw('gross', `channel_id = ${ids.b}`))
  })

  it("shows a channel admin its own channels' restatements only", async () => {
    const admin = await channelAdmin(t, ids.a)
    const mine = await restatements('', admin.token)
    expect(mine.data.length).toBeGreaterThan(0)
    expect(mine.data.every((noted) => noted.channel_id === ids.a)).toBe(true)
    const other = await t.request(
      `/api/analytics/restatements?start_date=${closed}&end_date=${dayIn(ZONE)}&channel_id=${ids.b}`,
      { token: admin.token },
    )
    expect(other.status).toBe(404)
    // A role that may not read an order's amount reads no money figure made from it, counts still.
    const narrowed = await narrowRole(t, token, admin.id, { orders: { amount: 'none' } })
    expect(narrowed.status).toBe(200)
    const figures = (await restatements('', admin.token)).data.map((noted) => noted.figure)
    expect(figures).toContain('orders')
    expect(figures).not.toContain('gross')
    const none = await t.createAdmin(['list-daily-channel'])
    const refused = await t.request(`/api/analytics/restatements?start_date=${closed}&end_date=${closed}`, {
      token: none.token,
    })
    expect(refused.status).toBe(403)
  })
})
