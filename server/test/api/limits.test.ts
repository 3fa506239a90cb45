import {
  dashboardAnswer,
  MONEY_SUM_PATTERN,
  periodComparisonAnswer,
  realTimeRevenuesAnswer,
} from '@vod/contract'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs, orderEvents, orders, plans, users } from '../../src/db/schema/index.ts'
import { foldFigures } from '../../src/modules/analytics/keeping/index.ts'
import { syncZoneDays } from '../../src/modules/analytics/upkeep.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

/** Issue 34 item 4: money and dates at their limits. */
describeEachEngine('money and dates at their limits', (engine) => {
  let t: TestApp
  let token: string
  const api = (path: string, options: Parameters<TestApp['request']>[1] = {}) =>
    t.request(path, { token, ...options })
  let plan: number
  let member: number
  /** An order paid at this instant, of this amount. */
  const order = async (no: string, amount: string, paidAt: Date) => {
    const [row] = await t.db
      .insert(orders)
      .values({
        orderNo: no,
        userId: member,
        planId: plan,
        amount,
        paymentMethod: 'segpay',
        paidAt,
        totalAmount: amount,
      })
      .returning({ id: orders.id })
    // Written as the member site writes: the figures move at the next fold, here at once.
    await foldFigures(t.db)
    return row?.id as number
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
    const [p] = await t.db
      .insert(plans)
      .values({
        name: 'Limits',
        initialPeriodCount: 1,
        initialPeriodUnit: 'month',
        initialOriginalPrice: '1.00',
      })
      .returning({ id: plans.id })
    const [m] = await t.db.insert(users).values({ username: 'limits' }).returning({ id: users.id })
    plan = p?.id as number
    member = m?.id as number
  })
  afterAll(() => t?.close())

  it('answers sums past ten digits by their own pattern in every answer', async () => {
    const now = new Date()
    await order('BIG-1', '6000000000.00', now)
    await order('BIG-2', '6000000000.00', now)
    const dashboard = await api('/api/dashboard')
    expect(dashboard.status).toBe(200)
    expect(dashboard.body.data.gross.today).toBe('12000000000.00')
    expect(dashboardAnswer.safeParse(dashboard.body).success).toBe(true)
    const live = await api('/api/dashboard/real-time-revenues')
    expect(live.status).toBe(200)
    expect(live.body.data.gross).toBe('12000000000.00')
    expect(realTimeRevenuesAnswer.safeParse(live.body).success).toBe(true)
    const today = now.toISOString().slice(0, 10)
    const period = await api(`/api/analytics/channel/periodStatistic?start_date=${today}&end_date=${today}`)
    expect(period.status).toBe(200)
    expect(period.body.data.current.gross).toBe('12000000000.00')
    expect(periodComparisonAnswer.safeParse(period.body).success).toBe(true)
    const totals = await api(`/api/orders/totals?paid_at_from=${today}`)
    expect(totals.status).toBe(200)
    expect(totals.body.data.amount).toBe('12000000000.00')
    // Any sum of a numeric(12, 2) column over as many rows as an integer id can number.
    expect(MONEY_SUM_PATTERN.test(`-${'9'.repeat(20)}.99`)).toBe(true)
    expect(MONEY_SUM_PATTERN.test('1.999')).toBe(false)
  })

  it('answers periods at the last day of the date rule, and refuses periods before the first', async () => {
    const end = 'start_date=9999-12-01&end_date=9999-12-31'
    const calls = [
      '/api/dashboard/revenueGather',
      '/api/dashboard/revenueTrend',
      '/api/dashboard/channelList',
      '/api/dashboard/planList',
      '/api/dashboard/devices',
      '/api/analytics/channel/periodStatistic',
      '/api/analytics/channel/records',
      '/api/analytics/channel/userPieChart',
      '/api/analytics/channel/revenuePieChart',
      '/api/analytics/channel/type-revenue-distribution',
      '/api/analytics/channel/subscriptionReferrals',
      '/api/analytics/campaign/statistic',
      '/api/analytics/subscriber-source',
      '/api/analytics/revenue/companyDataDaily',
    ]
    for (const call of calls) {
      for (const period of [
        end,
        'start_date=9999-12-31&end_date=9999-12-31',
        'start_date=9998-12-31&end_date=9999-12-31',
      ]) {
        const res = await api(`${call}?${period}`)
        expect(res.status, `${call}?${period}`).toBe(200)
      }
    }
    const series = await api(`/api/analytics/channel/records?${end}`)
    expect(series.body.data).toHaveLength(31)
    expect(series.body.data.at(-1)).toMatchObject({ date: '9999-12-31', gross: '0.00', orders: 0 })
    const compared = await api(`/api/analytics/channel/periodStatistic?${end}`)
    expect(compared.body.meta).toMatchObject({
      previous_start_date: '9999-10-31',
      previous_end_date: '9999-11-30',
    })
    // The period of the same length before it would begin before year 1: 422 on start_date, for every call.
    for (const call of calls) {
      const res = await api(`${call}?start_date=0001-01-05&end_date=0001-01-10`)
      expect(res.status, call).toBe(422)
      expect(Object.keys(res.body.errors), call).toEqual(['start_date'])
    }
    expect(
      (await api('/api/analytics/channel/periodStatistic?start_date=0001-01-04&end_date=0001-01-06')).status,
    ).toBe(200)
  })

  it('takes the last day of the date rule in date-range filters', async () => {
    for (const path of [
      '/api/orders?paid_at_from=9999-12-31',
      '/api/orders?paid_at_to=9999-12-31',
      '/api/videos?published_at_from=9999-12-31&published_at_to=9999-12-31',
      '/api/channels?created_at_from=9999-12-31&created_at_to=9999-12-31',
      '/api/banners?expired_at_from=9999-12-31&expired_at_to=9999-12-31',
      '/api/audit-logs?created_at_from=9999-12-31&created_at_to=9999-12-31',
    ]) {
      const res = await api(path)
      expect(res.status, path).toBe(200)
    }
    const late = await order('LATE-1', '1.00', new Date('9999-12-31T23:59:59.999Z'))
    const found = await api('/api/orders?paid_at_from=9999-12-31&paid_at_to=9999-12-31')
    expect(found.body.data.map((row: { id: number }) => row.id)).toEqual([late])
    await t.db.delete(orders).where(eq(orders.id, late))
  })

  it('refuses a refund dated outside the order: before it was paid, in the future, out of the years', async () => {
    const id = await order('DATED-1', '50.00', new Date('2026-01-10T12:00:00Z'))
    for (const occurred_at of [
      '9999-12-31T23:59:59-14:00',
      '0000-01-01T00:00:00Z',
      '2026-01-10T11:59:59Z',
      new Date(Date.now() + 3600_000).toISOString(),
    ])
      for (const kind of ['refund', 'chargeback']) {
        const res = await api(`/api/orders/${id}/${kind}`, {
          method: 'POST',
          body: { amount: '1.00', occurred_at },
        })
        expect(res.status, `${kind} ${occurred_at}`).toBe(422)
        expect(Object.keys(res.body.errors), `${kind} ${occurred_at}`).toEqual(['occurred_at'])
      }
    const ok = await api(`/api/orders/${id}/refund`, {
      method: 'POST',
      body: { amount: '1.00', occurred_at: '2026-01-10T12:00:00Z' },
    })
    expect(ok.status).toBe(200)
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))
    expect(events).toHaveLength(1)
  })

  it('stores a lone surrogate as the replacement character, in the row and in the audit trail', async () => {
    const id = await order('SURROGATE-1', '50.00', new Date('2026-01-10T12:00:00Z'))
    const res = await api(`/api/orders/${id}/refund`, {
      method: 'POST',
      body: { amount: '1.00', reason: 'bad \ud800 text' },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.events[0].reason).toBe('bad \ufffd text')
    const [audit] = await t.db
      .select({ changes: sql<string>`${auditLogs.changes}::text` })
      .from(auditLogs)
      .where(sql`${auditLogs.changes}::text like '%bad%text%'`)
    expect(audit?.changes).toContain('bad \ufffd text')
    const question = await api('/api/questions', {
      method: 'POST',
      body: { question: 'why \udc00?', answer: 'because \ud83d' },
    })
    expect(question.status).toBe(201)
    expect(question.body.data).toMatchObject({ question: 'why \ufffd?', answer: 'because \ufffd' })
  })
})

