import { permissionEntries, SUPER_ADMIN_ROLE } from '@vod/contract'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminRoles, auditLogs, roles } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

describeEachEngine('roles', (engine) => {
  let t: TestApp
  let token: string
  let superRoleId: number
  const api = (path: string, options: Parameters<TestApp['request']>[1] = {}) =>
    t.request(path, { token, ...options })
  const createRole = (name: string, permissions: string[]) =>
    api('/api/roles', { method: 'POST', body: { name, permissions } })

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
    const [role] = await t.db.select().from(roles).where(eq(roles.name, SUPER_ADMIN_ROLE))
    superRoleId = role?.id as number
  })
  afterAll(() => t?.close())

  it('GET /api/permissions answers the whole catalogue with ids and groups', async () => {
    const res = await api('/api/permissions')
    expect(res.status).toBe(200)
    expect(res.body.data).toHaveLength(permissionEntries.length)
    expect(new Set(res.body.data.map((p: { name: string }) => p.name))).toEqual(
      new Set(permissionEntries.map((p) => p.name)),
    )
    expect(res.body.data).toContainEqual({
      id: expect.any(Number),
      name: 'reset-qrcode-admins',
      group: 'admins',
    })
  })

  describe('CRUD', () => {
    it('creates, shows, updates in part and deletes a role', async () => {
      const created = await createRole('Editors', ['list-tags', 'edit-tags', 'list-tags'])
      expect(created.status).toBe(201)
      expect(created.body.data).toEqual({
        version: expect.any(String),
        id: expect.any(Number),
        name: 'Editors',
        permissions: ['edit-tags', 'list-tags'],
        field_rules: {},
        admins: [],
        created_at: expect.any(String),
        updated_at: expect.any(String),
      })
      const id = created.body.data.id
      expect((await api(`/api/roles/${id}`)).body).toEqual(created.body)

      const renamed = await api(`/api/roles/${id}`, { method: 'PUT', body: { name: 'Tag editors' } })
      expect(renamed.body.data).toMatchObject({
        name: 'Tag editors',
        permissions: ['edit-tags', 'list-tags'],
      })
      const regranted = await api(`/api/roles/${id}`, {
        method: 'PUT',
        body: { permissions: ['create-tags'] },
      })
      expect(regranted.body.data).toMatchObject({ name: 'Tag editors', permissions: ['create-tags'] })

      expect((await api(`/api/roles/${id}`, { method: 'DELETE' })).status).toBe(204)
      expect((await api(`/api/roles/${id}`)).status).toBe(404)
    })

    it('lists roles with permissions and admins, by keyword and sort', async () => {
      await createRole('Support desk', ['list-tags'])
      await createRole('Support leads', [])
      const res = await api('/api/roles?keyword=support&sort=-name')
      expect(res.body.data.map((r: { name: string }) => r.name)).toEqual(['Support leads', 'Support desk'])
      expect(res.body.meta.total).toBe(2)
      const all = await api('/api/roles')
      const superRole = all.body.data.find((r: { name: string }) => r.name === SUPER_ADMIN_ROLE)
      expect(superRole.permissions).toHaveLength(permissionEntries.length)
      expect(superRole.admins).toContainEqual({
        id: expect.any(Number),
        username: 'admin',
        name: 'Administrator',
      })
      expect((await api('/api/roles?sort=permissions')).status).toBe(422)
    })

    it('refuses unknown permissions and duplicate names with 422, writing nothing', async () => {
      const unknown = await createRole('Ghosts', ['list-tags', 'haunt-houses'])
      expect(unknown.status).toBe(422)
      expect(unknown.body).toEqual({
        message: 'Unknown permissions: haunt-houses.',
        errors: { permissions: ['Unknown permissions: haunt-houses.'] },
      })
      expect((await api('/api/roles?keyword=Ghosts')).body.meta.total).toBe(0)
      await createRole('Unique role', [])
      const dup = await createRole('Unique role', [])
      expect(dup.status).toBe(422)
      expect(dup.body.errors).toEqual({ name: ['The name has already been taken.'] })
      expect((await api('/api/roles', { method: 'POST', body: { name: '' } })).body.errors).toEqual({
        name: ['The name field is required.'],
        permissions: ['The permissions field is required.'],
      })
    })

    it('refuses to delete a role some admin holds, saying how many (409)', async () => {
      const role = (await createRole('Held role', ['list-tags'])).body.data
      const a = await t.createAdmin([])
      const b = await t.createAdmin([])
      await api(`/api/roles/${role.id}/assign`, { method: 'POST', body: { admin_ids: [a.id, b.id] } })
      const res = await api(`/api/roles/${role.id}`, { method: 'DELETE' })
      expect(res.status).toBe(409)
      expect(res.body).toEqual({ message: 'This role is held by 2 admin(s); take it from them first.' })
      const zh = await api(`/api/roles/${role.id}`, {
        method: 'DELETE',
        headers: { 'accept-language': 'zh-CN' },
      })
      expect(zh.body.message).toBe('该角色仍被 2 个管理员使用，请先取消分配。')
      await api(`/api/roles/${role.id}/assign`, { method: 'POST', body: { admin_ids: [] } })
      expect((await api(`/api/roles/${role.id}`, { method: 'DELETE' })).status).toBe(204)
    })

    it('keeps the super-admin role whole: no delete, rename or strip (409); a no-op update is fine', async () => {
      const message = 'The super-admin role cannot be deleted, renamed or stripped of permissions.'
      for (const res of [
        await api(`/api/roles/${superRoleId}`, { method: 'DELETE' }),
        await api(`/api/roles/${superRoleId}`, { method: 'PUT', body: { name: 'root' } }),
        await api(`/api/roles/${superRoleId}`, { method: 'PUT', body: { permissions: ['list-tags'] } }),
      ]) {
        expect(res.status).toBe(409)
        expect(res.body.message).toBe(message)
      }
      const same = await api(`/api/roles/${superRoleId}`, {
        method: 'PUT',
        body: { name: SUPER_ADMIN_ROLE, permissions: permissionEntries.map((p) => p.name) },
      })
      expect(same.status).toBe(200)
      expect(same.body.data.permissions).toHaveLength(permissionEntries.length)
    })
  })

  describe('assign and effect', () => {
    it("replaces the holders, ends the sessions of admins who gained or lost it, and no one else's", async () => {
      const role = (await createRole('Assigned', ['list-tags'])).body.data
      const keeps = await t.createAdmin([])
      const loses = await t.createAdmin([])
      const gains = await t.createAdmin([])
      await api(`/api/roles/${role.id}/assign`, { method: 'POST', body: { admin_ids: [keeps.id, loses.id] } })
      const keepsToken = await t.login(keeps.username, keeps.password)
      const losesToken = await t.login(loses.username, loses.password)

      const res = await api(`/api/roles/${role.id}/assign`, {
        method: 'POST',
        body: { admin_ids: [gains.id, keeps.id, gains.id] },
      })
      expect(res.status).toBe(200)
      expect(res.body.data.admins.map((a: { id: number }) => a.id)).toEqual(
        [keeps.id, gains.id].sort((x, y) => x - y),
      )
      expect((await t.request('/api/tags', { token: keepsToken })).status).toBe(200)
      expect((await t.request('/api/auth/me', { token: losesToken })).status).toBe(401)
      expect((await t.request('/api/auth/me', { token: gains.token })).status).toBe(401)
      const fresh = await t.login(gains.username, gains.password)
      expect((await t.request('/api/tags', { token: fresh })).status).toBe(200)
    })

    it('writes an assign entry to the audit trail only when the holders change', async () => {
      const role = (await createRole('Audited holders', [])).body.data
      const a = await t.createAdmin([])
      const entries = async () =>
        (
          await t.db
            .select()
            .from(auditLogs)
            .where(
              and(
                eq(auditLogs.resource, 'roles'),
                eq(auditLogs.recordId, role.id),
                eq(auditLogs.action, 'assign'),
              ),
            )
        ).length
      await api(`/api/roles/${role.id}/assign`, { method: 'POST', body: { admin_ids: [a.id] } })
      expect(await entries()).toBe(1)
      // The role form saves the holders each time, changed or not.
      const same = await api(`/api/roles/${role.id}/assign`, { method: 'POST', body: { admin_ids: [a.id] } })
      expect(same.status).toBe(200)
      expect(await entries()).toBe(1)
    })

    it('refuses an unknown admin id with 422 and changes nothing', async () => {
      const role = (await createRole('Strict', [])).body.data
      const a = await t.createAdmin([])
      await api(`/api/roles/${role.id}/assign`, { method: 'POST', body: { admin_ids: [a.id] } })
      const res = await api(`/api/roles/${role.id}/assign`, {
        method: 'POST',
        body: { admin_ids: [a.id, 999999] },
      })
      expect(res.status).toBe(422)
      expect(res.body.errors.admin_ids).toEqual(['The admins field names records that do not exist: 999999.'])
      const holders = await t.db.select().from(adminRoles).where(eq(adminRoles.roleId, role.id))
      expect(holders.map((h) => h.adminId)).toEqual([a.id])
      expect(
        (await api('/api/roles/999999/assign', { method: 'POST', body: { admin_ids: [] } })).status,
      ).toBe(404)
      expect(
        (await api(`/api/roles/${role.id}/assign`, { method: 'POST', body: { admin_ids: ['x'] } })).status,
      ).toBe(422)
    })

    it('will not leave the super-admin role without an enabled holder: nobody takes it from themself', async () => {
      const res = await api(`/api/roles/${superRoleId}/assign`, { method: 'POST', body: { admin_ids: [] } })
      expect(res.status).toBe(403)
      expect(res.body.message).toBe('You cannot change your own roles.')
      // Keeping it yourself while others lose it keeps the session doing it.
      const me = (await api('/api/auth/me')).body.data
      const ok = await api(`/api/roles/${superRoleId}/assign`, {
        method: 'POST',
        body: { admin_ids: [me.id] },
      })
      expect(ok.status).toBe(200)
      expect((await api('/api/auth/me')).status).toBe(200)
    })

    it("a change to a role's permissions counts on its holders' next request, without a new login", async () => {
      const role = (await createRole('Readers', ['list-tags'])).body.data
      const reader = await t.createAdmin([])
      await api(`/api/roles/${role.id}/assign`, { method: 'POST', body: { admin_ids: [reader.id] } })
      const own = await t.login(reader.username, reader.password)
      expect((await t.request('/api/tags', { token: own })).status).toBe(200)
      expect((await t.request('/api/roles', { token: own })).status).toBe(403)

      await api(`/api/roles/${role.id}`, { method: 'PUT', body: { permissions: ['list-roles'] } })
      expect((await t.request('/api/tags', { token: own })).status).toBe(403)
      expect((await t.request('/api/roles', { token: own })).status).toBe(200)
      expect((await t.request('/api/auth/me', { token: own })).body.data.permissions).toEqual(['list-roles'])
    })
  })
})
