import { type PermissionName, permissionNames, SUPER_ADMIN_ROLE } from '@vod/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminRoles, admins, adminUsers, roles, sessions, users } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { type Answer, startTestApp, type TestAdmin, type TestApp } from '../support/harness.ts'

/**
 * What the caller of the matrix holds: every admins permission, role assignment, one elsewhere, and every
 * channel (the member it allocates is of none: channel data, channel-scope.test.ts).
 */
const callerHolds: PermissionName[] = [
  ...permissionNames.filter((name) => name.endsWith('-admins')),
  'list-roles',
  'assign-roles',
  'list-tags',
  'all-channels',
]

type Kind = 'weaker' | 'equal' | 'stronger' | 'super-admin'
const kinds: Kind[] = ['weaker', 'equal', 'stronger', 'super-admin']
const allowed = (kind: Kind) => kind === 'weaker' || kind === 'equal'

/**
 * No takeover of a stronger admin (auth/admin-guard.ts): every route that writes to an admin, against a
 * weaker, an equal and a stronger target, and a super-admin one. A refused write changes nothing.
 */
describeEachEngine('admin guard', (engine) => {
  let t: TestApp
  let superToken: string
  let superRoleId: number
  let caller: TestAdmin
  /** A role within the caller's permissions, for the role changes. */
  let tagReaders: number
  /** A member to allocate. */
  let member: number

  const as = (token: string, path: string, method: string, body?: unknown) =>
    t.request(path, { method, token, body })
  const ownRoleOf = async (adminId: number) =>
    (await t.db.select().from(adminRoles).where(eq(adminRoles.adminId, adminId))).map((r) => r.roleId)
  const shown = async (id: number) => (await as(superToken, `/api/admins/${id}`, 'GET')).body

  async function target(kind: Kind): Promise<TestAdmin> {
    if (kind === 'weaker') return t.createAdmin(['list-tags'])
    if (kind === 'equal') return t.createAdmin(callerHolds)
    if (kind === 'stronger') return t.createAdmin([...callerHolds, 'delete-tags'])
    const root = await t.createAdmin([])
    await t.db.insert(adminRoles).values({ adminId: root.id, roleId: superRoleId })
    return root
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await t.superToken()
    const [role] = await t.db.select().from(roles).where(eq(roles.name, SUPER_ADMIN_ROLE))
    superRoleId = role?.id as number
    caller = await t.createAdmin(callerHolds)
    tagReaders = (
      await as(superToken, '/api/roles', 'POST', { name: 'Tag readers', permissions: ['list-tags'] })
    ).body.data.id
    const [row] = await t.db.insert(users).values({ username: 'looked.after' }).returning({ id: users.id })
    member = row?.id as number
  })
  afterAll(() => t?.close())

  interface Route {
    name: string
    /** Puts the target in the state the route acts on (as the super-admin or in the database). */
    prepare?: (target: TestAdmin) => Promise<unknown>
    call: (target: TestAdmin) => Promise<Answer>
    /** After a refusal: the write did not happen. */
    unchanged?: (target: TestAdmin) => Promise<void>
  }

  const routes: Route[] = [
    {
      name: 'PUT a name',
      call: (x) => as(caller.token, `/api/admins/${x.id}`, 'PUT', { name: 'Renamed' }),
    },
    {
      name: 'PUT a password',
      call: (x) => as(caller.token, `/api/admins/${x.id}`, 'PUT', { password: 'taken0ver' }),
      async unchanged(x) {
        expect(await t.login(x.username, x.password)).toBeTruthy()
        expect((await t.request('/api/auth/me', { token: x.token })).status).toBe(200)
      },
    },
    {
      name: 'PUT role_ids',
      call: async (x) =>
        as(caller.token, `/api/admins/${x.id}`, 'PUT', {
          role_ids: [...(await ownRoleOf(x.id)), tagReaders],
        }),
    },
    {
      name: 'DELETE',
      call: (x) => as(caller.token, `/api/admins/${x.id}`, 'DELETE'),
    },
    {
      name: 'disable',
      call: (x) => as(caller.token, `/api/admins/${x.id}/disable`, 'POST'),
      async unchanged(x) {
        expect((await t.request('/api/auth/me', { token: x.token })).status).toBe(200)
      },
    },
    {
      name: 'enable',
      prepare: (x) => as(superToken, `/api/admins/${x.id}/disable`, 'POST'),
      call: (x) => as(caller.token, `/api/admins/${x.id}/enable`, 'POST'),
    },
    {
      name: 'resetQRCode',
      prepare: (x) => t.db.update(admins).set({ twoFactorSecret: 'v1.sealed' }).where(eq(admins.id, x.id)),
      call: (x) => as(caller.token, `/api/admins/${x.id}/resetQRCode`, 'POST'),
    },
    {
      name: 'allocate a member',
      call: (x) => as(caller.token, `/api/admins/${x.id}/allocated-members`, 'POST', { ids: [member] }),
    },
    {
      name: 'remove an allocated member',
      prepare: (x) => t.db.insert(adminUsers).values({ adminId: x.id, userId: member }),
      call: (x) => as(caller.token, `/api/admins/${x.id}/allocated-members/${member}`, 'DELETE'),
    },
    {
      name: 'role assign, giving the role',
      call: (x) => as(caller.token, `/api/roles/${tagReaders}/assign`, 'POST', { admin_ids: [x.id] }),
    },
    {
      name: 'role assign, taking the role',
      prepare: async (x) => {
        await t.db.delete(adminRoles).where(eq(adminRoles.roleId, tagReaders))
        await t.db.insert(adminRoles).values({ adminId: x.id, roleId: tagReaders })
      },
      call: () => as(caller.token, `/api/roles/${tagReaders}/assign`, 'POST', { admin_ids: [] }),
      async unchanged(x) {
        expect(await ownRoleOf(x.id)).toContain(tagReaders)
      },
    },
  ]

  for (const route of routes)
    it(`${route.name}: a weaker or equal admin yes, a stronger one or a super-admin no`, async () => {
      const failures: string[] = []
      for (const kind of kinds) {
        // Role assignment replaces the whole set: start each target from a role nobody holds.
        await t.db.delete(adminRoles).where(eq(adminRoles.roleId, tagReaders))
        const x = await target(kind)
        await route.prepare?.(x)
        const before = await shown(x.id)
        const res = await route.call(x)
        if (allowed(kind)) {
          if (res.status >= 300) failures.push(`${kind}: ${res.status} ${JSON.stringify(res.body)}`)
          continue
        }
        if (res.status !== 403) failures.push(`${kind}: ${res.status}, expected 403`)
        const message =
          kind === 'super-admin'
            ? 'Only a super-admin can change a super-admin.'
            : 'You cannot change an admin who holds permissions you do not hold: delete-tags.'
        if (res.body.message !== message) failures.push(`${kind}: ${JSON.stringify(res.body)}`)
        expect(await shown(x.id), `${route.name} ${kind}`).toEqual(before)
        await route.unchanged?.(x)
      }
      expect(failures).toEqual([])
    })

  it('a super-admin may change another super-admin; every permission without the role may not', async () => {
    const root = await target('super-admin')
    const everything = await t.createAdmin(permissionNames)
    const refused = await as(everything.token, `/api/admins/${root.id}`, 'PUT', { password: 'taken0ver' })
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ message: 'Only a super-admin can change a super-admin.' })
    const zh = await t.request(`/api/admins/${root.id}/disable`, {
      method: 'POST',
      token: everything.token,
      headers: { 'accept-language': 'zh-CN' },
    })
    expect(zh.body).toEqual({ message: '只有超级管理员才能更改超级管理员。' })
    expect(await t.login(root.username, root.password)).toBeTruthy()

    expect((await as(superToken, `/api/admins/${root.id}`, 'PUT', { password: 'rotated1' })).status).toBe(200)
    expect(await t.login(root.username, 'rotated1')).toBeTruthy()
  })

  describe('never its own roles', () => {
    it('PUT on itself may change its name and password but not its roles', async () => {
      const me = await t.createAdmin(callerHolds)
      const own = await ownRoleOf(me.id)
      const grow = await as(me.token, `/api/admins/${me.id}`, 'PUT', { role_ids: [...own, tagReaders] })
      expect(grow.status).toBe(403)
      expect(grow.body).toEqual({ message: 'You cannot change your own roles.' })
      const drop = await as(me.token, `/api/admins/${me.id}`, 'PUT', { role_ids: [] })
      expect(drop.status).toBe(403)
      expect(await ownRoleOf(me.id)).toEqual(own)

      const same = await as(me.token, `/api/admins/${me.id}`, 'PUT', { role_ids: own, name: 'Still me' })
      expect(same.status).toBe(200)
      expect(same.body.data.name).toBe('Still me')
    })

    it('role assign may neither give the caller a role nor take one from it', async () => {
      const me = await t.createAdmin(callerHolds)
      await t.db.delete(adminRoles).where(eq(adminRoles.roleId, tagReaders))
      const give = await as(me.token, `/api/roles/${tagReaders}/assign`, 'POST', { admin_ids: [me.id] })
      expect(give.status).toBe(403)
      expect(give.body).toEqual({ message: 'You cannot change your own roles.' })

      const [own] = await ownRoleOf(me.id)
      const other = await t.createAdmin(['list-tags'])
      const take = await as(me.token, `/api/roles/${own}/assign`, 'POST', { admin_ids: [other.id] })
      expect(take.status).toBe(403)
      expect(take.body).toEqual({ message: 'You cannot change your own roles.' })
      expect(await ownRoleOf(me.id)).toEqual([own])
      expect(await ownRoleOf(other.id)).not.toContain(own)
    })
  })

  describe('status only through enable and disable', () => {
    it('PUT with a status change needs the permission of the action that makes it', async () => {
      const editor = await t.createAdmin(['list-admins', 'edit-admins'])
      const x = await t.createAdmin([])
      const disable = await as(editor.token, `/api/admins/${x.id}`, 'PUT', { status: 'disabled' })
      expect(disable.status).toBe(403)
      expect(disable.body).toEqual({ message: 'Changing the status needs the permission disable-admins.' })
      expect((await shown(x.id)).data.status).toBe('enabled')
      expect(
        (await t.db.select().from(sessions).where(eq(sessions.adminId, x.id))).every(
          (s) => s.revokedAt === null,
        ),
      ).toBe(true)
      expect((await t.request('/api/auth/me', { token: x.token })).status).toBe(200)

      // The status it already has is no change; other fields go through.
      const same = await as(editor.token, `/api/admins/${x.id}`, 'PUT', { status: 'enabled', name: 'Kept' })
      expect(same.status).toBe(200)
      expect(same.body.data).toMatchObject({ status: 'enabled', name: 'Kept' })

      await as(superToken, `/api/admins/${x.id}/disable`, 'POST')
      const enable = await as(editor.token, `/api/admins/${x.id}`, 'PUT', { status: 'enabled' })
      expect(enable.status).toBe(403)
      expect(enable.body.message).toBe('Changing the status needs the permission enable-admins.')
      expect((await shown(x.id)).data.status).toBe('disabled')

      const holder = await t.createAdmin(['list-admins', 'edit-admins', 'enable-admins'])
      const enabled = await as(holder.token, `/api/admins/${x.id}`, 'PUT', { status: 'enabled' })
      expect(enabled.status).toBe(200)
      expect(enabled.body.data.status).toBe('enabled')
    })
  })
})
