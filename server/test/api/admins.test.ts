import { SUPER_ADMIN_ROLE } from '@vod/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admins, adminUsers, roles, sessions, users } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { SUPER_USERNAME, startTestApp, type TestApp } from '../support/harness.ts'

describeEachEngine('admins', (engine) => {
  let t: TestApp
  let token: string
  let superRoleId: number
  let superId: number
  const api = (path: string, options: Parameters<TestApp['request']>[1] = {}) =>
    t.request(path, { token, ...options })
  const create = (body: Record<string, unknown>) => api('/api/admins', { method: 'POST', body })
  let serial = 0
  const fresh = (extra: Record<string, unknown> = {}) =>
    create({ username: `staff${++serial}`, password: 'passw0rd', name: `Staff ${serial}`, ...extra })

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
    const [role] = await t.db.select().from(roles).where(eq(roles.name, SUPER_ADMIN_ROLE))
    const [me] = await t.db.select().from(admins).where(eq(admins.username, SUPER_USERNAME))
    superRoleId = role?.id as number
    superId = me?.id as number
  })
  afterAll(() => t?.close())

  describe('create and show', () => {
    it('creates an admin with roles and shows it in the contract shape, never with its password', async () => {
      const res = await create({
        username: 'editor.jane',
        password: 'passw0rd',
        name: ' Jane Editor ',
        phone: '+1 555 0100',
        email: 'jane@example.com',
        role_ids: [superRoleId],
      })
      expect(res.status).toBe(201)
      expect(res.body.data).toEqual({
        version: expect.any(String),
        id: expect.any(Number),
        username: 'editor.jane',
        name: 'Jane Editor',
        phone: '+1 555 0100',
        email: 'jane@example.com',
        status: 'enabled',
        role_ids: [superRoleId],
        roles: [{ id: superRoleId, name: SUPER_ADMIN_ROLE }],
        allocated_members: 0,
        two_factor_bound: 0,
        created_at: expect.stringMatching(/Z$/),
        updated_at: expect.stringMatching(/Z$/),
      })
      const shown = await api(`/api/admins/${res.body.data.id}`)
      expect(shown.body).toEqual(res.body)
      expect(JSON.stringify(shown.body)).not.toMatch(/passw0rd|argon2/)
      expect(await t.login('editor.jane', 'passw0rd')).toBeTruthy()
    })

    it('answers the password rule of spec section 5, in English and Chinese', async () => {
      const cases = [
        ['abcdefgh', 'Your password does not contain any number.'],
        ['12345678', 'Your password does not contain any letter.'],
        ['!!!!!!!!', 'Please make sure your password contains at least one number and one letter.'],
        ['', 'Please input the password.'],
        ['abc1', 'The password field must be at least 8 characters.'],
      ]
      for (const [password, message] of cases) {
        const res = await create({ username: 'weak', password, name: 'Weak' })
        expect(res.status, password).toBe(422)
        expect(res.body.errors.password, password).toEqual([message])
      }
      const zh = await api('/api/admins', {
        method: 'POST',
        body: { username: 'weak', password: 'abcdefgh', name: 'Weak' },
        headers: { 'accept-language': 'zh-CN' },
      })
      expect(zh.body.errors.password).toEqual(['密码中没有包含任何数字。'])
      expect((await api('/api/admins?keyword=weak')).body.data).toEqual([])
    })

    it('refuses a duplicate username, an unknown role and bad fields with 422, writing nothing', async () => {
      await fresh({ username: 'taken' })
      const dup = await create({ username: 'taken', password: 'passw0rd', name: 'Again' })
      expect(dup.status).toBe(422)
      expect(dup.body.errors).toEqual({ username: ['The username has already been taken.'] })
      // In any letter case, on create and on rename.
      const upper = await create({ username: 'TaKen', password: 'passw0rd', name: 'Again' })
      expect(upper.status).toBe(422)
      expect(upper.body.errors).toEqual({ username: ['The username has already been taken.'] })
      const other = (await fresh()).body.data
      const renamed = await api(`/api/admins/${other.id}`, { method: 'PUT', body: { username: 'TAKEN' } })
      expect(renamed.status).toBe(422)
      expect(renamed.body.errors).toEqual({ username: ['The username has already been taken.'] })

      const role = await create({
        username: 'ghost',
        password: 'passw0rd',
        name: 'G',
        role_ids: [superRoleId, 999999],
      })
      expect(role.status).toBe(422)
      expect(role.body.errors.role_ids).toEqual(['The roles field names records that do not exist: 999999.'])
      expect((await api('/api/admins?keyword=ghost')).body.meta.total).toBe(0)

      const bad = await create({
        username: 'a b',
        password: 'passw0rd',
        name: '',
        email: 'nope',
        status: 'gone',
      })
      expect(bad.status).toBe(422)
      expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'name', 'status', 'username'])
    })

    it('404 for an unknown or non-numeric id', async () => {
      expect((await api('/api/admins/999999')).status).toBe(404)
      expect((await api('/api/admins/abc')).status).toBe(404)
      expect((await api('/api/admins/999999', { method: 'PUT', body: { name: 'x' } })).status).toBe(404)
    })
  })

  describe('list', () => {
    it('filters by status, keyword and creation day, sorts, and pages', async () => {
      const a = (await fresh({ username: 'list.alpha', name: 'Zed Alpha', phone: '700-111' })).body.data
      const b = (await fresh({ username: 'list.beta', name: 'Amy Beta', email: 'beta@list.example' })).body
        .data
      await api(`/api/admins/${b.id}/disable`, { method: 'POST' })

      const byKeyword = await api('/api/admins?keyword=list.&sort=name')
      expect(byKeyword.body.data.map((x: { id: number }) => x.id)).toEqual([b.id, a.id])
      expect((await api('/api/admins?keyword=700-1')).body.data.map((x: { id: number }) => x.id)).toEqual([
        a.id,
      ])
      expect(
        (await api('/api/admins?keyword=LIST.EXAMPLE')).body.data.map((x: { id: number }) => x.id),
      ).toEqual([b.id])
      const disabled = await api('/api/admins?status=disabled&keyword=list.')
      expect(disabled.body.data.map((x: { id: number }) => x.id)).toEqual([b.id])
      expect(disabled.body.data[0].status).toBe('disabled')

      const today = new Date().toISOString().slice(0, 10)
      expect((await api(`/api/admins?created_at_from=${today}&keyword=list.`)).body.meta.total).toBe(2)
      expect((await api('/api/admins?created_at_to=2000-01-01')).body.meta.total).toBe(0)

      const page = await api('/api/admins?per_page=1&page=2&sort=-id')
      expect(page.body.meta).toMatchObject({ current_page: 2, per_page: 1 })
      expect(page.body.data).toHaveLength(1)
      expect(page.body.data[0]).toHaveProperty('roles')

      expect((await api('/api/admins?sort=password')).status).toBe(422)
      expect((await api('/api/admins?status=sleeping')).status).toBe(422)
    })

    it('counts allocated members and lists them', async () => {
      const admin = (await fresh()).body.data
      const made = await t.db
        .insert(users)
        .values([
          { username: 'member.one', email: 'one@example.com' },
          { username: 'member.two', email: null },
          { username: 'member.three', email: 'three@example.com' },
        ])
        .returning({ id: users.id })
      await t.db.insert(adminUsers).values(
        made.map((u, i) => ({
          adminId: admin.id,
          userId: u.id,
          assignedAt: new Date(Date.UTC(2026, 0, i + 1)),
        })),
      )
      expect((await api(`/api/admins/${admin.id}`)).body.data.allocated_members).toBe(3)

      const res = await api(`/api/admins/${admin.id}/allocated-members?per_page=2`)
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        data: [
          {
            id: made[2]?.id,
            username: 'member.three',
            email: 'three@example.com',
            assigned_at: '2026-01-03T00:00:00.000Z',
          },
          { id: made[1]?.id, username: 'member.two', email: null, assigned_at: '2026-01-02T00:00:00.000Z' },
        ],
        meta: { current_page: 1, per_page: 2, total: 3, last_page: 2 },
      })
      const oldest = await api(`/api/admins/${admin.id}/allocated-members?sort=assigned_at&per_page=1`)
      expect(oldest.body.data[0].username).toBe('member.one')
      expect((await api('/api/admins/999999/allocated-members')).status).toBe(404)
      expect((await api(`/api/admins/${admin.id}/allocated-members?page=0`)).status).toBe(422)
    })

    it('allocates members and removes them, behind edit-admins', async () => {
      const admin = (await fresh()).body.data
      const base = `/api/admins/${admin.id}/allocated-members`
      const made = await t.db
        .insert(users)
        .values([{ username: 'alloc.one', email: 'one@alloc.test' }, { username: 'alloc.two' }])
        .returning({ id: users.id })
      const [one, two] = made.map((u) => u.id) as [number, number]
      const allocated = async () => ({
        count: (await api(`/api/admins/${admin.id}`)).body.data.allocated_members,
        usernames: (await api(`${base}?sort=id`)).body.data.map((m: { username: string }) => m.username),
      })

      const added = await api(base, { method: 'POST', body: { ids: [two, one] } })
      expect(added.status).toBe(201)
      expect(added.body.data).toEqual([
        { id: one, username: 'alloc.one', email: 'one@alloc.test', assigned_at: expect.stringMatching(/Z$/) },
        { id: two, username: 'alloc.two', email: null, assigned_at: expect.stringMatching(/Z$/) },
      ])
      expect(await allocated()).toEqual({ count: 2, usernames: ['alloc.one', 'alloc.two'] })
      // One allocated already stays as it is.
      const again = await api(base, { method: 'POST', body: { ids: [one] } })
      expect(again.status).toBe(201)
      expect(again.body.data).toEqual([])

      const unknown = await api(base, { method: 'POST', body: { ids: [one, 999999] } })
      expect(unknown.status).toBe(422)
      expect(unknown.body).toEqual({
        message: expect.stringContaining('999999'),
        errors: { ids: [expect.stringContaining('999999')] },
      })
      expect((await api(base, { method: 'POST', body: { ids: [] } })).status).toBe(422)

      // Reading them needs list-admins; allocating and removing, edit-admins.
      const reader = await t.createAdmin(['list-admins', 'list-users'])
      const asReader = (path: string, method: string, body?: unknown) =>
        t.request(path, { method, token: reader.token, body })
      expect((await asReader(base, 'GET')).status).toBe(200)
      const refused = await asReader(base, 'POST', { ids: [one] })
      expect(refused.status).toBe(403)
      expect(refused.body).toEqual({ message: expect.any(String) })
      expect((await asReader(`${base}/${one}`, 'DELETE')).status).toBe(403)
      expect(await allocated()).toEqual({ count: 2, usernames: ['alloc.one', 'alloc.two'] })

      // An admin with members is not deleted (they would lose their admin silently).
      expect((await api(`/api/admins/${admin.id}`, { method: 'DELETE' })).status).toBe(409)

      expect((await api(`${base}/${one}`, { method: 'DELETE' })).status).toBe(204)
      expect(await allocated()).toEqual({ count: 1, usernames: ['alloc.two'] })
      expect((await api(`${base}/${one}`, { method: 'DELETE' })).status).toBe(404)
      // The member itself stays.
      expect((await api(`/api/users/${one}`)).status).toBe(200)
    })
  })

  describe('update', () => {
    it('changes only the fields given; a name change keeps the sessions', async () => {
      const created = (await fresh({ phone: '123', email: 'keep@example.com' })).body.data
      const own = await t.login(created.username, 'passw0rd')
      const res = await api(`/api/admins/${created.id}`, {
        method: 'PUT',
        body: { name: 'Renamed', phone: null },
      })
      expect(res.status).toBe(200)
      expect(res.body.data).toMatchObject({
        name: 'Renamed',
        phone: null,
        email: 'keep@example.com',
        username: created.username,
      })
      expect((await t.request('/api/auth/me', { token: own })).status).toBe(200)
    })

    it("a new password ends that admin's sessions; the new one logs in, the old one does not", async () => {
      const created = (await fresh()).body.data
      const own = await t.login(created.username, 'passw0rd')
      const res = await api(`/api/admins/${created.id}`, { method: 'PUT', body: { password: 'n3wpassword' } })
      expect(res.status).toBe(200)
      expect((await t.request('/api/auth/me', { token: own })).status).toBe(401)
      await expect(t.login(created.username, 'passw0rd')).rejects.toThrow(/422/)
      expect(await t.login(created.username, 'n3wpassword')).toBeTruthy()
      const weak = await api(`/api/admins/${created.id}`, { method: 'PUT', body: { password: 'nodigits' } })
      expect(weak.body.errors.password).toEqual(['Your password does not contain any number.'])
    })

    it('a changed role set ends the sessions; the same set does not', async () => {
      const role = (
        await api('/api/roles', { method: 'POST', body: { name: 'Tag readers', permissions: ['list-tags'] } })
      ).body.data
      const created = (await fresh({ role_ids: [role.id] })).body.data
      const own = await t.login(created.username, 'passw0rd')
      await api(`/api/admins/${created.id}`, { method: 'PUT', body: { role_ids: [role.id] } })
      expect((await t.request('/api/tags', { token: own })).status).toBe(200)

      const res = await api(`/api/admins/${created.id}`, { method: 'PUT', body: { role_ids: [] } })
      expect(res.body.data.roles).toEqual([])
      expect((await t.request('/api/tags', { token: own })).status).toBe(401)
      const [row] = await t.db.select().from(sessions).where(eq(sessions.adminId, created.id))
      expect(row?.revokedAt).not.toBeNull()
    })

    it('editing yourself keeps the session doing it', async () => {
      const other = await t.login(SUPER_USERNAME, 'secret123')
      const res = await api(`/api/admins/${superId}`, { method: 'PUT', body: { password: 'secret123' } })
      expect(res.status).toBe(200)
      expect((await api('/api/auth/me')).status).toBe(200)
      expect((await t.request('/api/auth/me', { token: other })).status).toBe(401)
    })
  })

  describe('enable, disable, delete', () => {
    it('disabling ends the sessions at once and blocks login; enabling lets it back; repeats are 409', async () => {
      const created = (await fresh()).body.data
      const own = await t.login(created.username, 'passw0rd')
      const off = await api(`/api/admins/${created.id}/disable`, { method: 'POST' })
      expect(off.status).toBe(200)
      expect(off.body.data.status).toBe('disabled')
      expect((await t.request('/api/auth/me', { token: own })).status).toBe(401)
      await expect(t.login(created.username, 'passw0rd')).rejects.toThrow(/422/)
      const again = await api(`/api/admins/${created.id}/disable`, { method: 'POST' })
      expect(again.status).toBe(409)
      expect(again.body).toEqual({ message: 'This admin is already disabled.' })

      const on = await api(`/api/admins/${created.id}/enable`, { method: 'POST' })
      expect(on.body.data.status).toBe('enabled')
      // The old token stays dead; a new login works.
      expect((await t.request('/api/auth/me', { token: own })).status).toBe(401)
      expect(await t.login(created.username, 'passw0rd')).toBeTruthy()
      expect((await api(`/api/admins/${created.id}/enable`, { method: 'POST' })).status).toBe(409)
      expect((await api('/api/admins/999999/enable', { method: 'POST' })).status).toBe(404)
    })

    it('nobody deletes or disables themself (409)', async () => {
      const del = await api(`/api/admins/${superId}`, { method: 'DELETE' })
      expect(del.status).toBe(409)
      expect(del.body.message).toBe('You cannot delete your own account.')
      const off = await api(`/api/admins/${superId}/disable`, { method: 'POST' })
      expect(off.status).toBe(409)
      expect(off.body.message).toBe('You cannot disable your own account.')
      expect(
        (await api(`/api/admins/${superId}`, { method: 'PUT', body: { status: 'disabled' } })).status,
      ).toBe(409)
      expect((await api(`/api/admins/${superId}`)).body.data.status).toBe('enabled')
    })

    it('keeps one enabled super-admin: nobody but a super-admin touches one, and the last one stays', async () => {
      // Make this app's super-admins exactly one: the bootstrap admin.
      await api(`/api/roles/${superRoleId}/assign`, { method: 'POST', body: { admin_ids: [superId] } })
      token = await t.login(SUPER_USERNAME, 'secret123')
      const keeper = await t.createAdmin(['delete-admins', 'disable-admins', 'edit-admins'])
      const as = (path: string, method: string, body?: unknown, by = keeper.token) =>
        t.request(path, { method, token: by, body })

      for (const res of [
        await as(`/api/admins/${superId}`, 'DELETE'),
        await as(`/api/admins/${superId}/disable`, 'POST'),
        await as(`/api/admins/${superId}`, 'PUT', { role_ids: [] }),
      ]) {
        expect(res.status).toBe(403)
        expect(res.body.message).toBe('Only a super-admin can change a super-admin.')
      }
      // The last one itself may not take itself out either.
      expect((await api(`/api/admins/${superId}`, { method: 'DELETE' })).status).toBe(409)
      expect((await api(`/api/admins/${superId}/disable`, { method: 'POST' })).status).toBe(409)
      expect((await api(`/api/admins/${superId}`, { method: 'PUT', body: { role_ids: [] } })).status).toBe(
        403,
      )
      expect((await api(`/api/admins/${superId}`)).body.data).toMatchObject({
        status: 'enabled',
        roles: [{ id: superRoleId }],
      })

      // Two super-admins disabling each other at once: one wins, the other is refused (its session ended
      // first, 401, or the last-one rule, 409); an enabled super-admin remains.
      const second = (await fresh({ role_ids: [superRoleId] })).body.data
      const secondToken = await t.login(second.username, 'passw0rd')
      const answers = await Promise.all([
        as(`/api/admins/${second.id}/disable`, 'POST', undefined, token),
        as(`/api/admins/${superId}/disable`, 'POST', undefined, secondToken),
      ])
      const statuses = answers.map((a) => a.status).sort()
      expect(statuses[0]).toBe(200)
      expect([401, 409]).toContain(statuses[1])
      const enabled = (await t.db.select().from(admins)).filter(
        (a) => [superId, second.id].includes(a.id) && a.status === 'enabled',
      )
      expect(enabled).toHaveLength(1)
      if (enabled[0]?.id !== superId) {
        await as(`/api/admins/${superId}/enable`, 'POST', undefined, secondToken)
        token = await t.login(SUPER_USERNAME, 'secret123')
      }
    })

    it('will not delete an admin that still has allocated members, saying how many (409)', async () => {
      const admin = (await fresh()).body.data
      const made = await t.db
        .insert(users)
        .values([{ username: 'kept.one' }, { username: 'kept.two' }])
        .returning({ id: users.id })
      await t.db.insert(adminUsers).values(made.map((u) => ({ adminId: admin.id, userId: u.id })))
      const res = await api(`/api/admins/${admin.id}`, { method: 'DELETE' })
      expect(res.status).toBe(409)
      expect(res.body).toEqual({
        message: 'This admin still has 2 allocated member(s); reassign them first.',
      })
      const zh = await api(`/api/admins/${admin.id}`, {
        method: 'DELETE',
        headers: { 'accept-language': 'zh-CN' },
      })
      expect(zh.body.message).toBe('该管理员仍分配有 2 个会员，请先将其转给其他管理员。')
      expect(await t.db.select().from(adminUsers).where(eq(adminUsers.adminId, admin.id))).toHaveLength(2)

      await t.db.delete(adminUsers).where(eq(adminUsers.adminId, admin.id))
      expect((await api(`/api/admins/${admin.id}`, { method: 'DELETE' })).status).toBe(204)
    })

    it('deleting an admin ends its sessions with it', async () => {
      const created = (await fresh()).body.data
      const own = await t.login(created.username, 'passw0rd')
      expect((await api(`/api/admins/${created.id}`, { method: 'DELETE' })).status).toBe(204)
      expect((await t.request('/api/auth/me', { token: own })).status).toBe(401)
    })
  })

  describe('resetQRCode', () => {
    it('clears the binding and ends the sessions; 409 when nothing is bound', async () => {
      const created = (await fresh()).body.data
      const own = await t.login(created.username, 'passw0rd')
      const none = await api(`/api/admins/${created.id}/resetQRCode`, { method: 'POST' })
      expect(none.status).toBe(409)
      expect(none.body.message).toBe('This admin has no authenticator bound.')

      await t.db.update(admins).set({ twoFactorSecret: 'v1.sealed' }).where(eq(admins.id, created.id))
      expect((await api(`/api/admins/${created.id}`)).body.data.two_factor_bound).toBe(1)
      const res = await api(`/api/admins/${created.id}/resetQRCode`, { method: 'POST' })
      expect(res.status).toBe(200)
      expect(res.body.data.two_factor_bound).toBe(0)
      expect((await t.request('/api/auth/me', { token: own })).status).toBe(401)
      const [row] = await t.db.select().from(admins).where(eq(admins.id, created.id))
      expect(row?.twoFactorSecret).toBeNull()
    })
  })
})
