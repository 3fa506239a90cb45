import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channels, orders, plans, users } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

type Row = { id: number } & Record<string, unknown>
const ids = (rows: Row[]) => rows.map((row) => row.id)

describeEachEngine('orders and payout reports', (engine) => {
  let t: TestApp
  let token: string
  const api = (path: string, options: Parameters<TestApp['request']>[1] = {}) =>
    t.request(path, { token, ...options })

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
  })
  afterAll(() => t?.close())

  describe('orders', () => {
    let alice: number
    let bob: number
    let zebra: number
    let apple: number
    let channel: number
    let orderIds: number[]

    beforeAll(async () => {
      const plan = (name: string) => ({
        name,
        initialPeriodCount: 1,
        initialPeriodUnit: 'month' as const,
        initialOriginalPrice: '19.99',
      })
      ;[zebra, apple] = (
        await t.db
          .insert(plans)
          .values([plan('Zebra yearly'), plan('Apple monthly')])
          .returning({ id: plans.id })
      ).map((row) => row.id) as [number, number]
      ;[alice, bob] = (
        await t.db
          .insert(users)
          .values([{ username: 'alice' }, { username: 'bob' }])
          .returning({ id: users.id })
      ).map((row) => row.id) as [number, number]
      ;[channel] = (
        await t.db
          .insert(channels)
          .values({ utmSource: 'google', type: 'advertising' })
          .returning({ id: channels.id })
      ).map((row) => row.id) as [number]
      orderIds = (
        await t.db
          .insert(orders)
          .values([
            {
              orderNo: 'ORD-0001',
              userId: alice,
              planId: zebra,
              channelId: channel,
              amount: '19.99',
              paymentMethod: 'segpay',
              transactionNumber: 'TX-AAA-111',
              paidAt: new Date('2026-11-01T10:00:00Z'),
              totalAmount: '19.99',
            },
            {
              orderNo: 'ORD-0002',
              userId: alice,
              planId: apple,
              amount: '9.99',
              paymentMethod: 'ccbill',
              transactionNumber: 'TX-BBB-222',
              paidAt: new Date('2026-11-10T10:00:00Z'),
              transactionFee: '0.99',
              totalAmount: '9.00',
            },
            {
              orderNo: 'ORD-0003',
              userId: bob,
              planId: zebra,
              amount: '5.00',
              paymentMethod: 'epoch',
              paidAt: new Date('2026-11-20T10:00:00Z'),
              totalAmount: '5.00',
            },
          ])
          .returning({ id: orders.id })
      ).map((row) => row.id)
    })

    it('shows an order with its member, plan, channel and money as exact strings', async () => {
      const [first] = orderIds as [number]
      const res = await api(`/api/orders/${first}`)
      expect(res.status).toBe(200)
      expect(res.body.data).toMatchObject({
        id: first,
        order_no: 'ORD-0001',
        user_id: alice,
        username: 'alice',
        plan_id: zebra,
        plan_name: 'Zebra yearly',
        channel_id: channel,
        channel_name: 'google',
        campaign_name: null,
        amount: '19.99',
        payment_method: 'segpay',
        transaction_number: 'TX-AAA-111',
        paid_at: '2026-11-01T10:00:00.000Z',
        transaction_fee: '0.00',
        settlement_fee: '0.00',
        reserve_fee: '0.00',
        total_amount: '19.99',
      })
      expect((await api('/api/orders/999999')).status).toBe(404)
    })

    it('filters by member, payment method, plan, channel, paid range and keyword', async () => {
      const [o1, o2, o3] = orderIds as [number, number, number]
      const list = async (query: string) => {
        const res = await api(`/api/orders?${query}`)
        expect(res.status).toBe(200)
        return ids(res.body.data).filter((id) => orderIds.includes(id))
      }
      expect(await list(`user_id=${alice}`)).toEqual([o2, o1])
      expect(await list(`user_id=${bob}`)).toEqual([o3])
      expect(await list('payment_method=ccbill')).toEqual([o2])
      expect(await list(`plan_id=${zebra}`)).toEqual([o3, o1])
      expect(await list(`channel_id=${channel}`)).toEqual([o1])
      expect(await list('paid_at_from=2026-11-05&paid_at_to=2026-11-15')).toEqual([o2])
      expect(await list('paid_at_from=2026-11-20')).toEqual([o3])
      expect(await list('keyword=ord-0003')).toEqual([o3])
      expect(await list('keyword=TX-bbb')).toEqual([o2])
      expect(await list('keyword=ORD-000')).toEqual([o3, o2, o1])
      // Order and transaction numbers match from their start, `%` and `_` as themselves.
      expect(await list('keyword=0003')).toEqual([])
      expect(await list('keyword=BBB-222')).toEqual([])
      expect(await list('keyword=ORD_0001')).toEqual([])
      expect(await list('keyword=ORD-%25')).toEqual([])
      expect(await list(`keyword=ORD&user_id=${alice}&payment_method=segpay`)).toEqual([o1])
      expect((await api('/api/orders?payment_method=paypal')).status).toBe(422)
      expect((await api('/api/orders?paid_at_from=yesterday')).status).toBe(422)
    })

    it('totals the filtered orders in exact decimals, summed by the server', async () => {
      const totals = async (query: string) => {
        const res = await api(`/api/orders/totals?${query}`)
        expect(res.status).toBe(200)
        return res.body.data
      }
      expect(await totals(`user_id=${alice}`)).toEqual({
        count: 2,
        amount: '29.98',
        fees: '0.99',
        transaction_fee: '0.99',
        settlement_fee: '0.00',
        reserve_fee: '0.00',
        total_amount: '28.99',
        refunded: '0.00',
        charged_back: '0.00',
        net: '29.98',
      })
      expect(await totals(`user_id=${bob}&page=3&sort=-amount`)).toMatchObject({ count: 1, amount: '5.00' })
      expect(await totals('keyword=ORD-000&paid_at_from=2026-11-05')).toMatchObject({
        count: 2,
        amount: '14.99',
      })
      expect(await totals('keyword=nothing-like-this')).toMatchObject({ count: 0, amount: '0.00' })
      expect((await api('/api/orders/totals?payment_method=paypal')).status).toBe(422)
      expect((await api('/api/orders/totals?colour=red')).status).toBe(422)
    })

    it('exports orders.csv under the list filters, behind export-orders', async () => {
      const res = await fetch(`${t.url}/api/orders/exportCsv?user_id=${alice}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-disposition')).toContain('orders.csv')
      const text = (await res.text()).replace(/^\ufeff/, '')
      const [header, ...rows] = text.trim().split('\n')
      expect(header?.split(',')).toEqual(
        expect.arrayContaining(['order_no', 'amount', 'paid_at', 'total_amount']),
      )
      expect(rows).toHaveLength(2)
      expect(text).toContain('ORD-0001')
      // Times as the list shows them: on the business zone's clock (UTC here).
      expect(text).toContain('2026-11-01 10:00:00')
      expect(text).not.toContain('ORD-0003')
      const reader = await t.createAdmin(['list-orders'])
      expect((await t.request('/api/orders/exportCsv', { token: reader.token })).status).toBe(403)
      expect((await t.request('/api/orders/totals', { token: reader.token })).status).toBe(200)
      const stranger = await t.createAdmin(['list-plans'])
      expect((await t.request('/api/orders/totals', { token: stranger.token })).status).toBe(403)
    })

    it("exports an order's refunds and chargebacks as a column per figure, not the event list as JSON", async () => {
      const [carol] = (
        await t.db.insert(users).values({ username: 'carol' }).returning({ id: users.id })
      ).map((row) => row.id) as [number]
      const [order] = (
        await t.db
          .insert(orders)
          .values({
            orderNo: 'ORD-CSV-1',
            userId: carol,
            planId: apple,
            amount: '30.00',
            paymentMethod: 'segpay',
            // A cell a spreadsheet would run as a formula stays neutralised.
            transactionNumber: '=HYPERLINK("x")',
            paidAt: new Date('2026-11-02T10:00:00Z'),
            totalAmount: '30.00',
          })
          .returning({ id: orders.id })
      ).map((row) => row.id) as [number]
      for (const [kind, amount] of [
        ['refund', '5.00'],
        ['refund', '2.50'],
        ['chargeback', '10.00'],
      ] as const) {
        const res = await api(`/api/orders/${order}/${kind}`, {
          method: 'POST',
          body: { amount, reason: '=SUM(A1)' },
        })
        expect(res.status).toBe(200)
      }
      const res = await fetch(`${t.url}/api/orders/exportCsv?user_id=${carol}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(res.status).toBe(200)
      const [header, ...rows] = parse((await res.text()).replace(/^\ufeff/, '')) as string[][]
      expect(header).toEqual(
        expect.arrayContaining(['refund_count', 'refunded', 'chargeback_count', 'charged_back']),
      )
      expect(header).not.toContain('events')
      expect(rows).toHaveLength(1)
      const row = Object.fromEntries((header ?? []).map((name, i) => [name, rows[0]?.[i]]))
      expect(row).toMatchObject({
        order_no: 'ORD-CSV-1',
        refund_count: '2',
        refunded: '7.50',
        chargeback_count: '1',
        charged_back: '10.00',
        transaction_number: `'=HYPERLINK("x")`,
      })
      // No cell holds a JSON blob (the events' reasons, ids, admins).
      expect(rows[0]?.some((value) => value.startsWith('[') || value.startsWith('{'))).toBe(false)
      expect(rows[0]?.join(',')).not.toContain('SUM')
      // The record answers the counts too.
      expect((await api(`/api/orders/${order}`)).body.data).toMatchObject({
        refund_count: 2,
        chargeback_count: 1,
      })
    })

    it('sorts by plan name (a joined column) both ways', async () => {
      const [o1, o2, o3] = orderIds as [number, number, number]
      const sorted = async (sort: string) =>
        ids((await api(`/api/orders?sort=${sort}&per_page=100`)).body.data).filter((id) =>
          orderIds.includes(id),
        )
      expect((await sorted('plan_name'))[0]).toBe(o2)
      expect((await sorted('-plan_name')).at(-1)).toBe(o2)
      expect(new Set((await sorted('-plan_name')).slice(0, 2))).toEqual(new Set([o1, o3]))
      expect((await api('/api/orders?sort=username')).status).toBe(422)
    })

    it('corrects the fees and recomputes the total to the cent', async () => {
      const [o1] = orderIds as [number]
      const res = await api(`/api/orders/${o1}`, {
        method: 'PUT',
        body: {
          transaction_fee: '0.58',
          settlement_fee: '0.3',
          reserve_fee: '1.00',
          transaction_number: 'TX-FIXED',
          payment_method: 'verotel',
        },
      })
      expect(res.status).toBe(200)
      expect(res.body.data).toMatchObject({
        amount: '19.99',
        transaction_fee: '0.58',
        settlement_fee: '0.30',
        reserve_fee: '1.00',
        total_amount: '18.11',
        transaction_number: 'TX-FIXED',
        payment_method: 'verotel',
        order_no: 'ORD-0001',
      })
      // One fee alone: the others are kept and the total follows.
      const one = await api(`/api/orders/${o1}`, { method: 'PUT', body: { reserve_fee: '0' } })
      expect(one.body.data).toMatchObject({
        transaction_fee: '0.58',
        reserve_fee: '0.00',
        total_amount: '19.11',
      })
      // Fees up to the whole amount are allowed (total zero).
      const all = await api(`/api/orders/${o1}`, {
        method: 'PUT',
        body: { transaction_fee: '19.00', settlement_fee: '0.99', reserve_fee: '0.00' },
      })
      expect(all.body.data.total_amount).toBe('0.00')
      // Fields staff may not correct are not taken.
      const other = await api(`/api/orders/${o1}`, { method: 'PUT', body: { transaction_number: '' } })
      expect(other.body.data).toMatchObject({
        transaction_number: null,
        amount: '19.99',
        total_amount: '0.00',
      })
    })

    it('refuses fees above the amount and malformed money with 422, changing nothing', async () => {
      const [, o2] = orderIds as [number, number]
      const before = (await api(`/api/orders/${o2}`)).body.data
      const over = await api(`/api/orders/${o2}`, { method: 'PUT', body: { settlement_fee: '9.01' } })
      expect(over.status).toBe(422)
      expect(Object.keys(over.body.errors)).toEqual(['settlement_fee'])
      expect(over.body.message).toContain('9.99')
      for (const bad of ['1.234', '1e3', '-1', 'abc', 1])
        expect(
          (await api(`/api/orders/${o2}`, { method: 'PUT', body: { transaction_fee: bad } })).status,
        ).toBe(422)
      expect(
        (await api(`/api/orders/${o2}`, { method: 'PUT', body: { payment_method: 'paypal' } })).status,
      ).toBe(422)
      expect((await api(`/api/orders/${o2}`)).body.data).toEqual(before)
      expect((await api('/api/orders/999999', { method: 'PUT', body: { reserve_fee: '0' } })).status).toBe(
        404,
      )
    })

    it('offers no create or delete', async () => {
      const [o1] = orderIds as [number]
      expect([404, 405]).toContain((await api('/api/orders', { method: 'POST', body: {} })).status)
      expect([404, 405]).toContain((await api(`/api/orders/${o1}`, { method: 'DELETE' })).status)
      expect((await api(`/api/orders/${o1}`)).status).toBe(200)
    })

    it('needs list-orders to read and edit-orders to correct', async () => {
      const [o1] = orderIds as [number]
      const none = await t.createAdmin(['list-plans'])
      const reader = await t.createAdmin(['list-orders'])
      const as = (who: { token: string }, path: string, method = 'GET', body?: unknown) =>
        t.request(path, { token: who.token, method, body })
      expect((await as(none, '/api/orders')).status).toBe(403)
      expect((await as(none, `/api/orders/${o1}`)).status).toBe(403)
      expect((await as(reader, `/api/orders?user_id=${alice}`)).status).toBe(200)
      expect((await as(reader, `/api/orders/${o1}`, 'PUT', { reserve_fee: '0' })).status).toBe(403)
    })

    it('answers an admin who may refund but not read orders only what a refund needs', async () => {
      const paid = (await api('/api/orders?per_page=100')).body.data.find(
        (o: { paid_at: string | null }) => o.paid_at !== null,
      )
      const refunder = await t.createAdmin(['refund-orders', 'all-channels'])
      const refund = await t.request(`/api/orders/${paid.id}/refund`, {
        token: refunder.token,
        method: 'POST',
        body: { amount: '0.01' },
      })
      expect(refund.status).toBe(200)
      expect(refund.body.data).toEqual({
        version: expect.any(String),
        id: paid.id,
        amount: paid.amount,
        refunded: (Number(paid.refunded) + 0.01).toFixed(2),
        charged_back: paid.charged_back,
      })
      // A reader of orders who refunds sees the whole order, events and all.
      const full = await api(`/api/orders/${paid.id}/refund`, { method: 'POST', body: { amount: '0.01' } })
      expect(full.body.data.username).toBe(paid.username)
      expect(full.body.data.events).toHaveLength(2)
    })
  })

  describe('segpay payout reports', () => {
    const report = (reference: string, body: Record<string, unknown> = {}) => ({
      period_start: '2026-11-01',
      period_end: '2026-11-15',
      gross: '1000.00',
      fees: '45.5',
      refunds: '19.99',
      chargebacks: '0.01',
      net: '934.50',
      currency: 'USD',
      paid_on: '2026-11-20',
      reference,
      note: 'First half of November',
      ...body,
    })

    it('creates, shows, lists, updates and deletes a report with exact money', async () => {
      const created = await api('/api/segpay-payout-reports', {
        method: 'POST',
        body: report('SP-2026-11-A'),
      })
      expect(created.status).toBe(201)
      const r = created.body.data
      expect(r).toEqual({
        version: expect.any(String),
        id: expect.any(Number),
        ...report('SP-2026-11-A'),
        fees: '45.50',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      })
      expect((await api(`/api/segpay-payout-reports/${r.id}`)).body.data).toEqual(r)
      const listed = await api('/api/segpay-payout-reports?keyword=2026-11-a')
      expect(ids(listed.body.data)).toEqual([r.id])
      // Moving money between parts keeps the net: accepted.
      const moved = await api(`/api/segpay-payout-reports/${r.id}`, {
        method: 'PUT',
        body: { fees: '45.49', chargebacks: '0.02' },
      })
      expect(moved.status).toBe(200)
      expect(moved.body.data).toMatchObject({ fees: '45.49', chargebacks: '0.02', net: '934.50' })
      // Only the defaults: the parts are zero and the net is the gross.
      const bare = await api('/api/segpay-payout-reports', {
        method: 'POST',
        body: {
          period_start: '2026-12-01',
          period_end: '2026-12-01',
          gross: '10',
          net: '10.00',
          reference: 'SP-B',
        },
      })
      expect(bare.status).toBe(201)
      expect(bare.body.data).toMatchObject({ fees: '0.00', currency: 'USD', paid_on: null, note: null })
      expect((await api(`/api/segpay-payout-reports/${r.id}`, { method: 'DELETE' })).status).toBe(204)
      expect((await api(`/api/segpay-payout-reports/${r.id}`)).status).toBe(404)
    })

    it('refuses a net that is not the gross less the parts, on net, naming the expected net', async () => {
      const wrong = await api('/api/segpay-payout-reports', {
        method: 'POST',
        body: report('SP-NET', { net: '934.51' }),
      })
      expect(wrong.status).toBe(422)
      expect(Object.keys(wrong.body.errors)).toEqual(['net'])
      expect(wrong.body.message).toContain('934.50')
      const ok = await api('/api/segpay-payout-reports', { method: 'POST', body: report('SP-NET') })
      expect(ok.status).toBe(201)
      // A PUT of one part alone breaks the stored net: 422, nothing changed.
      const part = await api(`/api/segpay-payout-reports/${ok.body.data.id}`, {
        method: 'PUT',
        body: { refunds: '20.00' },
      })
      expect(part.status).toBe(422)
      expect(Object.keys(part.body.errors)).toEqual(['net'])
      expect((await api(`/api/segpay-payout-reports/${ok.body.data.id}`)).body.data.refunds).toBe('19.99')
      for (const bad of [
        { gross: '1e3' },
        { net: '1.234' },
        { currency: 'XYZ' },
        { period_start: '2026-13-01' },
      ])
        expect(
          (await api('/api/segpay-payout-reports', { method: 'POST', body: report('SP-BAD', bad) })).status,
        ).toBe(422)
    })

    it('refuses a duplicate reference and a period ending before it starts', async () => {
      expect(
        (await api('/api/segpay-payout-reports', { method: 'POST', body: report('SP-DUP') })).status,
      ).toBe(201)
      const dup = await api('/api/segpay-payout-reports', { method: 'POST', body: report('SP-DUP') })
      expect(dup.status).toBe(422)
      expect(Object.keys(dup.body.errors)).toEqual(['reference'])
      const backwards = await api('/api/segpay-payout-reports', {
        method: 'POST',
        body: report('SP-BACK', { period_end: '2026-10-31' }),
      })
      expect(backwards.status).toBe(422)
      expect(Object.keys(backwards.body.errors)).toEqual(['period_end'])
      expect(
        (await api('/api/segpay-payout-reports/999999', { method: 'PUT', body: { note: 'x' } })).status,
      ).toBe(404)
    })

    it('needs the payout report permissions', async () => {
      const created = await api('/api/segpay-payout-reports', { method: 'POST', body: report('SP-PERM') })
      const id = created.body.data.id
      const none = await t.createAdmin(['list-orders'])
      const reader = await t.createAdmin(['list-segpay-payout-reports'])
      const as = (who: { token: string }, path: string, method = 'GET', body?: unknown) =>
        t.request(path, { token: who.token, method, body })
      expect((await as(none, '/api/segpay-payout-reports')).status).toBe(403)
      expect((await as(none, `/api/segpay-payout-reports/${id}`)).status).toBe(403)
      expect((await as(reader, '/api/segpay-payout-reports')).status).toBe(200)
      expect((await as(reader, '/api/segpay-payout-reports', 'POST', report('SP-PERM2'))).status).toBe(403)
      expect((await as(reader, `/api/segpay-payout-reports/${id}`, 'PUT', { note: 'x' })).status).toBe(403)
      expect((await as(reader, `/api/segpay-payout-reports/${id}`, 'DELETE')).status).toBe(403)
    })
  })
})
