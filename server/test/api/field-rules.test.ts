import { type FieldRules, SUPER_ADMIN_ROLE } from '@vod/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminRoles, adminUsers, orders, plans, roles, tags, users } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestAdmin, type TestApp } from '../support/harness.ts'

/**
 * Field rules (docs/security.md "Field rules"): a role narrowed to members' e-mail hidden, phone and
 * birthdate masked and orders' fees hidden, transaction number masked, asked by every path that answers
 * those fields. Each assertion names the value it must not find.
 */
const narrowing: FieldRules = {
  users: { email: 'none', phone: 'masked', birthdate: 'masked' },
  orders: {
    transaction_fee: 'none',
    settlement_fee: 'none',
    reserve_fee: 'none',
    transaction_number: 'masked',
  },
}
// What the narrowed role may not read, as it would show in an answer. The fee is past 59 so that no time's
// seconds (`...:01.25...`) can read as it.
const SECRETS = ['alice@example.com', '555 0101', '+1', '1990-04-17', 'TX-AAA-1234', '61.25']

describeEachEngine('field rules', (engine) => {
  let t: TestApp
  let superToken: string
  let agent: TestAdmin
  let agentRole: number
  let alice: number
  let order: number

  const as = (token: string, path: string, method = 'GET', body?: unknown) =>
    t.request(path, { method, token, body })
  const leaks = (answer: unknown) => {
    const text = typeof answer === 'string' ? answer : JSON.stringify(answer)
    return SECRETS.filter((secret) => text.includes(secret))
  }
  const setRules = (roleId: number, field_rules: FieldRules) =>
    as(superToken, `/api/roles/${roleId}`, 'PUT', { field_rules })

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
    const [row] = await t.db
      .insert(users)
      .values({
        username: 'alice',
        email: 'alice@example.com',
        phone: '+1 555 0101',
        birthdate: '1990-04-17',
      })
      .returning({ id: users.id })
    alice = row?.id as number
    const [made] = await t.db
      .insert(orders)
      .values({
        orderNo: 'ORD-1',
        userId: alice,
        planId: plan?.id as number,
        amount: '99.99',
        paymentMethod: 'segpay',
        transactionNumber: 'TX-AAA-1234',
        transactionFee: '61.25',
        paidAt: new Date('2026-11-01T10:00:00Z'),
        totalAmount: '38.74',
      })
      .returning({ id: orders.id })
    order = made?.id as number
    agent = await t.createAdmin([
      'list-users',
      'edit-users',
      'history-users',
      'list-orders',
      'edit-orders',
      'export-orders',
      'history-orders',
      'list-audit-logs',
      'list-admins',
      'disable-users',
      'batch-create-users',
      'all-channels',
    ])
    const [held] = await t.db.select().from(adminRoles).where(eq(adminRoles.adminId, agent.id))
    agentRole = held?.roleId as number
    expect((await setRules(agentRole, narrowing)).status).toBe(200)
  })
  afterAll(() => t?.close())

  describe('the role', () => {
    it('keeps its field rules, {} for a role never narrowed', async () => {
      const role = await as(superToken, `/api/roles/${agentRole}`)
      expect(role.body.data.field_rules).toEqual(narrowing)
      const made = await as(superToken, '/api/roles', 'POST', { name: 'Plain', permissions: ['list-tags'] })
      expect(made.body.data.field_rules).toEqual({})
    })

    it('names only record fields, masks only fields with a mask, never narrows the super-admin', async () => {
      const unknown = await setRules(agentRole, { users: { shoe_size: 'none' }, nothing: { a: 'read' } })
      expect(unknown.status).toBe(422)
      expect(unknown.body.errors.field_rules[0]).toContain('nothing.a, users.shoe_size')
      const unmasked = await setRules(agentRole, { users: { username: 'masked' } })
      expect(unmasked.status).toBe(422)
      expect(unmasked.body.errors.field_rules[0]).toContain('users.username')
      const [superRole] = await t.db.select().from(roles).where(eq(roles.name, SUPER_ADMIN_ROLE))
      expect((await setRules(superRole?.id as number, { users: { email: 'none' } })).status).toBe(409)
      expect((await as(superToken, `/api/roles/${agentRole}`)).body.data.field_rules).toEqual(narrowing)
    })

    it('gives no field more than the caller has of it', async () => {
      const maker = await t.createAdmin(['list-roles', 'create-roles', 'list-users'])
      const [held] = await t.db.select().from(adminRoles).where(eq(adminRoles.adminId, maker.id))
      await setRules(held?.roleId as number, { users: { email: 'read' } })
      const wider = await as(maker.token, '/api/roles', 'POST', {
        name: 'Wider',
        permissions: ['list-users'],
        field_rules: { users: { email: 'write' } },
      })
      expect(wider.status).toBe(422)
      expect(wider.body.errors.field_rules[0]).toContain('users.email')
      const same = await as(maker.token, '/api/roles', 'POST', {
        name: 'Same',
        permissions: ['list-users'],
        field_rules: { users: { email: 'masked' } },
      })
      expect(same.status).toBe(201)
    })
  })

  describe('reads', () => {
    it('answers its session its field rules', async () => {
      expect((await as(agent.token, '/api/auth/me')).body.data.field_rules).toEqual(narrowing)
      expect((await as(superToken, '/api/auth/me')).body.data.field_rules).toEqual({})
    })

    it('lists and shows members without the e-mail, with phone and birthdate masked', async () => {
      const list = await as(agent.token, '/api/users')
      const [row] = list.body.data
      expect(row).not.toHaveProperty('email')
      expect(row).toMatchObject({ username: 'alice', phone: '•••• 0101', birthdate: '1990-••-••' })
      expect(leaks(list.body)).toEqual([])
      const one = await as(agent.token, `/api/users/${alice}`)
      expect(one.body.data).not.toHaveProperty('email')
      expect(one.body.data.phone).toBe('•••• 0101')
      expect(leaks(one.body)).toEqual([])
      // The super-admin reads it whole.
      expect((await as(superToken, `/api/users/${alice}`)).body.data.email).toBe('alice@example.com')
    })

    it('lists and shows orders without fees, the transaction number masked', async () => {
      const list = await as(agent.token, '/api/orders')
      const [row] = list.body.data
      expect(row).not.toHaveProperty('transaction_fee')
      expect(row.transaction_number).toBe('•••• 1234')
      expect(leaks(list.body)).toEqual([])
      const one = await as(agent.token, `/api/orders/${order}`)
      expect(one.body.data).not.toHaveProperty('settlement_fee')
      expect(leaks(one.body)).toEqual([])
    })

    it('sums no hidden field in the totals', async () => {
      const totals = await as(agent.token, '/api/orders/totals')
      expect(totals.status).toBe(200)
      expect(totals.body.data).toMatchObject({ count: 1, amount: '99.99' })
      expect(totals.body.data).not.toHaveProperty('transaction_fee')
      expect((await as(superToken, '/api/orders/totals')).body.data.transaction_fee).toBe('61.25')
    })

    it('refuses a sort or range by a hidden or masked field with 422 naming it, whatever would match', async () => {
      for (const query of ['sort=email', 'sort=-email']) {
        const res = await as(agent.token, `/api/users?${query}`)
        expect(res.status).toBe(422)
        expect(res.body.errors.sort[0]).toContain('email')
      }
      const superSorted = await as(superToken, '/api/users?sort=email')
      expect(superSorted.status).toBe(200)
    })

    it('does not match a keyword on a hidden field', async () => {
      for (const keyword of ['example.com', 'alice@', '0101']) {
        const mine = await as(agent.token, `/api/users?keyword=${encodeURIComponent(keyword)}`)
        expect(mine.status).toBe(200)
        expect(mine.body.data).toEqual([])
        const whole = await as(superToken, `/api/users?keyword=${encodeURIComponent(keyword)}`)
        expect(whole.body.data).toHaveLength(1)
      }
      // The username is still searched.
      expect((await as(agent.token, '/api/users?keyword=ali')).body.data).toHaveLength(1)
    })

    it('exports orders without the fee columns and with the number masked', async () => {
      const res = await fetch(`${t.url}/api/orders/exportCsv`, {
        headers: { authorization: `Bearer ${agent.token}` },
      })
      expect(res.status).toBe(200)
      const text = await res.text()
      const header = (text.replace(/^\ufeff/, '').split('\n')[0] ?? '').split(',')
      expect(header).not.toContain('transaction_fee')
      expect(header).not.toContain('reserve_fee')
      expect(header).toContain('transaction_number')
      expect(text).toContain('•••• 1234')
      expect(leaks(text)).toEqual([])
      const refused = await as(agent.token, '/api/orders/exportCsv?sort=transaction_number')
      expect(refused.status).toBe(422)
    })
  })

  describe('the audit trail', () => {
    it("shows a hidden field's old and new values as hidden and a masked one's masked, in history and audit logs", async () => {
      const changed = await as(superToken, `/api/users/${alice}`, 'PUT', {
        email: 'alice@example.org',
        phone: '+1 555 0202',
        last_name: 'Liddell',
      })
      expect(changed.status).toBe(200)
      const expected = {
        email: ['hidden', 'hidden'],
        phone: ['•••• 0101', '•••• 0202'],
        last_name: [null, 'Liddell'],
      }
      const history = await as(agent.token, `/api/users/${alice}/history`)
      expect(history.status).toBe(200)
      expect(history.body.data[0].changes).toMatchObject(expected)
      expect(leaks(history.body)).toEqual([])
      expect(JSON.stringify(history.body)).not.toContain('alice@example.org')
      const trail = await as(agent.token, `/api/audit-logs?resource=users&record_id=${alice}`)
      expect(trail.status).toBe(200)
      expect(trail.body.data[0].changes).toMatchObject(expected)
      expect(JSON.stringify(trail.body)).not.toContain('alice@example.org')
      expect(leaks(trail.body)).toEqual([])
      // The super-admin reads the entry whole.
      const whole = await as(superToken, `/api/users/${alice}/history`)
      expect(whole.body.data[0].changes.email).toEqual(['alice@example.com', 'alice@example.org'])
      // Put back for the other tests.
      await as(superToken, `/api/users/${alice}`, 'PUT', { email: 'alice@example.com', phone: '+1 555 0101' })
    })
  })

  describe('side doors', () => {
    it("lists a linked child (an admin's allocated members) under the members' rules", async () => {
      const holder = await t.createAdmin([])
      await t.db.insert(adminUsers).values({ adminId: holder.id, userId: alice })
      const mine = await as(agent.token, `/api/admins/${holder.id}/allocated-members`)
      expect(mine.status).toBe(200)
      expect(mine.body.data[0]).toMatchObject({ id: alice, username: 'alice' })
      expect(mine.body.data[0]).not.toHaveProperty('email')
      expect(leaks(mine.body)).toEqual([])
      const whole = await as(superToken, `/api/admins/${holder.id}/allocated-members`)
      expect(whole.body.data[0].email).toBe('alice@example.com')
    })

    it('answers the records it links as the caller may read them', async () => {
      const allocator = await t.createAdmin(['list-admins', 'edit-admins', 'list-users', 'all-channels'])
      const [held] = await t.db.select().from(adminRoles).where(eq(adminRoles.adminId, allocator.id))
      await setRules(held?.roleId as number, { users: { email: 'none' } })
      const holder = await t.createAdmin([])
      const linked = await as(allocator.token, `/api/admins/${holder.id}/allocated-members`, 'POST', {
        ids: [alice],
      })
      expect(linked.status).toBe(201)
      expect(linked.body.data[0]).toMatchObject({ id: alice, username: 'alice' })
      expect(linked.body.data[0]).not.toHaveProperty('email')
      expect(leaks(linked.body)).toEqual([])
    })

    it("follows a relation shown by name under its resource's rules: an order's member name", async () => {
      const finance = await t.createAdmin(['list-orders', 'list-users', 'all-channels'])
      const [held] = await t.db.select().from(adminRoles).where(eq(adminRoles.adminId, finance.id))
      await setRules(held?.roleId as number, { users: { username: 'none' } })
      const list = await as(finance.token, '/api/orders')
      expect(list.body.data[0]).toMatchObject({ order_no: 'ORD-1', user_id: alice })
      expect(list.body.data[0]).not.toHaveProperty('username')
      expect((await as(finance.token, `/api/orders/${order}`)).body.data).not.toHaveProperty('username')
      expect((await as(superToken, `/api/orders/${order}`)).body.data.username).toBe('alice')
    })

    it('finds no member by a hidden e-mail in the search box, and shows no e-mail beside one found', async () => {
      const byMail = await as(agent.token, `/api/search?q=${encodeURIComponent('alice@ex')}`)
      expect(byMail.status).toBe(200)
      expect(byMail.body.data.find((group: { kind: string }) => group.kind === 'users')).toBeUndefined()
      const whole = await as(superToken, `/api/search?q=${encodeURIComponent('alice@ex')}`)
      expect(whole.body.data.find((group: { kind: string }) => group.kind === 'users').records).toHaveLength(
        1,
      )
      const byName = await as(agent.token, '/api/search?q=alice')
      const [hit] = byName.body.data.find((group: { kind: string }) => group.kind === 'users').records
      expect(hit).toMatchObject({ id: alice, label: 'alice', detail: null })
      expect(leaks(byName.body)).toEqual([])
      // A masked transaction number is not searched, and shown masked.
      const byNumber = await as(agent.token, '/api/search?q=TX-AAA')
      expect(byNumber.body.data.find((group: { kind: string }) => group.kind === 'orders')).toBeUndefined()
      const byOrder = await as(agent.token, '/api/search?q=ORD-1')
      const [order] = byOrder.body.data.find((group: { kind: string }) => group.kind === 'orders').records
      expect(order.detail).toBe('•••• 1234')
    })

    it('picks no bulk rows by a hidden field: its keyword matches nothing, its sort or filter is 422', async () => {
      const byMail = await as(agent.token, '/api/users/bulk/disable?keyword=example.com', 'POST', { all: 1 })
      expect(byMail.status).toBe(200)
      expect(byMail.body.meta).toEqual({ done: 0, refused: 0 })
      const sorted = await as(agent.token, '/api/users/bulk/disable?sort=email', 'POST', { all: 1 })
      expect(sorted.status).toBe(422)
      expect(sorted.body.errors.sort[0]).toContain('email')
      const [stored] = await t.db.select().from(users).where(eq(users.id, alice))
      expect(stored?.status).toBe('enabled')
    })
  })

  describe('412 answers', () => {
    it('shows the other change as the caller may read it', async () => {
      const seen = (await as(agent.token, `/api/users/${alice}`)).body.data.version
      await as(superToken, `/api/users/${alice}`, 'PUT', { last_name: 'Other' })
      const stale = await t.request(`/api/users/${alice}`, {
        method: 'PUT',
        token: agent.token,
        body: { first_name: 'Mine' },
        headers: { 'if-match': `"${seen}"` },
      })
      expect(stale.status).toBe(412)
      expect(stale.body.data).toMatchObject({ last_name: 'Other', phone: '•••• 0101' })
      expect(stale.body.data).not.toHaveProperty('email')
      expect(leaks(stale.body)).toEqual([])
    })
  })

  describe('imports', () => {
    it('refuses a row giving a field below write with 403 naming it; no error row speaks of it', async () => {
      const taken = await as(agent.token, '/api/users/batch-create', 'POST', {
        rows: [{ username: 'newbie' }, { username: 'copycat', email: 'alice@example.com' }],
      })
      expect(taken.status).toBe(403)
      expect(taken.body.message).toContain('email')
      expect(taken.body).not.toHaveProperty('errors')
      expect(await t.db.select().from(users).where(eq(users.username, 'newbie'))).toEqual([])
      // Rows of writable fields import.
      const ok = await as(agent.token, '/api/users/batch-create', 'POST', { rows: [{ username: 'newbie' }] })
      expect(ok.status).toBe(201)
    })
  })

  describe('undo notices', () => {
    it('names a deleted record by id once its name is a field the caller may not read', async () => {
      const [tag] = await t.db
        .insert(tags)
        .values({ name: 'Secret genre', type: 'genre' })
        .returning({ id: tags.id })
      const deleter = await t.createAdmin(['list-tags', 'delete-tags'])
      const [held] = await t.db.select().from(adminRoles).where(eq(adminRoles.adminId, deleter.id))
      expect((await as(deleter.token, `/api/tags/${tag?.id}`, 'DELETE')).status).toBe(204)
      const before = await as(deleter.token, '/api/deletions')
      expect(before.body.data[0].labels).toEqual(['Secret genre'])
      await setRules(held?.roleId as number, { tags: { name: 'none' } })
      const after = await as(deleter.token, '/api/deletions')
      expect(after.body.data[0].labels).toEqual([`#${tag?.id}`])
      expect(JSON.stringify(after.body)).not.toContain('Secret genre')
      // The undo answers the record as the caller may read it.
      const undone = await as(deleter.token, `/api/tags/${tag?.id}/restore`, 'POST')
      expect(undone.status).toBe(200)
      expect(undone.body.data).not.toHaveProperty('name')
    })
  })

  describe('writes', () => {
    it('refuses a write of a field below write with 403 naming it, nothing written', async () => {
      const res = await as(agent.token, `/api/users/${alice}`, 'PUT', { email: 'new@example.net' })
      expect(res.status).toBe(403)
      expect(res.body.message).toContain('email')
      const [stored] = await t.db.select().from(users).where(eq(users.id, alice))
      expect(stored?.email).toBe('alice@example.com')
      // A field it may write answers the record as it may read it.
      const ok = await as(agent.token, `/api/users/${alice}`, 'PUT', { first_name: 'Alice' })
      expect(ok.status).toBe(200)
      expect(ok.body.data).not.toHaveProperty('email')
      expect(leaks(ok.body)).toEqual([])
    })
  })

  it('narrows an open session at its next request', async () => {
    const reader = await t.createAdmin(['list-users', 'all-channels'])
    expect((await as(reader.token, `/api/users/${alice}`)).body.data.email).toBe('alice@example.com')
    const [held] = await t.db.select().from(adminRoles).where(eq(adminRoles.adminId, reader.id))
    await setRules(held?.roleId as number, { users: { email: 'none' } })
    const after = await as(reader.token, `/api/users/${alice}`)
    expect(after.status).toBe(200)
    expect(after.body.data).not.toHaveProperty('email')
  })
})
