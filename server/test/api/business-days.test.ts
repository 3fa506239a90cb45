import { afterAll, beforeAll, expect, it } from 'vitest'
import { orders, plans, users } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'

/**
 * A list's day is a day of BUSINESS_TIME_ZONE (issue 58, item 3): October in Asia/Shanghai runs from
 * 2026-09-30T16:00Z to 2026-10-31T16:00Z on the orders list, its totals and its export, as in analytics.
 */
describeEachEngine('list days in the business zone', (engine) => {
  let t: TestApp
  let token: string
  const api = (path: string) => t.request(path, { token })
  const numbers = async (query: string) =>
    ((await api(`/api/orders?${query}&sort=paid_at`)).body.data as Json[]).map((row) => row.order_no)

  beforeAll(async () => {
    t = await startTestApp(engine, { env: { BUSINESS_TIME_ZONE: 'Asia/Shanghai' } })
    token = await t.superToken()
    const [member] = await t.db.insert(users).values({ username: 'zoned' }).returning({ id: users.id })
    const [plan] = await t.db
      .insert(plans)
      .values({
        name: 'Zoned',
        initialPeriodCount: 1,
        initialPeriodUnit: 'month',
        initialOriginalPrice: '9.99',
      })
      .returning({ id: plans.id })
    const order = (orderNo: string, paidAt: string, amount: string) => ({
      orderNo,
      userId: member?.id as number,
      planId: plan?.id as number,
      amount,
      totalAmount: amount,
      paymentMethod: 'segpay' as const,
      paidAt: new Date(paidAt),
    })
    await t.db.insert(orders).values([
      // 23:59 on 30 September in Shanghai; UTC's 30 September too.
      order('Z-SEP', '2026-09-30T15:59:00Z', '1.00'),
      // 00:30 on 1 October in Shanghai, still 30 September in UTC.
      order('Z-OCT-FIRST', '2026-09-30T16:30:00Z', '2.00'),
      // 23:30 on 31 October in Shanghai.
      order('Z-OCT-LAST', '2026-10-31T15:30:00Z', '4.00'),
      // 00:30 on 1 November in Shanghai, still 31 October in UTC.
      order('Z-NOV', '2026-10-31T16:30:00Z', '8.00'),
    ])
  })
  afterAll(() => t?.close())

  it('counts a day range of the orders list, its totals and its export in the business zone', async () => {
    const october = 'paid_at_from=2026-10-01&paid_at_to=2026-10-31'
    expect(await numbers(october)).toEqual(['Z-OCT-FIRST', 'Z-OCT-LAST'])
    const totals = await api(`/api/orders/totals?${october}`)
    expect(totals.body.data).toMatchObject({ count: 2, amount: '6.00' })
    expect(await numbers('paid_at_to=2026-09-30')).toEqual(['Z-SEP'])
    expect(await numbers('paid_at_from=2026-11-01')).toEqual(['Z-NOV'])
    // The export counts the same days and writes each time as the list shows it, on Shanghai's clock.
    const csv = await api(`/api/orders/exportCsv?${october}&sort=paid_at`)
    const text = String(csv.body)
    expect(text).toContain('Z-OCT-FIRST')
    expect(text).toContain('2026-10-01 00:30:00')
    expect(text).toContain('2026-10-31 23:30:00')
    expect(text).not.toContain('Z-NOV')
    // An instant is the instant itself, whatever the zone.
    expect(await numbers('paid_at_from=2026-09-30T16:00:00Z&paid_at_to=2026-09-30T17:00:00Z')).toEqual([
      'Z-OCT-FIRST',
    ])
  })
})
