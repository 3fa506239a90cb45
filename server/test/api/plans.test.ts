import { parse } from 'csv-parse/sync'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channels, subscriptions, users } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

const basePlan = {
  name: 'Monthly',
  title: 'Monthly 月度会员',
  initial_period_count: 1,
  initial_period_unit: 'month',
  initial_original_price: '19.99',
  initial_discount_price: '14.99',
  recurring_period_count: 1,
  recurring_period_unit: 'month',
  recurring_original_price: '19.99',
  recurring_discount_price: null,
  downloadable: 1,
  show: 1,
  is_best: 0,
  sort: 3,
  segpay_id: 'SP-1',
  ccbill_id: 'CC-1',
  epoch_id: null,
  verotel_id: 'VT-1',
}

describeEachEngine('plans', (engine) => {
  let t: TestApp
  let token: string
  let seq = 0
  const api = (path: string, options: Parameters<TestApp['request']>[1] = {}) =>
    t.request(path, { token, ...options })
  const createPlan = async (body: Record<string, unknown> = {}) => {
    const res = await api('/api/plans', {
      method: 'POST',
      body: { ...basePlan, name: `Plan ${++seq}`, ...body },
    })
    if (res.status !== 201) throw new Error(`plan: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body.data
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
  })
  afterAll(() => t?.close())

  describe('plans', () => {
    it('creates, shows, lists and updates a plan with prices exact to the cent', async () => {
      const created = await api('/api/plans', { method: 'POST', body: basePlan })
      expect(created.status).toBe(201)
      const plan = created.body.data
      expect(plan).toEqual({
        version: expect.any(String),
        id: expect.any(Number),
        ...basePlan,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      })
      expect((await api(`/api/plans/${plan.id}`)).body).toEqual({ data: plan })

      const cut = await api(`/api/plans/${plan.id}`, {
        method: 'PUT',
        body: { initial_discount_price: '0.10', recurring_discount_price: '19.9', title: '' },
      })
      expect(cut.status).toBe(200)
      expect(cut.body.data).toMatchObject({
        initial_original_price: '19.99',
        initial_discount_price: '0.10',
        recurring_discount_price: '19.90',
        title: null,
        name: 'Monthly',
      })
      const priced = await api('/api/plans?initial_original_price_from=19.99&initial_original_price_to=19.99')
      expect(priced.body.data.map((p: { id: number }) => p.id)).toEqual([plan.id])
      expect((await api('/api/plans?initial_original_price_from=19.991')).status).toBe(422)
      const listed = await api(`/api/plans?keyword=monthly`)
      expect(listed.body.data.map((p: { id: number }) => p.id)).toContain(plan.id)
      expect(listed.body.data.find((p: { id: number }) => p.id === plan.id).initial_discount_price).toBe(
        '0.10',
      )
    })

    it('takes a one-off plan (no renewal) and refuses half a renewal with 422 on the missing fields', async () => {
      const oneOff = await createPlan({
        recurring_period_count: null,
        recurring_period_unit: null,
        recurring_original_price: null,
      })
      expect(oneOff.recurring_period_count).toBeNull()
      const half = await api(`/api/plans/${oneOff.id}`, {
        method: 'PUT',
        body: { recurring_period_count: 3 },
      })
      expect(half.status).toBe(422)
      expect(Object.keys(half.body.errors).sort()).toEqual([
        'recurring_original_price',
        'recurring_period_unit',
      ])
      const whole = await api(`/api/plans/${oneOff.id}`, {
        method: 'PUT',
        body: {
          recurring_period_count: 3,
          recurring_period_unit: 'month',
          recurring_original_price: '49.99',
        },
      })
      expect(whole.status).toBe(200)
    })

    it('refuses a discount above its original price, initial and recurring, with 422 on the discount', async () => {
      const initial = await api('/api/plans', {
        method: 'POST',
        body: {
          ...basePlan,
          name: 'Too cheap',
          initial_original_price: '10.00',
          initial_discount_price: '10.01',
        },
      })
      expect(initial.status).toBe(422)
      expect(initial.body.errors).toEqual({
        initial_discount_price: [
          'The initial discount price must not be greater than the original price (10.00).',
        ],
      })
      const plan = await createPlan({ initial_original_price: '10.00', initial_discount_price: '10.00' })
      expect(plan.initial_discount_price).toBe('10.00')
      const recurring = await api(`/api/plans/${plan.id}`, {
        method: 'PUT',
        body: { recurring_discount_price: '20.00' },
      })
      expect(recurring.status).toBe(422)
      expect(Object.keys(recurring.body.errors)).toEqual(['recurring_discount_price'])
      // Lowering the original under the stored discount is refused on the discount too.
      const lowered = await api(`/api/plans/${plan.id}`, {
        method: 'PUT',
        body: { initial_original_price: '9.99' },
      })
      expect(lowered.status).toBe(422)
      expect(Object.keys(lowered.body.errors)).toEqual(['initial_discount_price'])
      expect((await api(`/api/plans/${plan.id}`)).body.data.initial_original_price).toBe('10.00')
    })

    it('validates money, units and names field by field', async () => {
      const res = await api('/api/plans', {
        method: 'POST',
        body: {
          ...basePlan,
          name: '',
          initial_original_price: 19.99,
          initial_period_unit: 'hour',
          sort: 'x',
        },
      })
      expect(res.status).toBe(422)
      expect(Object.keys(res.body.errors).sort()).toEqual([
        'initial_original_price',
        'initial_period_unit',
        'name',
        'sort',
      ])
      for (const bad of ['-1.00', '1.999', '1e3', 'abc'])
        expect(
          (
            await api('/api/plans', {
              method: 'POST',
              body: { ...basePlan, name: 'x', initial_original_price: bad },
            })
          ).body.errors,
        ).toHaveProperty('initial_original_price')
      const dup = await api('/api/plans', { method: 'POST', body: { ...basePlan, name: 'MONTHLY' } })
      expect(dup.status).toBe(422)
      expect(dup.body.errors).toEqual({ name: ['The name has already been taken.'] })
      expect((await api('/api/plans/999999')).status).toBe(404)
      expect((await api('/api/plans/999999', { method: 'PUT', body: { sort: 1 } })).status).toBe(404)
    })

    it('has no delete route', async () => {
      const plan = await createPlan()
      const res = await api(`/api/plans/${plan.id}`, { method: 'DELETE' })
      expect([404, 405]).toContain(res.status)
      expect((await api(`/api/plans/${plan.id}`)).status).toBe(200)
    })

    it('exports plans.csv with a BOM, the prices as stored', async () => {
      const plan = await createPlan({
        name: 'Export 导出',
        initial_original_price: '19.99',
        initial_discount_price: '0.10',
      })
      const res = await fetch(`${t.url}/api/plans/exportCsv?keyword=${encodeURIComponent('Export')}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/csv')
      expect(res.headers.get('content-disposition')).toContain('plans.csv')
      const bytes = Buffer.from(await res.arrayBuffer())
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const [header, ...rows] = parse(bytes.subarray(3).toString('utf8')) as string[][]
      expect(rows).toHaveLength(1)
      const cells = Object.fromEntries((header ?? []).map((name, i) => [name, rows[0]?.[i]]))
      expect(cells).toMatchObject({
        id: String(plan.id),
        name: 'Export 导出',
        initial_original_price: '19.99',
        initial_discount_price: '0.10',
        downloadable: '1',
        segpay_id: 'SP-1',
      })
      // Several words in any order and case, and characters an array's text escapes: on PostgreSQL the words
      // are written into the COPY statement as an array literal.
      const rowsFor = async (keyword: string) => {
        const found = await fetch(`${t.url}/api/plans/exportCsv?keyword=${encodeURIComponent(keyword)}`, {
          headers: { authorization: `Bearer ${token}` },
        })
        expect(found.status).toBe(200)
        return (parse((await found.text()).replace(/^\ufeff/, '')) as string[][]).length - 1
      }
      expect(await rowsFor('导出 EXPORT')).toBe(1)
      expect(await rowsFor('export "导出\\')).toBe(0)
    })

    it('needs list-, create-, edit- and export-plans', async () => {
      const plan = await createPlan()
      const none = await t.createAdmin(['list-tags'])
      const reader = await t.createAdmin(['list-plans'])
      const as = (who: { token: string }, path: string, method = 'GET', body?: unknown) =>
        t.request(path, { token: who.token, method, body })
      expect((await as(none, '/api/plans')).status).toBe(403)
      expect((await as(none, `/api/plans/${plan.id}`)).status).toBe(403)
      expect((await as(reader, '/api/plans')).status).toBe(200)
      expect((await as(reader, '/api/plans', 'POST', { ...basePlan, name: 'P403' })).status).toBe(403)
      expect((await as(reader, `/api/plans/${plan.id}`, 'PUT', { sort: 1 })).status).toBe(403)
      expect((await as(reader, '/api/plans/exportCsv')).status).toBe(403)
      const exporter = await t.createAdmin(['export-plans', 'list-plans'])
      expect((await as(exporter, '/api/plans/exportCsv')).status).toBe(200)
      const editor = await t.createAdmin(['edit-plans', 'create-plans'])
      expect((await as(editor, `/api/plans/${plan.id}`, 'PUT', { sort: 1 })).status).toBe(200)
      expect((await as(editor, '/api/plans', 'POST', { ...basePlan, name: 'P201' })).status).toBe(201)
    })
  })

  describe('promotions', () => {
    const promo = (code: string, extra: Record<string, unknown> = {}) => ({
      name: `Promo ${code}`,
      code,
      started_at: '2026-12-01T00:00:00.000Z',
      ended_at: '2026-12-31T00:00:00+08:00',
      times: 100,
      ...extra,
    })

    it('creates a promotion, enabled by default, and keeps its code unique whatever the case', async () => {
      const created = await api('/api/promotions', { method: 'POST', body: promo('Spring-26') })
      expect(created.status).toBe(201)
      expect(created.body.data).toEqual({
        version: expect.any(String),
        id: expect.any(Number),
        name: 'Promo Spring-26',
        code: 'Spring-26',
        started_at: '2026-12-01T00:00:00.000Z',
        ended_at: '2026-12-30T16:00:00.000Z',
        times: 100,
        status: 'enabled',
        plan_ids: [],
        plans: [],
        created_at: expect.any(String),
        updated_at: expect.any(String),
      })
      const dup = await api('/api/promotions', { method: 'POST', body: promo('SPRING-26') })
      expect(dup.status).toBe(422)
      expect(dup.body.errors).toEqual({ code: ['The code has already been taken.'] })
      const bad = await api('/api/promotions', { method: 'POST', body: promo('has space', { times: 0 }) })
      expect(bad.status).toBe(422)
      expect(Object.keys(bad.body.errors).sort()).toEqual(['code', 'times'])
    })

    it('refuses an end not after the start, on create and on a partial update', async () => {
      const same = await api('/api/promotions', {
        method: 'POST',
        body: promo('SAME', { ended_at: '2026-12-01T00:00:00.000Z' }),
      })
      expect(same.status).toBe(422)
      expect(same.body.errors).toEqual({ ended_at: ['The ended at must be later than the start.'] })
      const ok = (await api('/api/promotions', { method: 'POST', body: promo('LATER') })).body.data
      const earlier = await api(`/api/promotions/${ok.id}`, {
        method: 'PUT',
        body: { started_at: '2027-01-01T00:00:00.000Z' },
      })
      expect(earlier.status).toBe(422)
      expect(Object.keys(earlier.body.errors)).toEqual(['ended_at'])
      const moved = await api(`/api/promotions/${ok.id}`, {
        method: 'PUT',
        body: { ended_at: '2027-02-01T00:00:00.000Z', status: 'disabled' },
      })
      expect(moved.status).toBe(200)
      expect(moved.body.data).toMatchObject({ status: 'disabled', ended_at: '2027-02-01T00:00:00.000Z' })
    })

    it('sets the plans it applies to with POST /promotions/{id}/plans (replacing the set, unknown ids 422)', async () => {
      const [a, b, c] = [await createPlan(), await createPlan(), await createPlan()]
      const p = (await api('/api/promotions', { method: 'POST', body: promo('PLANS') })).body.data
      const set = await api(`/api/promotions/${p.id}/plans`, {
        method: 'POST',
        body: { plan_ids: [b.id, a.id] },
      })
      expect(set.status).toBe(200)
      expect(set.body.data.plan_ids).toEqual([a.id, b.id].sort((x, y) => x - y))
      expect(set.body.data.plans.map((plan: { name: string }) => plan.name).sort()).toEqual(
        [a.name, b.name].sort(),
      )
      const replaced = await api(`/api/promotions/${p.id}/plans`, {
        method: 'POST',
        body: { plan_ids: [c.id] },
      })
      expect(replaced.body.data.plan_ids).toEqual([c.id])
      expect((await api(`/api/promotions/${p.id}`)).body.data.plan_ids).toEqual([c.id])
      expect(
        (await api(`/api/promotions?plan_id=${c.id}`)).body.data.map((r: { id: number }) => r.id),
      ).toEqual([p.id])
      const unknown = await api(`/api/promotions/${p.id}/plans`, {
        method: 'POST',
        body: { plan_ids: [a.id, 987654] },
      })
      expect(unknown.status).toBe(422)
      expect(unknown.body.errors.plan_ids[0]).toContain('987654')
      expect((await api(`/api/promotions/${p.id}`)).body.data.plan_ids).toEqual([c.id])
      expect(
        (await api(`/api/promotions/${p.id}/plans`, { method: 'POST', body: { plan_ids: 'x' } })).status,
      ).toBe(422)
      const cleared = await api(`/api/promotions/${p.id}/plans`, { method: 'POST', body: { plan_ids: [] } })
      expect(cleared.body.data.plans).toEqual([])
      expect(
        (await api('/api/promotions/999999/plans', { method: 'POST', body: { plan_ids: [] } })).status,
      ).toBe(404)
      // A plan a promotion applies to stays (plans are never deleted); the promotion can be.
      expect((await api(`/api/promotions/${p.id}`, { method: 'DELETE' })).status).toBe(204)
      expect((await api(`/api/promotions/${p.id}`)).status).toBe(404)
    })

    it('needs list-, create-, edit- and delete-promotions (edit for its plans)', async () => {
      const p = (await api('/api/promotions', { method: 'POST', body: promo('PERM') })).body.data
      const reader = await t.createAdmin(['list-promotions'])
      const as = (path: string, method = 'GET', body?: unknown) =>
        t.request(path, { token: reader.token, method, body })
      expect(
        (await t.request('/api/promotions', { token: (await t.createAdmin(['list-plans'])).token })).status,
      ).toBe(403)
      expect((await as('/api/promotions')).status).toBe(200)
      expect((await as('/api/promotions', 'POST', promo('PERM2'))).status).toBe(403)
      expect((await as(`/api/promotions/${p.id}`, 'PUT', { times: 3 })).status).toBe(403)
      expect((await as(`/api/promotions/${p.id}/plans`, 'POST', { plan_ids: [] })).status).toBe(403)
      expect((await as(`/api/promotions/${p.id}`, 'DELETE')).status).toBe(403)
      const editor = await t.createAdmin(['edit-promotions'])
      expect(
        (
          await t.request(`/api/promotions/${p.id}/plans`, {
            token: editor.token,
            method: 'POST',
            body: { plan_ids: [] },
          })
        ).status,
      ).toBe(200)
    })
  })

  describe('deals', () => {
    const deal = (planId: number, extra: Record<string, unknown> = {}) => ({
      name: 'Black Friday',
      plan_id: planId,
      price: '9.99',
      started_at: '2026-11-27T00:00:00.000Z',
      ended_at: '2026-11-30T00:00:00.000Z',
      ...extra,
    })

    it('creates, shows (with the plan by title, not code), updates and deletes a deal', async () => {
      const plan = await createPlan({ initial_original_price: '19.99' })
      const created = await api('/api/deals', { method: 'POST', body: deal(plan.id) })
      expect(created.status).toBe(201)
      expect(created.body.data).toEqual({
        version: expect.any(String),
        id: expect.any(Number),
        name: 'Black Friday',
        plan_id: plan.id,
        // The plan as staff read it (issue 58 item 8): its title, not its code.
        plan_name: 'Monthly 月度会员',
        price: '9.99',
        started_at: '2026-11-27T00:00:00.000Z',
        ended_at: '2026-11-30T00:00:00.000Z',
        status: 'enabled',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      })
      const id = created.body.data.id
      expect((await api(`/api/deals?plan_id=${plan.id}`)).body.data.map((d: { id: number }) => d.id)).toEqual(
        [id],
      )
      const edited = await api(`/api/deals/${id}`, {
        method: 'PUT',
        body: { price: '19.99', status: 'disabled' },
      })
      expect(edited.body.data).toMatchObject({ price: '19.99', status: 'disabled' })
      expect((await api(`/api/deals/${id}`, { method: 'DELETE' })).status).toBe(204)
      expect((await api(`/api/deals/${id}`)).status).toBe(404)
    })

    it('refuses a price of zero or above the plan, an end before the start, an unknown plan', async () => {
      const plan = await createPlan({ initial_original_price: '19.99' })
      const zero = await api('/api/deals', { method: 'POST', body: deal(plan.id, { price: '0.00' }) })
      expect(zero.status).toBe(422)
      expect(Object.keys(zero.body.errors)).toEqual(['price'])
      const above = await api('/api/deals', { method: 'POST', body: deal(plan.id, { price: '20.00' }) })
      expect(above.status).toBe(422)
      expect(above.body.errors).toEqual({
        price: ["The price must not be greater than the plan's original price (19.99)."],
      })
      const backwards = await api('/api/deals', {
        method: 'POST',
        body: deal(plan.id, { ended_at: '2026-11-01T00:00:00.000Z' }),
      })
      expect(Object.keys(backwards.body.errors)).toEqual(['ended_at'])
      const unknown = await api('/api/deals', { method: 'POST', body: deal(987654) })
      expect(unknown.status).toBe(422)
      expect(Object.keys(unknown.body.errors)).toEqual(['plan_id'])
      // Moving a deal to a cheaper plan checks its price against that plan.
      const cheap = await createPlan({ initial_original_price: '5.00', initial_discount_price: null })
      const ok = (await api('/api/deals', { method: 'POST', body: deal(plan.id) })).body.data
      const moved = await api(`/api/deals/${ok.id}`, { method: 'PUT', body: { plan_id: cheap.id } })
      expect(moved.status).toBe(422)
      expect(Object.keys(moved.body.errors)).toEqual(['price'])
    })

    it('keeps plan and deal prices in agreement: no cut below an enabled deal, no deal write with a stale price', async () => {
      const plan = await createPlan({ initial_original_price: '29.99', initial_discount_price: null })
      const black = (await api('/api/deals', { method: 'POST', body: deal(plan.id, { price: '19.00' }) }))
        .body.data
      const cut = await api(`/api/plans/${plan.id}`, {
        method: 'PUT',
        body: { initial_original_price: '5.00' },
      })
      expect(cut.status).toBe(422)
      expect(cut.body.errors).toEqual({
        initial_original_price: [
          'The initial original price must not be below the price of the enabled deal "Black Friday" (19.00); change or disable that deal first.',
        ],
      })
      expect((await api(`/api/plans/${plan.id}`)).body.data.initial_original_price).toBe('29.99')
      // A disabled deal does not hold the plan's price; enabling it, or any later write, checks its price again.
      expect(
        (await api(`/api/deals/${black.id}`, { method: 'PUT', body: { status: 'disabled' } })).status,
      ).toBe(200)
      expect(
        (await api(`/api/plans/${plan.id}`, { method: 'PUT', body: { initial_original_price: '5.00' } }))
          .status,
      ).toBe(200)
      for (const body of [{ status: 'enabled' }, { name: 'Renamed' }]) {
        const stale = await api(`/api/deals/${black.id}`, { method: 'PUT', body })
        expect(stale.status, JSON.stringify(body)).toBe(422)
        expect(stale.body.errors).toEqual({
          price: ["The price must not be greater than the plan's original price (5.00)."],
        })
      }
    })

    it('lets no plan cut and deal raise pass each other (the plan row is locked)', async () => {
      for (let round = 0; round < 8; round++) {
        const plan = await createPlan({ initial_original_price: '20.00', initial_discount_price: null })
        const made = (await api('/api/deals', { method: 'POST', body: deal(plan.id, { price: '10.00' }) }))
          .body.data
        await Promise.all([
          api(`/api/plans/${plan.id}`, { method: 'PUT', body: { initial_original_price: '12.00' } }),
          api(`/api/deals/${made.id}`, { method: 'PUT', body: { price: '15.00' } }),
        ])
        const now = (await api(`/api/plans/${plan.id}`)).body.data.initial_original_price
        const dealNow = (await api(`/api/deals/${made.id}`)).body.data.price
        expect(Number(dealNow) <= Number(now), `round ${round}: deal ${dealNow}, plan ${now}`).toBe(true)
      }
    })

    it('needs the deals permissions', async () => {
      const plan = await createPlan()
      const d = (await api('/api/deals', { method: 'POST', body: deal(plan.id) })).body.data
      const reader = await t.createAdmin(['list-deals'])
      const as = (path: string, method = 'GET', body?: unknown) =>
        t.request(path, { token: reader.token, method, body })
      expect(
        (await t.request('/api/deals', { token: (await t.createAdmin(['list-plans'])).token })).status,
      ).toBe(403)
      expect((await as(`/api/deals/${d.id}`)).status).toBe(200)
      expect((await as('/api/deals', 'POST', deal(plan.id))).status).toBe(403)
      expect((await as(`/api/deals/${d.id}`, 'PUT', { name: 'x' })).status).toBe(403)
      expect((await as(`/api/deals/${d.id}`, 'DELETE')).status).toBe(403)
    })
  })

  describe('subscriptions', () => {
    let planA: { id: number; name: string }
    let planB: { id: number; name: string }
    let channelIds: number[]
    let memberIds: number[]

    beforeAll(async () => {
      planA = await createPlan()
      planB = await createPlan()
      channelIds = (
        await t.db
          .insert(channels)
          .values([
            { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'brand', type: 'advertising' },
            { utmSource: 'twitter', type: 'social' },
          ])
          .returning({ id: channels.id })
      ).map((row) => row.id)
      memberIds = (
        await t.db
          .insert(users)
          .values(Array.from({ length: 12 }, (_, i) => ({ username: `member${i}` })))
          .returning({ id: users.id })
      ).map((row) => row.id)
      const statuses = ['active', 'cancelled', 'expired'] as const
      // 60 subscriptions over November 2026, through the two channels and none, in every state.
      await t.db.insert(subscriptions).values(
        Array.from({ length: 60 }, (_, i) => ({
          userId: memberIds[i % memberIds.length] as number,
          planId: i % 2 ? planA.id : planB.id,
          channelId: i % 3 === 2 ? null : (channelIds[i % 3] as number),
          status: statuses[(i * 7) % 3] as (typeof statuses)[number],
          startedAt: new Date(Date.UTC(2026, 10, 1 + (i % 30), (i * 5) % 24)),
          cancelledAt: (i * 7) % 3 === 1 ? new Date(Date.UTC(2026, 11, 1)) : null,
        })),
      )
    })

    it('lists subscriptions with member, plan and channel names, filtered', async () => {
      const all = await api('/api/subscriptions?per_page=100')
      expect(all.status).toBe(200)
      expect(all.body.meta.total).toBe(60)
      const row = all.body.data.find((s: { channel_id: number | null }) => s.channel_id === channelIds[0])
      expect(row).toMatchObject({
        username: expect.stringMatching(/^member\d+$/),
        plan_name: expect.any(String),
        channel_name: 'google / cpc / brand',
      })
      expect(
        all.body.data.find((s: { channel_id: number | null }) => s.channel_id === null).channel_name,
      ).toBeNull()
      expect(
        all.body.data.find((s: { channel_id: number | null }) => s.channel_id === channelIds[1]).channel_name,
      ).toBe('twitter')
      const count = async (query: string) => (await api(`/api/subscriptions?${query}`)).body.meta.total
      expect(await count('status=cancelled')).toBe(20)
      expect(await count(`plan_id=${planA.id}`)).toBe(30)
      expect(await count(`channel_id=${channelIds[1]}`)).toBe(20)
      expect(await count(`user_id=${memberIds[0]}`)).toBe(5)
      expect(await count('started_at_from=2026-11-01&started_at_to=2026-11-10')).toBe(20)
      expect(await count('keyword=member1')).toBe(15)
      expect((await api('/api/subscriptions?status=paused')).status).toBe(422)
      expect((await api('/api/subscriptions', { method: 'POST', body: {} })).status).toBe(404)
    })

    it('counts subscriptions per channel over a range of days, as SQL counts them', async () => {
      const res = await api(
        '/api/subscriptions/channelStatistic?started_from=2026-11-01&started_to=2026-11-15',
      )
      expect(res.status).toBe(200)
      const expected = await t.db.execute(sql`
        select channel_id, count(*)::int as total,
          (count(*) filter (where status = 'active'))::int as active,
          (count(*) filter (where status = 'cancelled'))::int as cancelled,
          (count(*) filter (where status = 'expired'))::int as expired
        from subscriptions
        where started_at >= '2026-11-01T00:00:00Z' and started_at < '2026-11-16T00:00:00Z'
        group by channel_id`)
      const rows = (expected as unknown as { rows: Record<string, unknown>[] }).rows
      const byChannel = (list: { channel_id: unknown }[]) =>
        Object.fromEntries(list.map(({ channel_id, ...rest }) => [String(channel_id), rest]))
      const got = byChannel(res.body.data)
      for (const value of Object.values(got)) delete (value as { channel_name?: unknown }).channel_name
      expect(got).toEqual(byChannel(rows as { channel_id: unknown }[]))
      expect(res.body.meta).toEqual({ started_from: '2026-11-01', started_to: '2026-11-15', total: 30 })
      expect(res.body.data.map((r: { channel_name: string | null }) => r.channel_name).sort()).toEqual(
        ['google / cpc / brand', 'twitter', null].sort(),
      )
      for (const r of res.body.data) expect(r.active + r.cancelled + r.expired).toBe(r.total)

      const all = await api('/api/subscriptions/channelStatistic')
      expect(all.body.meta.total).toBe(60)
      const oneDay = await api(
        '/api/subscriptions/channelStatistic?started_from=2026-11-30&started_to=2026-11-30',
      )
      expect(oneDay.body.meta.total).toBe(2)
      const backwards = await api(
        '/api/subscriptions/channelStatistic?started_from=2026-11-15&started_to=2026-11-01',
      )
      expect(backwards.status).toBe(422)
      expect(Object.keys(backwards.body.errors)).toEqual(['started_to'])
      expect((await api('/api/subscriptions/channelStatistic?started_from=yesterday')).status).toBe(422)
    })

    it('needs list-subscriptions for both', async () => {
      const none = await t.createAdmin(['list-plans'])
      const reader = await t.createAdmin(['list-subscriptions'])
      for (const path of ['/api/subscriptions', '/api/subscriptions/channelStatistic']) {
        expect((await t.request(path, { token: none.token })).status).toBe(403)
        expect((await t.request(path, { token: reader.token })).status).toBe(200)
        expect((await t.request(path)).status).toBe(401)
      }
    })
  })
})
