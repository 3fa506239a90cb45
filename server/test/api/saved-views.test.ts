import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestAdmin, type TestApp } from '../support/harness.ts'

describeEachEngine('saved views', (engine) => {
  let t: TestApp
  let owner: TestAdmin
  let other: TestAdmin
  let editor: TestAdmin
  const as = (who: TestAdmin, path: string, method = 'GET', body?: Json, headers?: Record<string, string>) =>
    t.request(path, { token: who.token, method, body, headers })
  const save = async (who: TestAdmin, body: Json) => {
    const res = await as(who, '/api/saved-views', 'POST', body)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data
  }
  const namesSeenBy = async (who: TestAdmin) =>
    (await as(who, '/api/saved-views?list=orders')).body.data.map((view: Json) => view.name)

  beforeAll(async () => {
    t = await startTestApp(engine)
    // None of them holds any saved-views permission: the views are every admin's.
    owner = await t.createAdmin(['list-orders'])
    other = await t.createAdmin(['list-orders'])
    editor = await t.createAdmin(['list-orders', 'edit-orders'])
  })
  afterAll(() => t?.close())

  it("keeps a private view to its owner and shows a shared one to everyone, set as the owner's", async () => {
    const mine = await save(owner, {
      name: 'Paid last week',
      list: 'orders',
      query: 'status=paid&sort=-paid_at&per_page=50&keyword=%E4%B8%AD',
      columns: [
        { key: 'channel_name', shown: false },
        { key: 'id', shown: true, width: 120 },
      ],
      density: 'compact',
      shared: 'private',
      owner_admin_id: other.id,
    })
    expect(mine).toMatchObject({
      owner_admin_id: owner.id,
      shared: 'private',
      columns: [
        { key: 'channel_name', shown: false },
        { key: 'id', shown: true, width: 120 },
      ],
      density: 'compact',
      default_role_ids: [],
    })
    const everyone = await save(owner, {
      name: 'All refunds',
      list: 'orders',
      query: 'status=refunded',
      shared: 'everyone',
    })

    expect(await namesSeenBy(owner)).toEqual(['All refunds', 'Paid last week'])
    expect(await namesSeenBy(other)).toEqual(['All refunds'])
    expect((await as(other, `/api/saved-views/${mine.id}`)).status).toBe(404)
    expect((await as(other, '/api/saved-views?list=users')).body.data).toEqual([])

    // Another admin may not change or delete it; one holding the list's edit permission may change a shared one.
    expect((await as(other, `/api/saved-views/${everyone.id}`, 'PUT', { name: 'Mine now' })).status).toBe(403)
    expect((await as(other, `/api/saved-views/${everyone.id}`, 'DELETE')).status).toBe(403)
    expect((await as(editor, `/api/saved-views/${mine.id}`, 'PUT', { name: 'Seen' })).status).toBe(404)
    const renamed = await as(editor, `/api/saved-views/${everyone.id}`, 'PUT', { name: 'Refunds' })
    expect(renamed.status).toBe(200)
    expect(renamed.body.data.owner_admin_id).toBe(owner.id)

    // A write from an old version is 412, as everywhere.
    const stale = await as(
      owner,
      `/api/saved-views/${everyone.id}`,
      'PUT',
      { name: 'Late' },
      { 'if-match': `"${mine.version}"` },
    )
    expect(stale.status).toBe(412)
    expect((await as(owner, `/api/saved-views/${everyone.id}`, 'DELETE')).status).toBe(204)
    expect(await namesSeenBy(other)).toEqual([])

    // On the trail as any resource's writes are, each by who made it.
    const trail = await t.request(`/api/audit-logs?resource=saved-views&record_id=${everyone.id}&sort=id`, {
      token: await t.superToken(),
    })
    expect(trail.body.data.map((entry: Json) => [entry.action, entry.admin_id])).toEqual([
      ['create', owner.id],
      ['update', editor.id],
      ['delete', owner.id],
    ])
  })

  it('shows a view shared with roles to the holders of one of them only', async () => {
    const super_ = await t.superToken()
    const role = (await t.request(`/api/admins/${other.id}`, { token: super_ })).body.data.roles[0].id
    await save(owner, { name: 'For the team', list: 'orders', query: '', shared: 'roles', role_ids: [role] })
    const nobody = await as(owner, '/api/saved-views', 'POST', {
      name: 'Nobody',
      list: 'orders',
      query: '',
      shared: 'roles',
    })
    expect(nobody.status).toBe(422)
    expect(Object.keys(nobody.body.errors)).toEqual(['role_ids'])
    expect(await namesSeenBy(other)).toContain('For the team')
    expect(await namesSeenBy(editor)).not.toContain('For the team')
  })

  it('empties, for a reader whose roles narrow a field of the list, what others typed that it may not read', async () => {
    const super_ = await t.superToken()
    const shared = await save(owner, {
      name: 'Shared orders',
      list: 'orders',
      query:
        'keyword=15551006&status=paid&payment_method=segpay&transaction_fee_from=1&channel_id=3&sort=-transaction_fee&per_page=50',
      shared: 'everyone',
    })
    const elsewhere = await t.createAdmin(['list-users'])
    expect((await as(elsewhere, '/api/saved-views?list=orders')).body.data).toEqual([])
    // A role hiding a field of orders: the shared view's keyword and ranges could hold what that field holds.
    const narrowed = await t.createAdmin(['list-orders'])
    const role = (await t.request(`/api/admins/${narrowed.id}`, { token: super_ })).body.data.roles[0].id
    const rules = await t.request(`/api/roles/${role}`, {
      token: super_,
      method: 'PUT',
      body: { field_rules: { orders: { transaction_fee: 'none' } } },
    })
    expect(rules.status, JSON.stringify(rules.body)).toBe(200)
    // `status` is no field of an order: what a filter of its own takes is not known to be readable.
    const emptied =
      'keyword=&status=&payment_method=segpay&transaction_fee_from=&channel_id=3&sort=-transaction_fee&per_page=50'
    const seen = await as(narrowed, `/api/saved-views/${shared.id}`)
    expect(seen.status).toBe(200)
    expect(seen.body.data.query).toBe(emptied)
    const listed = (await as(narrowed, '/api/saved-views?list=orders')).body.data
    expect(listed.find((view: Json) => view.id === shared.id)?.query).toBe(emptied)
    expect(JSON.stringify(listed)).not.toContain('15551006')
    // Its own views it reads as it typed them; others read the shared view whole.
    const mine = await save(narrowed, {
      name: 'My own',
      list: 'orders',
      query: 'keyword=555',
      shared: 'everyone',
    })
    expect(mine.query).toBe('keyword=555')
    expect((await as(narrowed, `/api/saved-views/${mine.id}`)).body.data.query).toBe('keyword=555')
    expect((await as(other, `/api/saved-views/${shared.id}`)).body.data.query).toContain('keyword=15551006')
  })

  it("makes a view a role's default only by a holder of the list's edit permission, one per role and list", async () => {
    const super_ = await t.superToken()
    const roleOf = async (who: TestAdmin) =>
      (await t.request(`/api/admins/${who.id}`, { token: super_ })).body.data.roles[0].id as number
    const member = await t.createAdmin(['list-orders'])
    const team = await roleOf(member)
    const defaultsOf = async (who: TestAdmin) => {
      const res = await as(who, '/api/saved-views/defaults')
      expect(res.status).toBe(200)
      return res.body.data
    }
    expect(await defaultsOf(member)).toEqual({})

    // The owner without edit-orders shares it with the team, but may not make it the team's default.
    // Shared with the editor's role too, so that the editor sees it.
    const role_ids = [team, await roleOf(editor)]
    const body = {
      name: 'Team default',
      list: 'orders',
      query: 'payment_method=segpay',
      shared: 'roles',
      role_ids,
    }
    const refused = await as(owner, '/api/saved-views', 'POST', { ...body, default_role_ids: [team] })
    expect(refused.status).toBe(403)
    const view = await save(owner, body)
    expect(view.default_role_ids).toEqual([])
    expect((await as(owner, `/api/saved-views/${view.id}`, 'PUT', { default_role_ids: [team] })).status).toBe(
      403,
    )

    // A holder of edit-orders may, on the roles the view is shared with only.
    const elsewhere = await as(editor, `/api/saved-views/${view.id}`, 'PUT', {
      default_role_ids: [await roleOf(other)],
    })
    expect(elsewhere.status).toBe(422)
    expect(Object.keys(elsewhere.body.errors)).toEqual(['default_role_ids'])
    const made = await as(editor, `/api/saved-views/${view.id}`, 'PUT', { default_role_ids: [team] })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    expect(made.body.data.default_role_ids).toEqual([team])
    expect(await defaultsOf(member)).toEqual({ orders: view.id })
    // Not the default of anyone else's roles.
    expect(await defaultsOf(other)).toEqual({})
    expect(await defaultsOf(editor)).toEqual({})

    // One default per role and list: a second is refused, naming the role; another list's is another default.
    const second = await as(editor, '/api/saved-views', 'POST', {
      ...body,
      name: 'Second',
      default_role_ids: [team],
    })
    expect(second.status).toBe(422)
    expect(Object.keys(second.body.errors)).toEqual(['default_role_ids'])
    // Shared with everyone, a view is no role's default.
    const everyone = await as(editor, `/api/saved-views/${view.id}`, 'PUT', { shared: 'everyone' })
    expect(everyone.status).toBe(422)

    // The owner still renames it (its default untouched), but may not take the default away.
    const renamed = await as(owner, `/api/saved-views/${view.id}`, 'PUT', { name: 'Team view' })
    expect(renamed.status).toBe(200)
    expect(renamed.body.data.default_role_ids).toEqual([team])
    expect((await as(owner, `/api/saved-views/${view.id}`, 'PUT', { default_role_ids: [] })).status).toBe(403)

    // A member whose role comes to hide the field it filters by still opens it, without that value.
    const rules = await t.request(`/api/roles/${team}`, {
      token: super_,
      method: 'PUT',
      body: { field_rules: { orders: { payment_method: 'none' } } },
    })
    expect(rules.status, JSON.stringify(rules.body)).toBe(200)
    expect(await defaultsOf(member)).toEqual({ orders: view.id })
    expect((await as(member, `/api/saved-views/${view.id}`)).body.data.query).toBe('payment_method=')
    // A member who may no longer list orders neither sees it nor opens on it.
    await t.request(`/api/roles/${team}`, { token: super_, method: 'PUT', body: { permissions: [] } })
    expect(await defaultsOf(member)).toEqual({})
    expect((await as(member, `/api/saved-views/${view.id}`)).status).toBe(404)

    // Taken away by its editor, it is nobody's default, and another view may be.
    const cleared = await as(editor, `/api/saved-views/${view.id}`, 'PUT', { default_role_ids: [] })
    expect(cleared.status).toBe(200)
    expect((await as(editor, '/api/saved-views', 'POST', { ...body, default_role_ids: [team] })).status).toBe(
      201,
    )
  })

  it('refuses a query that is not a list query, an unknown list and a long name with 422', async () => {
    for (const query of [
      'a=1&<script>',
      'sort=-id#x',
      '?status=paid',
      'status=%E4%',
      `q=${'x'.repeat(2000)}`,
    ]) {
      const res = await as(owner, '/api/saved-views', 'POST', {
        name: 'Bad',
        list: 'orders',
        query,
        shared: 'private',
      })
      expect(res.status, query).toBe(422)
      expect(Object.keys(res.body.errors)).toEqual(['query'])
    }
    const res = await as(owner, '/api/saved-views', 'POST', {
      name: 'x'.repeat(61),
      list: 'nowhere',
      query: '',
      shared: 'friends',
    })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['list', 'name', 'shared'])
  })
})
