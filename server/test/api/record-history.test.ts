import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  adminRoles,
  channelAdmins,
  channels,
  orders,
  plans,
  roles,
  supports,
  users,
} from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

/**
 * A member's and an order's history (issue 36): support reads who changed what on the record's page,
 * behind history-{path}, without the audit trail's permission or the admins list; a role that only lists
 * members reads no history, as it never did.
 */
describeEachEngine("a record's history", (engine) => {
  let t: TestApp
  let member: number
  let other: number

  beforeAll(async () => {
    t = await startTestApp(engine)
    ;[member, other] = (
      await t.db
        .insert(users)
        .values([{ username: 'history-alice' }, { username: 'history-bob' }])
        .returning({ id: users.id })
    ).map((row) => row.id) as [number, number]
    const token = await t.superToken()
    const changed = await t.request(`/api/users/${member}/disable`, { method: 'POST', token })
    expect(changed.status).toBe(200)
  })
  afterAll(() => t?.close())

  it("answers the record's own entries, newest first, naming who did what, without the trail's ip", async () => {
    const support = await t.createAdmin(['list-users', 'history-users', 'all-channels'])
    const answer = await t.request(`/api/users/${member}/history`, { token: support.token })
    expect(answer.status).toBe(200)
    const [entry] = answer.body.data
    expect(entry).toMatchObject({
      admin_username: 'admin',
      resource: 'users',
      record_id: member,
      action: 'disable',
      changes: { status: ['enabled', 'disabled'] },
    })
    expect(entry).not.toHaveProperty('ip')
    const quiet = await t.request(`/api/users/${other}/history`, { token: support.token })
    expect(quiet.body.data).toEqual([])
    // The trail itself and the admins list stay closed.
    expect((await t.request('/api/audit-logs', { token: support.token })).status).toBe(403)
    expect((await t.request('/api/admins', { token: support.token })).status).toBe(403)
  })

  it('is refused to a role that lists members but was never given their history', async () => {
    const lister = await t.createAdmin(['list-users', 'all-channels'])
    expect((await t.request(`/api/users/${member}/history`, { token: lister.token })).status).toBe(403)
  })

  it("keeps to the caller's channels: a member out of reach is 404", async () => {
    const narrow = await t.createAdmin(['list-users', 'history-users'])
    expect((await t.request(`/api/users/${member}/history`, { token: narrow.token })).status).toBe(404)
  })

  describe('what was done for the member on their orders and tickets (issue 58 item 8)', () => {
    let paid: number
    let elsewhere: number
    let strangers: number
    let ticket: number
    let reachable: number

    beforeAll(async () => {
      const token = await t.superToken()
      const [near, far] = (
        await t.db
          .insert(channels)
          .values([
            { utmSource: 'history-near', type: 'social' },
            { utmSource: 'history-far', type: 'social' },
          ])
          .returning({ id: channels.id })
      ).map((row) => row.id) as [number, number]
      reachable = near
      await t.db.update(users).set({ channelId: near }).where(eq(users.id, member))
      const [plan] = await t.db
        .insert(plans)
        .values({
          name: 'history',
          initialPeriodCount: 1,
          initialPeriodUnit: 'month',
          initialOriginalPrice: '9.99',
        })
        .returning({ id: plans.id })
      const order = (orderNo: string, userId: number, channelId: number) => ({
        orderNo,
        userId,
        planId: plan?.id as number,
        channelId,
        amount: '20.00',
        totalAmount: '20.00',
        paymentMethod: 'segpay' as const,
        paidAt: new Date('2026-10-02T10:00:00Z'),
      })
      ;[paid, elsewhere, strangers] = (
        await t.db
          .insert(orders)
          .values([
            order('H-PAID', member, near),
            // The member's too, through a channel a channel admin below does not administer.
            order('H-ELSEWHERE', member, far),
            order('H-STRANGER', other, near),
          ])
          .returning({ id: orders.id })
      ).map((row) => row.id) as [number, number, number]
      const [opened, theirs] = (
        await t.db
          .insert(supports)
          .values([
            {
              userId: member,
              type: 'billing',
              subject: 'Charged twice',
              email: 'a@example.com',
              message: 'Help',
            },
            { userId: other, type: 'billing', subject: 'Not mine', email: 'b@example.com', message: 'Help' },
          ])
          .returning({ id: supports.id })
      ).map((row) => row.id) as [number, number]
      ticket = opened
      const post = (path: string, body?: unknown) => t.request(path, { method: 'POST', token, body })
      expect(
        (await post(`/api/orders/${paid}/refund`, { amount: '5.00', reason: 'Charged twice' })).status,
      ).toBe(200)
      expect((await post(`/api/orders/${elsewhere}/chargeback`, { amount: '20.00' })).status).toBe(200)
      expect((await post(`/api/orders/${strangers}/refund`, { amount: '1.00' })).status).toBe(200)
      expect((await post(`/api/supports/${opened}/solve`)).status).toBe(200)
      expect((await post(`/api/supports/${theirs}/solve`)).status).toBe(200)
    })

    it('lists their refunds and chargebacks, with who, when and the reason, and the tickets solved for them', async () => {
      const support = await t.createAdmin([
        'list-users',
        'history-users',
        'list-orders',
        'list-supports',
        'all-channels',
      ])
      const answer = await t.request(`/api/users/${member}/history`, { token: support.token })
      expect(answer.status).toBe(200)
      const entries = answer.body.data as { resource: string; record_id: number; action: string }[]
      // Newest first, among the member's own (the disable above).
      expect(entries.map((entry) => [entry.resource, entry.record_id, entry.action])).toEqual(
        expect.arrayContaining([['users', member, 'disable']]),
      )
      const others = entries.filter((entry) => entry.resource !== 'users')
      expect(others.map((entry) => [entry.resource, entry.record_id, entry.action])).toEqual([
        ['supports', ticket, 'solve'],
        ['orders', elsewhere, 'chargeback'],
        ['orders', paid, 'refund'],
      ])
      expect(others[2]).toMatchObject({
        admin_username: 'admin',
        changes: { refund: '5.00', reason: 'Charged twice' },
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      })
      expect(others[0]).toMatchObject({ admin_username: 'admin', changes: { status: ['open', 'solved'] } })
    })

    it('shows each kind only to who reads it on its own page, orders within their channels', async () => {
      const membersOnly = await t.createAdmin(['list-users', 'history-users', 'all-channels'])
      const own = await t.request(`/api/users/${member}/history`, { token: membersOnly.token })
      const resources = new Set(own.body.data.map((entry: { resource: string }) => entry.resource))
      expect([...resources]).toEqual(['users'])
      const channelAdmin = await t.createAdmin(['list-users', 'history-users', 'list-orders'])
      await t.db.insert(channelAdmins).values({ adminId: channelAdmin.id, channelId: reachable })
      const near = await t.request(`/api/users/${member}/history`, { token: channelAdmin.token })
      expect(near.status).toBe(200)
      const theirs = near.body.data.filter((entry: { resource: string }) => entry.resource !== 'users')
      expect(theirs.map((entry: { record_id: number }) => entry.record_id)).toEqual([paid])
    })

    it("lists their refunds to an admin whose role narrows orders, under the orders' rules", async () => {
      const narrowed = await t.createAdmin(['list-users', 'history-users', 'list-orders', 'all-channels'])
      const [held] = await t.db.select().from(adminRoles).where(eq(adminRoles.adminId, narrowed.id))
      await t.db
        .update(roles)
        .set({ fieldRules: { orders: { amount: 'none' } } })
        .where(eq(roles.id, held?.roleId as number))
      const token = await t.login(narrowed.username, narrowed.password)
      const answer = await t.request(`/api/users/${member}/history`, { token })
      expect(answer.status).toBe(200)
      const refunds = answer.body.data.filter((entry: { resource: string }) => entry.resource === 'orders')
      expect(
        refunds.map((entry: { record_id: number; action: string }) => [entry.record_id, entry.action]),
      ).toEqual(expect.arrayContaining([[paid, 'refund']]))
    })
  })

  it('exists for orders too, behind history-orders', async () => {
    const routes = t.app.accessTable.filter((route) => route.url.endsWith('/:id/history'))
    expect(routes.map((route) => [route.url, route.permission])).toEqual(
      expect.arrayContaining([
        ['/api/users/:id/history', 'history-users'],
        ['/api/orders/:id/history', 'history-orders'],
      ]),
    )
  })
})
