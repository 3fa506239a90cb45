import { SUPER_ADMIN_ROLE } from '@vod/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminRoles, admins, roles } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestAdmin, type TestApp } from '../support/harness.ts'

/** No privilege escalation: an admin hands out only what it holds itself (auth/grants.ts). */
describeEachEngine('grants', (engine) => {
  let t: TestApp
  let superToken: string
  let superRoleId: number

  const as = (admin: TestAdmin | string, path: string, method: string, body?: unknown) =>
    t.request(path, { method, token: typeof admin === 'string' ? admin : admin.token, body })
  const roleIdsOf = async (adminId: number) =>
    (await t.db.select().from(adminRoles).where(eq(adminRoles.adminId, adminId))).map((r) => r.roleId).sort()
  const ownRoleId = async (admin: TestAdmin) => (await roleIdsOf(admin.id))[0] as number

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await t.superToken()
    const [role] = await t.db.select().from(roles).where(eq(roles.name, SUPER_ADMIN_ROLE))
    superRoleId = role?.id as number
  })
  afterAll(() => t?.close())

  describe('permissions put into a role: 422 on permissions', () => {
    it('an admin holding create-roles and list-roles cannot create a role with delete-admins', async () => {
      const maker = await t.createAdmin(['create-roles', 'list-roles'])
      const res = await as(maker, '/api/roles', 'POST', {
        name: 'Deleters',
        permissions: ['list-roles', 'delete-admins', 'edit-admins'],
      })
      expect(res.status).toBe(422)
      const message = 'You cannot grant permissions you do not hold: delete-admins, edit-admins.'
      expect(res.body).toEqual({ message, errors: { permissions: [message] } })
      const zh = await t.request('/api/roles', {
        method: 'POST',
        token: maker.token,
        body: { name: 'Deleters', permissions: ['delete-admins'] },
        headers: { 'accept-language': 'zh-CN' },
      })
      expect(zh.body.errors.permissions).toEqual(['不能授予您自己没有的权限：delete-admins。'])
      expect(await t.db.select().from(roles).where(eq(roles.name, 'Deleters'))).toEqual([])

      // What it holds, it may hand out.
      const ok = await as(maker, '/api/roles', 'POST', { name: 'Role readers', permissions: ['list-roles'] })
      expect(ok.status).toBe(201)
    })

    it('editing a role, its own included, cannot add a permission the caller lacks; keeping old ones is fine', async () => {
      const editor = await t.createAdmin(['edit-roles', 'list-roles'])
      const own = await ownRoleId(editor)
      const grow = await as(editor, `/api/roles/${own}`, 'PUT', {
        permissions: ['edit-roles', 'list-roles', 'delete-admins'],
      })
      expect(grow.status).toBe(422)
      expect(grow.body.errors.permissions).toEqual([
        'You cannot grant permissions you do not hold: delete-admins.',
      ])
      expect((await t.request('/api/auth/me', { token: editor.token })).body.data.permissions).toEqual([
        'edit-roles',
        'list-roles',
      ])

      // A role that already carries more than the editor holds may still be renamed or trimmed.
      const wide = (
        await as(superToken, '/api/roles', 'POST', {
          name: 'Wide',
          permissions: ['delete-admins', 'list-tags'],
        })
      ).body.data
      const renamed = await as(editor, `/api/roles/${wide.id}`, 'PUT', {
        name: 'Wide role',
        permissions: ['delete-admins', 'list-tags', 'delete-admins'],
      })
      expect(renamed.status).toBe(200)
      const trimmed = await as(editor, `/api/roles/${wide.id}`, 'PUT', { permissions: ['list-tags'] })
      expect(trimmed.body.data.permissions).toEqual(['list-tags'])
      const back = await as(editor, `/api/roles/${wide.id}`, 'PUT', { permissions: ['delete-admins'] })
      expect(back.status).toBe(422)
    })
  })

  describe('roles given to admins: 403', () => {
    // The super-admin role carries every permission: the message names the first ten the caller lacks.
    const superRefusal =
      /^You cannot give a role with permissions you do not hold: all-channels, archive-channels, (\S+, ){7}\S+, …\.$/

    it('an admin holding edit-admins and list-roles cannot give itself or another the super-admin role', async () => {
      const editor = await t.createAdmin(['edit-admins', 'list-roles'])
      const other = await t.createAdmin([])
      const own = await ownRoleId(editor)
      for (const [admin, roleIds] of [
        [editor, [own, superRoleId]],
        [other, [superRoleId]],
      ] as const) {
        const res = await as(editor, `/api/admins/${admin.id}`, 'PUT', { role_ids: roleIds })
        expect(res.status).toBe(403)
        expect(res.body).toEqual({ message: expect.stringMatching(superRefusal) })
      }
      expect(await roleIdsOf(editor.id)).toEqual([own])
      expect(await roleIdsOf(other.id)).toEqual([await ownRoleId(other)])
      const zh = await t.request(`/api/admins/${other.id}`, {
        method: 'PUT',
        token: editor.token,
        body: { role_ids: [superRoleId] },
        headers: { 'accept-language': 'zh-CN' },
      })
      expect(zh.body.message).toMatch(/^不能分配包含您自己没有的权限的角色：/)

      // Roles it already has, and roles within its own permissions, are no grant.
      const mine = (
        await as(superToken, '/api/roles', 'POST', { name: 'Admin readers', permissions: ['list-roles'] })
      ).body.data
      const fine = await as(editor, `/api/admins/${other.id}`, 'PUT', { role_ids: [mine.id] })
      expect(fine.status).toBe(200)
      expect(fine.body.data.roles).toEqual([{ id: mine.id, name: 'Admin readers' }])
      expect(
        (await as(editor, `/api/admins/${editor.id}`, 'PUT', { role_ids: [own], name: 'Me' })).status,
      ).toBe(200)
    })

    it('an admin holding create-admins and list-roles cannot create a super-admin', async () => {
      const maker = await t.createAdmin(['create-admins', 'list-roles'])
      const res = await as(maker, '/api/admins', 'POST', {
        username: 'would.be.root',
        password: 'passw0rd',
        name: 'Root',
        role_ids: [superRoleId],
      })
      expect(res.status).toBe(403)
      expect(res.body.message).toMatch(superRefusal)
      expect(await t.db.select().from(admins).where(eq(admins.username, 'would.be.root'))).toEqual([])
    })

    it('an admin holding assign-roles cannot hand out the super-admin role, to itself or another', async () => {
      const assigner = await t.createAdmin(['assign-roles', 'list-roles'])
      const holders = (await t.db.select().from(adminRoles).where(eq(adminRoles.roleId, superRoleId)))
        .map((r) => r.adminId)
        .sort((a, b) => a - b)
      for (const extra of [assigner.id, (await t.createAdmin([])).id]) {
        const res = await as(assigner, `/api/roles/${superRoleId}/assign`, 'POST', {
          admin_ids: [...holders, extra],
        })
        expect(res.status).toBe(403)
        expect(res.body.message).toMatch(superRefusal)
      }
      expect(
        (await t.db.select().from(adminRoles).where(eq(adminRoles.roleId, superRoleId))).map(
          (r) => r.adminId,
        ),
      ).toHaveLength(holders.length)
    })

    it('a super-admin, holding everything, may do all of it', async () => {
      const role = await as(superToken, '/api/roles', 'POST', {
        name: 'Admin deleters',
        permissions: ['delete-admins'],
      })
      expect(role.status).toBe(201)
      const target = await t.createAdmin([])
      const given = await as(superToken, `/api/admins/${target.id}`, 'PUT', { role_ids: [superRoleId] })
      expect(given.status).toBe(200)
      const created = await as(superToken, '/api/admins', 'POST', {
        username: 'second.root',
        password: 'passw0rd',
        name: 'Second root',
        role_ids: [superRoleId, role.body.data.id],
      })
      expect(created.status).toBe(201)
      const assigned = await as(superToken, `/api/roles/${role.body.data.id}/assign`, 'POST', {
        admin_ids: [target.id, created.body.data.id],
      })
      expect(assigned.status).toBe(200)
      expect(assigned.body.data.admins).toHaveLength(2)
    })
  })

  describe('field rules: nothing given or managed reads more than the caller', () => {
    it('a narrowed admin gives no unnarrowed role and manages no admin that reads the hidden field', async () => {
      const narrowed = await t.createAdmin([
        'list-users',
        'create-admins',
        'edit-admins',
        'list-admins',
        'list-roles',
      ])
      const narrowing = { users: { email: 'none' as const } }
      expect(
        (await as(superToken, `/api/roles/${await ownRoleId(narrowed)}`, 'PUT', { field_rules: narrowing }))
          .status,
      ).toBe(200)
      const open = await as(superToken, '/api/roles', 'POST', {
        name: 'Open readers',
        permissions: ['list-users'],
      })
      const closed = await as(superToken, '/api/roles', 'POST', {
        name: 'Closed readers',
        permissions: ['list-users'],
        field_rules: narrowing,
      })
      expect([open.status, closed.status]).toEqual([201, 201])

      const made = await as(narrowed, '/api/admins', 'POST', {
        username: 'reads.emails',
        password: 'passw0rd',
        name: 'Reads e-mails',
        role_ids: [open.body.data.id],
      })
      expect(made.status).toBe(403)
      expect(made.body.message).toBe(
        'You cannot give a role that reads fields you may not read in full: users.email.',
      )
      const zh = await t.request('/api/admins', {
        method: 'POST',
        token: narrowed.token,
        body: { username: 'reads.emails', password: 'passw0rd', name: 'x', role_ids: [open.body.data.id] },
        headers: { 'accept-language': 'zh-CN' },
      })
      expect(zh.body.message).toBe('不能分配可读取您无权完整读取的字段的角色：users.email。')
      expect(await t.db.select().from(admins).where(eq(admins.username, 'reads.emails'))).toEqual([])
      const narrow = await as(narrowed, '/api/admins', 'POST', {
        username: 'reads.less',
        password: 'passw0rd',
        name: 'Reads less',
        role_ids: [closed.body.data.id],
      })
      expect(narrow.status).toBe(201)

      // An admin of the same permissions and no rules: not to be changed (its password reset) by the narrowed one.
      const peer = await t.createAdmin(['list-users'])
      const reset = await as(narrowed, `/api/admins/${peer.id}`, 'PUT', { password: 'taken0ver' })
      expect(reset.status).toBe(403)
      expect(reset.body.message).toBe(
        'You cannot change an admin who reads fields you may not read in full: users.email.',
      )
      expect(
        (
          await t.request('/api/login', {
            method: 'POST',
            body: { username: peer.username, password: 'taken0ver' },
          })
        ).status,
      ).not.toBe(200)
      // Narrowed as far, it may be.
      await as(superToken, `/api/roles/${await ownRoleId(peer)}`, 'PUT', { field_rules: narrowing })
      expect((await as(narrowed, `/api/admins/${peer.id}`, 'PUT', { password: 'taken0ver' })).status).toBe(
        200,
      )
    })
  })
})