/** The date rule's ends in zones far from UTC, from the business days kept and from the quarter-hours. */
describeEachEngine('periods at the date rule ends, in zones far from UTC', (engine) => {
  for (const zone of ['Pacific/Kiritimati', 'Etc/GMT+12'])
    describe(zone, () => {
      let t: TestApp
      let token: string
      const api = (path: string) => t.request(path, { token })

      beforeAll(async () => {
        t = await startTestApp(engine, { env: { BUSINESS_TIME_ZONE: zone } })
        token = await t.superToken()
        await syncZoneDays(t.db, zone)
        const [p] = await t.db
          .insert(plans)
          .values({
            name: 'Edge',
            initialPeriodCount: 1,
            initialPeriodUnit: 'month',
            initialOriginalPrice: '1.00',
          })
          .returning({ id: plans.id })
        const [m] = await t.db.insert(users).values({ username: 'edge' }).returning({ id: users.id })
        // The last hour of the date rule: 9999-12-31 in the west, 10000-01-01 in the east (no day of the rule).
        await t.db.insert(orders).values({
          orderNo: 'EDGE-1',
          userId: m?.id as number,
          planId: p?.id as number,
          amount: '7.00',
          paymentMethod: 'segpay',
          paidAt: new Date('9999-12-31T23:00:00Z'),
          totalAmount: '7.00',
        })
        await foldFigures(t.db)
      })
      afterAll(() => t?.close())

      for (const source of ['business days', 'quarter-hours'] as const)
        it(`answers the last days and the first from the ${source}`, async () => {
          if (source === 'quarter-hours')
            await t.db.execute(sql`delete from app_settings where key = 'rollup_zone_days_zone'`)
          const west = zone === 'Etc/GMT+12'
          for (const call of [
            '/api/dashboard/revenueGather',
            '/api/dashboard/channelList',
            '/api/dashboard/planList',
            '/api/dashboard/devices',
            '/api/analytics/channel/records',
            '/api/analytics/channel/type-revenue-distribution',
            '/api/analytics/campaign/statistic',
            '/api/analytics/revenue/exportCsv',
          ])
            for (const period of [
              'start_date=9999-12-31&end_date=9999-12-31',
              'start_date=9998-11-15&end_date=9999-12-31',
            ])
              expect((await api(`${call}?${period}`)).status, `${call}?${period}`).toBe(200)
          const last = await api(
            '/api/analytics/channel/periodStatistic?start_date=9999-12-31&end_date=9999-12-31',
          )
          expect(last.body.data.current.gross).toBe(west ? '7.00' : '0.00')
          const series = await api('/api/analytics/channel/records?start_date=9998-11-15&end_date=9999-12-31')
          expect(series.body.meta.totals.gross).toBe(west ? '7.00' : '0.00')
          // The first day of the rule starts in 1 BC in UTC east of it.
          const first = await api('/api/analytics/channel/records?start_date=0001-01-01&end_date=0001-01-01')
          expect(first.status).toBe(422)
          const early = await api(
            '/api/analytics/channel/periodStatistic?start_date=0001-01-02&end_date=0001-01-02',
          )
          expect(early.status).toBe(200)
          expect(early.body.meta).toMatchObject({
            previous_start_date: '0001-01-01',
            previous_end_date: '0001-01-01',
          })
        })
    })
})
