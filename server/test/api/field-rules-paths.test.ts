import type { FieldRules, PermissionName } from '@vod/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminRoles, orders, plans, users, videos } from '../../src/db/schema/index.ts'
import { foldFigures } from '../../src/modules/analytics/keeping/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

/**
 * Field rules on the paths field-rules.test.ts leaves: the figures of the dashboard, the analytics screens
 * and their CSVs summed over a hidden field (absent, not zero), a filter or range on a hidden field (the same
 * 422 whether a row would match or not), and a linked child's change and reorder answered under its
 * resource's rules. docs/security.md "Field rules".
 */
const PERIOD = 'start_date=2026-10-30&end_date=2026-11-03'

describeEachEngine('field rules on figures, filters and linked children', (engine) => {
  let t: TestApp
  let superToken: string
  let order: number

  const as = (token: string, path: string, method = 'GET', body?: unknown) =>
    t.request(path, { method, token, body })
  /** An admin holding these permissions through a role of its own narrowed by `rules`. */
  const narrowed = async (permissions: PermissionName[], rules: FieldRules) => {
    const admin = await t.createAdmin(permissions)
    const [held] = await t.db.select().from(adminRoles).where(eq(adminRoles.adminId, admin.id))
    const set = await as(superToken, `/api/roles/${held?.roleId}`, 'PUT', { field_rules: rules })
    expect(set.status).toBe(200)
    return admin
  }
  /** Every key anywhere in an answer. */
  const keysOf = (value: unknown): Set<string> => {
    const found = new Set<string>()
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk)
      else if (v && typeof v === 'object')
        for (const [key, inner] of Object.entries(v)) {
          found.add(key)
          walk(inner)
        }
    }
    walk(value)
    return found
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await t.superToken()
    const [plan] = await t.db
      .insert(plans)
      .values({
        name: 'Gold',
        initialPeriodCount: 1,
        initialPeriodUnit: 'month',
        initialOriginalPrice: '9.99',
      })
      .returning({ id: plans.id })
    const [member] = await t.db
      .insert(users)
      .values({ username: 'alice', email: 'alice@example.com' })
      .returning({ id: users.id })
    const [made] = await t.db
      .insert(orders)
      .values({
        orderNo: 'ORD-1',
        userId: member?.id as number,
        planId: plan?.id as number,
        amount: '19.99',
        paymentMethod: 'segpay',
        transactionNumber: 'TX-AAA-1234',
        transactionFee: '1.25',
        paidAt: new Date('2026-11-01T12:00:00Z'),
        totalAmount: '18.74',
      })
      .returning({ id: orders.id })
    order = made?.id as number
    await foldFigures(t.db)
  })
  afterAll(() => t?.close())

  describe('figures', () => {
    const figurePermissions: PermissionName[] = [
      'view-dashboard',
      'list-daily-revenue',
      'export-daily-revenue',
      'list-daily-channel',
      'list-orders',
      'all-channels',
    ]
    const calls = [
      `/api/analytics/revenue/companyDataDaily?${PERIOD}`,
      `/api/analytics/channel/periodStatistic?${PERIOD}`,
      `/api/analytics/channel/revenuePieChart?${PERIOD}`,
      '/api/analytics/channel/todayRecord',
      `/api/dashboard/revenueTrend?${PERIOD}`,
      `/api/dashboard/planList?${PERIOD}`,
      '/api/dashboard',
      '/api/dashboard/real-time-revenues',
    ]

    it("leaves the fees out of every dashboard and analytics answer for who may not read an order's fees", async () => {
      const agent = await narrowed(figurePermissions, { orders: { transaction_fee: 'none' } })
      for (const call of calls) {
        const whole = await as(superToken, call)
        const mine = await as(agent.token, call)
        expect(mine.status, call).toBe(200)
        const keys = keysOf(mine.body)
        expect(keys.has('fees'), call).toBe(false)
        // Nothing else is gone, and the super-admin reads the fees.
        const wholeKeys = keysOf(whole.body)
        wholeKeys.delete('fees')
        expect(keys, call).toEqual(wholeKeys)
      }
      const series = await as(agent.token, `/api/analytics/revenue/companyDataDaily?${PERIOD}`)
      expect(series.body.meta.totals).toMatchObject({ gross: '19.99', orders: 1 })
      expect(
        (await as(superToken, `/api/analytics/revenue/companyDataDaily?${PERIOD}`)).body.meta.totals.fees,
      ).toBe('1.25')
    })

    it('leaves gross and the net made from it out for who may not read the amount, masked counting as not whole', async () => {
      const agent = await narrowed(figurePermissions, { orders: { amount: 'none' } })
      const series = await as(agent.token, `/api/analytics/revenue/companyDataDaily?${PERIOD}`)
      expect(series.status).toBe(200)
      expect(series.body.meta.totals).not.toHaveProperty('gross')
      expect(series.body.meta.totals).not.toHaveProperty('net')
      expect(series.body.meta.totals).toMatchObject({ orders: 1, fees: '1.25' })
      // The rows, not meta: its fresh_as_of time could spell the amount in its seconds (...:19.994Z).
      expect(JSON.stringify(series.body.data)).not.toContain('19.99')
      const masked = await narrowed(figurePermissions, { orders: { transaction_fee: 'read' } })
      // Read only is read whole: the figure stays.
      expect(
        (await as(masked.token, `/api/analytics/revenue/companyDataDaily?${PERIOD}`)).body.meta.totals.fees,
      ).toBe('1.25')
    })

    it('exports the daily revenue without the column of a hidden figure', async () => {
      const agent = await narrowed(figurePermissions, { orders: { settlement_fee: 'none' } })
      const res = await fetch(`${t.url}/api/analytics/revenue/exportCsv?${PERIOD}`, {
        headers: { authorization: `Bearer ${agent.token}` },
      })
      expect(res.status).toBe(200)
      const [header, ...rows] = (await res.text())
        .replace(/^\ufeff/, '')
        .trim()
        .split('\n')
      expect(header?.split(',')).not.toContain('fees')
      expect(header?.split(',')).toContain('gross')
      expect(rows.join('\n')).not.toContain('1.25')
      const whole = await fetch(`${t.url}/api/analytics/revenue/exportCsv?${PERIOD}`, {
        headers: { authorization: `Bearer ${superToken}` },
      })
      expect((await whole.text()).split('\n')[0]).toContain('fees')
    })

    it('counts a role narrowed since the last call at the next one', async () => {
      const agent = await t.createAdmin(figurePermissions)
      const call = `/api/analytics/revenue/companyDataDaily?${PERIOD}`
      expect((await as(agent.token, call)).body.meta.totals.fees).toBe('1.25')
      const [held] = await t.db.select().from(adminRoles).where(eq(adminRoles.adminId, agent.id))
      await as(superToken, `/api/roles/${held?.roleId}`, 'PUT', {
        field_rules: { orders: { reserve_fee: 'none' } },
      })
      expect((await as(agent.token, call)).body.meta.totals).not.toHaveProperty('fees')
    })
  })

  describe('filters and ranges', () => {
    it('refuses a filter or range on a hidden field with the same 422 whether or not a row would match', async () => {
      const agent = await narrowed(['list-orders', 'all-channels'], {
        orders: { payment_method: 'none', amount: 'none' },
      })
      const answers = []
      for (const query of [
        'payment_method=segpay',
        'payment_method=epoch',
        'amount_from=1',
        'amount_from=1000',
        'amount_to=20',
        'amount_to=1',
      ]) {
        const res = await as(agent.token, `/api/orders?${query}`)
        expect(res.status, query).toBe(422)
        answers.push(res.body)
      }
      expect(answers[0]).toEqual(answers[1])
      expect(answers[0].errors.payment_method[0]).toContain('payment_method')
      expect(answers[2]).toEqual(answers[3])
      expect(answers[2].errors.amount_from[0]).toContain('amount')
      expect(answers[4]).toEqual(answers[5])
      // The super-admin filters by them.
      expect(
        (await as(superToken, '/api/orders?payment_method=segpay&amount_from=1')).body.data,
      ).toHaveLength(1)
    })

    it('takes a range on a read-only field and refuses one on a hidden field', async () => {
      const agent = await narrowed(['list-users', 'all-channels'], { users: { created_at: 'read' } })
      expect((await as(agent.token, '/api/users?created_at_from=2000-01-01T00:00:00Z')).status).toBe(200)
      const masked = await narrowed(['list-orders', 'all-channels'], { orders: { paid_at: 'none' } })
      // Its list still answers in its default order (newest payment first), not named.
      expect((await as(masked.token, '/api/orders')).status).toBe(200)
      const res = await as(masked.token, '/api/orders?paid_at_from=2026-01-01T00:00:00Z')
      expect(res.status, JSON.stringify(res.body)).toBe(422)
      expect(res.body.errors.paid_at_from[0]).toContain('paid_at')
    })
  })

  describe('linked children', () => {
    it("answers a block's video, changed or reordered, under the videos' rules", async () => {
      const editor = await narrowed(['list-blocks', 'create-blocks', 'edit-blocks', 'list-videos'], {
        videos: { serial_number: 'none' },
      })
      const made = await t.db
        .insert(videos)
        .values([
          { title: 'First film', serialNumber: 'SN-SECRET-1' },
          { title: 'Second film', serialNumber: 'SN-SECRET-2' },
        ])
        .returning({ id: videos.id })
      const ids = made.map((row) => row.id)
      const block = await as(superToken, '/api/blocks', 'POST', { title: 'Row' })
      expect(block.status).toBe(201)
      const base = `/api/blocks/${block.body.data.id}/videos`
      expect((await as(superToken, base, 'POST', { ids })).status).toBe(201)
      const changed = await as(editor.token, `${base}/${ids[0]}`, 'PUT', { is_popular: 1 })
      expect(changed.status).toBe(200)
      expect(changed.body.data).toMatchObject({ id: ids[0], title: 'First film', is_popular: 1 })
      expect(changed.body.data).not.toHaveProperty('serial_number')
      const reordered = await as(editor.token, `${base}/reorder`, 'POST', { ids: [...ids].reverse() })
      expect(reordered.status).toBe(200)
      expect(reordered.body.data.map((v: { id: number }) => v.id)).toEqual([...ids].reverse())
      expect(JSON.stringify(reordered.body)).not.toContain('SN-SECRET')
      expect(JSON.stringify(changed.body)).not.toContain('SN-SECRET')
      // The super-admin's answer carries it.
      const whole = await as(superToken, `${base}/${ids[1]}`, 'PUT', { is_popular: 0 })
      expect(whole.body.data.serial_number).toBe('SN-SECRET-2')
    })
  })

  describe('transitions', () => {
    it('refuses a transition of a field the caller may only read with 403 naming it, single and bulk, nothing written', async () => {
      const [member] = await t.db
        .insert(users)
        .values({ username: 'bob', email: 'bob@example.com' })
        .returning({ id: users.id })
      const id = member?.id as number
      const agent = await narrowed(['list-users', 'disable-users', 'all-channels'], {
        users: { status: 'read' },
      })
      const single = await as(agent.token, `/api/users/${id}/disable`, 'POST')
      expect(single.status).toBe(403)
      expect(single.body.message).toContain('status')
      const bulk = await as(agent.token, '/api/users/bulk/disable', 'POST', { ids: [id] })
      expect(bulk.status).toBe(200)
      expect(bulk.body.meta).toEqual({ done: 0, refused: 1 })
      const [stored] = await t.db.select().from(users).where(eq(users.id, id))
      expect(stored?.status).toBe('enabled')
      // Who may write it, may.
      const writer = await narrowed(['list-users', 'disable-users', 'all-channels'], {
        users: { email: 'none' },
      })
      expect((await as(writer.token, `/api/users/${id}/disable`, 'POST')).status).toBe(200)
    })
  })

  describe('the API document', () => {
    it('declares per operation which fields field rules may leave out or mask, and which figures', async () => {
      const document = (await t.request('/api/openapi.json')).body
      const users = document.paths['/api/users'].get['x-field-rules']
      expect(users.resource).toBe('users')
      expect(users.may_be_absent).toEqual(expect.arrayContaining(['email', 'phone', 'birthdate', 'username']))
      expect(users.may_be_absent).not.toContain('id')
      expect(users.may_be_masked).toEqual(expect.arrayContaining(['email', 'phone', 'birthdate']))
      expect(document.paths['/api/users/{id}'].put['x-field-rules'].resource).toBe('users')
      expect(document.paths['/api/orders/exportCsv'].get['x-field-rules'].may_be_masked).toEqual([
        'transaction_number',
      ])
      // A linked child's answer follows the linked resource's rules.
      expect(document.paths['/api/blocks/{id}/videos'].get['x-field-rules'].resource).toBe('videos')
      expect(document.paths['/api/blocks/{id}/videos/{childId}'].put['x-field-rules'].resource).toBe('videos')
      const figures = document.paths['/api/analytics/revenue/companyDataDaily'].get
      expect(figures['x-field-rules'].figures_may_be_absent).toEqual(['gross', 'fees', 'net'])
      expect(figures.description).toContain('Field rules')
      // What has no record fields says nothing of them.
      expect(document.paths['/api/tags/{id}'].delete['x-field-rules']).toBeUndefined()
    })
  })

  it("leaves an order's net out wherever its amount is hidden: the record, the totals and the CSV", async () => {
    const agent = await narrowed(['list-orders', 'export-orders', 'all-channels'], {
      orders: { amount: 'none' },
    })
    const record = await as(agent.token, `/api/orders/${order}`)
    expect(record.status).toBe(200)
    // Nothing was refunded: the net would be the amount itself.
    expect(keysOf(record.body.data)).not.toContain('net')
    expect(JSON.stringify(record.body.data)).not.toContain('19.99')
    const totals = await as(agent.token, '/api/orders/totals')
    expect(totals.status).toBe(200)
    expect(keysOf(totals.body)).not.toContain('net')
    expect(JSON.stringify(totals.body)).not.toContain('19.99')
    const csv = await t.request('/api/orders/exportCsv', { token: agent.token })
    expect(csv.status).toBe(200)
    expect(String(csv.body)).not.toContain('19.99')
    const whole = await as(superToken, '/api/orders/totals')
    expect(JSON.stringify(whole.body)).toContain('19.99')
  })

  it('names a hidden amount or payment time in no error message, and names them to who may read them', async () => {
    const rules: FieldRules = { orders: { amount: 'none', paid_at: 'none' } }
    const agent = await narrowed(['list-orders', 'edit-orders', 'refund-orders', 'all-channels'], rules)
    const refused = [
      await as(agent.token, `/api/orders/${order}/refund`, 'POST', { amount: '500.00' }),
      await as(agent.token, `/api/orders/${order}/refund`, 'POST', {
        amount: '1.00',
        occurred_at: '2026-10-01T00:00:00.000Z',
      }),
      await as(agent.token, `/api/orders/${order}`, 'PUT', { transaction_fee: '300.00' }),
    ]
    for (const answer of refused) {
      expect(answer.status).toBe(422)
      const told = JSON.stringify(answer.body)
      expect(told).not.toContain('19.99')
      expect(told).not.toContain('2026-11-01')
      // What was refunded so far says what is left only with the amount beside it.
      expect(told).not.toContain('18.')
    }
    const whole = await as(superToken, `/api/orders/${order}/refund`, 'POST', { amount: '500.00' })
    expect(JSON.stringify(whole.body)).toContain('19.99')
    // A refund it may make answers without the amount either.
    const done = await as(agent.token, `/api/orders/${order}/refund`, 'POST', { amount: '1.00' })
    expect(done.status).toBe(200)
    expect(JSON.stringify(done.body)).not.toContain('19.99')
    expect(JSON.stringify(done.body)).not.toContain('18.99')
  })

  it('keeps the order whole for the super-admin', async () => {
    expect((await as(superToken, `/api/orders/${order}`)).body.data.transaction_fee).toBe('1.25')
  })
})
