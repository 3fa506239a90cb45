import { type PermissionName, permissionNames } from '@vod/contract'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { scaled } from '../../../test/support/time.ts'
import { adminRoles, permissions, rolePermissions } from '../../src/db/schema/index.ts'
import { describeOnOneEngine } from '../support/databases.ts'
import { startTestApp, type TestAdmin, type TestApp } from '../support/harness.ts'

// An id no record has: a route that needs a record answers 404 (or 422) after the permission check passed.
const NO_SUCH_ID = '2147483000'

/**
 * Generated from the server's own route table, so routes added later are covered without a line here: for
 * every route that names a permission, an admin holding every permission but that one is refused (403),
 * and an admin holding only that one gets past the check (neither 401 nor 403).
 */
/** Why the suite runs on one engine (describeOnOneEngine). */
const inNode = 'whether a route opens is decided in Node, before any statement'

describeOnOneEngine('permission matrix', inNode, (engine) => {
  let t: TestApp
  let allButOne: TestAdmin
  let onlyOne: TestAdmin
  const ids = new Map<string, number>()

  beforeAll(async () => {
    t = await startTestApp(engine)
    allButOne = await t.createAdmin([])
    onlyOne = await t.createAdmin([])
    for (const row of await t.db.select({ id: permissions.id, name: permissions.name }).from(permissions))
      ids.set(row.name, row.id)
  })
  afterAll(() => t?.close())

  /** The admin's one role. */
  async function roleOf(admin: TestAdmin) {
    const [role] = await t.db
      .select({ roleId: adminRoles.roleId })
      .from(adminRoles)
      .where(eq(adminRoles.adminId, admin.id))
    if (!role) throw new Error('test admin without a role')
    return role.roleId
  }
  const rows = (roleId: number, names: readonly PermissionName[]) =>
    names.map((name) => ({ roleId, permissionId: ids.get(name) as number }))

  /** Gives the admin's one role exactly these permissions; they count from its next request. */
  async function grant(admin: TestAdmin, names: readonly PermissionName[]) {
    const roleId = await roleOf(admin)
    await t.db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId))
    if (names.length > 0) await t.db.insert(rolePermissions).values(rows(roleId, names))
  }

  /**
   * Takes one permission from a role that holds every one, for as long as `during` runs, then gives it back:
   * the role holds every other permission meanwhile, as a grant of all the others would leave it, for two
   * row writes instead of rewriting the whole catalogue's rows twice a route (hundreds of routes, both engines).
   */
  async function withoutOne<T>(roleId: number, name: PermissionName, during: () => Promise<T>) {
    const permissionId = ids.get(name) as number
    await t.db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permissionId, permissionId)))
    try {
      return await during()
    } finally {
      await t.db.insert(rolePermissions).values({ roleId, permissionId })
    }
  }

  const guarded = () => t.app.accessTable.filter((route) => route.permission !== undefined)

  function call(route: { method: string; url: string }, token: string) {
    const path = route.url.replace(/:\w+/g, NO_SUCH_ID)
    const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method)
    return t.request(path, { method: route.method, token, ...(withBody ? { body: {} } : {}) })
  }

  it("covers this issue's routes among all guarded routes", () => {
    const names = new Set(guarded().map((route) => route.permission))
    for (const name of [
      'list-admins',
      'create-admins',
      'edit-admins',
      'delete-admins',
      'enable-admins',
      'disable-admins',
      'reset-qrcode-admins',
      'list-roles',
      'create-roles',
      'edit-roles',
      'delete-roles',
      'assign-roles',
      'list-audit-logs',
    ])
      expect(names.has(name as PermissionName), name).toBe(true)
    expect(guarded().length).toBeGreaterThanOrEqual(30)
  })

  it('refuses each guarded route to an admin holding every other permission, and opens it to one holding only its own', {
    timeout: scaled(360_000),
  }, async () => {
    const failures: string[] = []
    await grant(allButOne, permissionNames)
    const allButOneRole = await roleOf(allButOne)
    for (const route of guarded()) {
      const permission = route.permission as PermissionName
      // An export counts only with its list (effectivePermissions): "only its own" is the pair there.
      const list = permission.replace(/^export-/, 'list-') as PermissionName
      await grant(onlyOne, [...new Set([permission, list])])
      const denied = await withoutOne(allButOneRole, permission, () => call(route, allButOne.token))
      const allowed = await call(route, onlyOne.token)
      const name = `${route.method} ${route.url} (${permission})`
      if (denied.status !== 403) failures.push(`${name}: without it ${denied.status}, expected 403`)
      if (
        denied.status === 403 &&
        route.method !== 'HEAD' &&
        denied.body.message !== 'This action is unauthorized.'
      )
        failures.push(`${name}: 403 body ${JSON.stringify(denied.body)}`)
      if (allowed.status === 401 || allowed.status === 403 || allowed.status >= 500)
        failures.push(`${name}: with only it ${allowed.status}`)
    }
    expect(failures).toEqual([])
    // Every resource's bulk and restore routes are guarded too: a few hundred routes, two logins' worth each.
    // Seconds alone; beside the browser suite on a host at half speed, over ten times as long.
  })

  it('counts an export permission only together with its list: export alone opens no export and is not reported', async () => {
    const exporter = await t.createAdmin(['export-videos', 'export-plans', 'list-plans'])
    const videos = await t.request('/api/videos/exportCsv', { token: exporter.token })
    expect(videos.status).toBe(403)
    const plans = await fetch(`${t.url}/api/plans/exportCsv`, {
      headers: { authorization: `Bearer ${exporter.token}` },
    })
    expect(plans.status).toBe(200)
    await plans.arrayBuffer()
    const me = await t.request('/api/auth/me', { token: exporter.token })
    expect(me.body.data.permissions).toEqual(['export-plans', 'list-plans'])
    const login = await t.request('/api/login', {
      method: 'POST',
      body: { username: exporter.username, password: exporter.password },
    })
    expect(login.body.permissions).toEqual(['export-plans', 'list-plans'])
  })
})
