import { afterAll, beforeAll, expect, it } from 'vitest'
import { orders, plans, users } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'

/** Issue 58, item 4: the orders list's money reconciles: fees, refunds, chargebacks and net by the registry. */
describeEachEngine('order money on the list', (engine) => {
  let t: TestApp
  let token: string
  let ids: number[]
  const api = (path: string, method = 'GET', body?: Json) => t.request(path, { token, method, body })

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
    const [member] = await t.db.insert(users).values({ username: 'payer' }).returning({ id: users.id })
    const [plan] = await t.db
      .insert(plans)
      .values({
        name: 'Money',
        initialPeriodCount: 1,
        initialPeriodUnit: 'month',
        initialOriginalPrice: '19.99',
      })
      .returning({ id: plans.id })
    const base = {
      userId: member?.id as number,
      planId: plan?.id as number,
      paymentMethod: 'segpay' as const,
    }
    ids = (
      await t.db
        .insert(orders)
        .values([
          {
            ...base,
            orderNo: 'M-1',
            amount: '19.99',
            transactionFee: '0.58',
            settlementFee: '0.30',
            reserveFee: '1.00',
            totalAmount: '18.11',
            paidAt: new Date('2026-11-01T10:00:00Z'),
          },
          {
            ...base,
            orderNo: 'M-2',
            amount: '9.99',
            totalAmount: '9.99',
            paidAt: new Date('2026-11-02T10:00:00Z'),
          },
        ])
        .returning({ id: orders.id })
    ).map((row) => row.id)
    await api(`/api/orders/${ids[0]}/refund`, 'POST', { amount: '5.00' })
    await api(`/api/orders/${ids[1]}/chargeback`, 'POST', { amount: '9.99' })
  })
  afterAll(() => t?.close())

  it('gives each order its fees and net revenue (amount less refunds and chargebacks, fees not taken off)', async () => {
    const one = (await api(`/api/orders/${ids[0]}`)).body.data
    expect(one).toMatchObject({ fees: '1.88', refunded: '5.00', charged_back: '0.00', net: '14.99' })
    const two = (await api(`/api/orders/${ids[1]}`)).body.data
    expect(two).toMatchObject({ fees: '0.00', refunded: '0.00', charged_back: '9.99', net: '0.00' })
    const listed = (await api('/api/orders?sort=id')).body.data as Json[]
    expect(listed.map((row) => row.net)).toEqual(['14.99', '0.00'])
  })

  it('sums fees, refunds, chargebacks and net in the totals row', async () => {
    const totals = (await api('/api/orders/totals')).body.data
    expect(totals).toEqual({
      count: 2,
      amount: '29.98',
      fees: '1.88',
      transaction_fee: '0.58',
      settlement_fee: '0.30',
      reserve_fee: '1.00',
      total_amount: '28.10',
      refunded: '5.00',
      charged_back: '9.99',
      net: '14.99',
    })
  })
})
