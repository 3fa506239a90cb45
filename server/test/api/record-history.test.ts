import { afterAll, beforeAll, expect, it } from 'vitest'
import { users } from '../../src/db/schema/index.ts'
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
