import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { auditLogs } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, SUPER_USERNAME, startTestApp, type TestApp } from '../support/harness.ts'

describeEachEngine('audit trail', (engine) => {
  let t: TestApp
  let token: string
  let superId: number
  const api = (path: string, options: Parameters<TestApp['request']>[1] = {}) =>
    t.request(path, { token, ...options })
  /** The newest entries matching the filters, newest first. */
  const entries = async (query: string) => (await api(`/api/audit-logs?${query}`)).body.data as Json[]

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
    superId = (await api('/api/auth/me')).body.data.id
  })
  afterAll(() => t?.close())

  it('records logins with the admin, and failed logins with the name tried but never the password', async () => {
    await t.request('/api/login', {
      method: 'POST',
      body: { username: SUPER_USERNAME, password: 'hunter2-secret' },
    })
    const [failed] = await entries('action=login-failed')
    expect(failed).toEqual({
      version: expect.any(String),
      id: expect.any(Number),
      admin_id: null,
      admin_username: SUPER_USERNAME,
      resource: 'auth',
      record_id: null,
      action: 'login-failed',
      ip: '127.0.0.1',
      changes: null,
      created_at: expect.stringMatching(/Z$/),
    })
    // A name no admin has is often a password typed into the wrong field: not kept.
    await t.request('/api/login', {
      method: 'POST',
      body: { username: 'Hunter2-typed-as-name', password: 'hunter2-secret' },
    })
    const [unknown] = await entries('action=login-failed')
    expect(unknown).toMatchObject({ id: expect.any(Number), admin_username: null, ip: '127.0.0.1' })
    expect(JSON.stringify(await entries('action=login-failed'))).not.toContain('Hunter2')
    const [login] = await entries(`action=login&admin_id=${superId}`)
    expect(login).toMatchObject({ admin_username: SUPER_USERNAME, resource: 'auth', record_id: superId })
  })

  it('records create, update (changed fields only) and delete of a generic resource', async () => {
    const tag = (await api('/api/tags', { method: 'POST', body: { name: 'Audited', type: 'genre' } })).body
      .data
    await api(`/api/tags/${tag.id}`, { method: 'PUT', body: { name: 'Audited twice', type: 'genre' } })
    await api(`/api/tags/${tag.id}`, { method: 'DELETE' })
    const trail = await entries('resource=tags')
    expect(trail.map((e) => e.action)).toEqual(['delete', 'update', 'create'])
    expect(trail.every((e) => e.record_id === tag.id && e.admin_id === superId)).toBe(true)
    expect(trail[2].changes).toEqual({
      name: 'Audited',
      type: 'genre',
      category_id: null,
      category_name: null,
    })
    expect(trail[1].changes).toEqual({ name: ['Audited', 'Audited twice'] })
    expect(trail[0].changes).toMatchObject({ name: 'Audited twice' })
  })

  it('shows a password change as "[changed]" and never stores a password or its hash', async () => {
    const created = await api('/api/admins', {
      method: 'POST',
      body: { username: 'audited', password: 'firstpass1', name: 'Audited' },
    })
    const id = created.body.data.id
    await api(`/api/admins/${id}`, {
      method: 'PUT',
      body: { password: 'secondpass2', name: 'Audited Admin' },
    })
    const [update, create] = await entries(`resource=admins&record_id=${id}`).then((all) =>
      all.filter((e) => e.record_id === id),
    )
    expect(create.action).toBe('create')
    expect(create.changes).toMatchObject({ username: 'audited', password: '[changed]', status: 'enabled' })
    expect(update.action).toBe('update')
    expect(update.changes).toEqual({ name: ['Audited', 'Audited Admin'], password: '[changed]' })

    const everything = JSON.stringify(await t.db.select().from(auditLogs))
    for (const secret of ['firstpass1', 'secondpass2', 'hunter2-secret', 'argon2', 'secret123'])
      expect(everything).not.toContain(secret)
  })

  it('records actions with their own verb, and writes nothing for a write that failed', async () => {
    const created = (
      await api('/api/admins', {
        method: 'POST',
        body: { username: 'switch', password: 'passw0rd', name: 'S' },
      })
    ).body.data
    await api(`/api/admins/${created.id}/disable`, { method: 'POST' })
    const [disable] = await entries('action=disable')
    expect(disable).toMatchObject({
      resource: 'admins',
      record_id: created.id,
      admin_id: superId,
      changes: { status: ['enabled', 'disabled'] },
    })
    const before = (await api('/api/audit-logs')).body.meta.total
    expect(
      (
        await api('/api/admins', {
          method: 'POST',
          body: { username: 'switch', password: 'passw0rd', name: 'S' },
        })
      ).status,
    ).toBe(422)
    expect((await api(`/api/admins/${created.id}/disable`, { method: 'POST' })).status).toBe(409)
    expect((await api('/api/audit-logs')).body.meta.total).toBe(before)
  })

  it('records refused requests (403) with the route and the permission it needed', async () => {
    const reader = await t.createAdmin(['list-tags'])
    expect((await t.request('/api/admins/1', { method: 'DELETE', token: reader.token })).status).toBe(403)
    const [refused] = await entries(`action=forbidden&admin_id=${reader.id}`)
    expect(refused).toMatchObject({
      admin_username: reader.username,
      resource: 'admins',
      record_id: 1,
      changes: { route: 'DELETE /api/admins/:id', permission: 'delete-admins' },
    })
    // Reading the trail takes its own permission, and asking without it is itself recorded.
    expect((await t.request('/api/audit-logs', { token: reader.token })).status).toBe(403)
    expect((await entries(`action=forbidden&resource=audit-logs&admin_id=${reader.id}`)).length).toBe(1)
  })

  it('writes repeated refusals of one admin and route once a minute, with a count', async () => {
    const pest = await t.createAdmin([])
    const refusals = (resource: string) =>
      entries(`action=forbidden&admin_id=${pest.id}&resource=${resource}`)
    for (let i = 0; i < 8; i++) expect((await t.request('/api/tags', { token: pest.token })).status).toBe(403)
    // In parallel too: they add to the one row instead of each writing its own.
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => t.request('/api/tags', { token: pest.token })),
    )
    expect(burst.every((res) => res.status === 403)).toBe(true)
    const [row, ...more] = await refusals('tags')
    expect(more).toEqual([])
    expect(row?.changes).toEqual({ route: 'GET /api/tags', permission: 'list-tags', count: 20 })

    // Another route is another row; another admin's refusals are its own.
    expect((await t.request('/api/roles', { token: pest.token })).status).toBe(403)
    expect(await refusals('roles')).toHaveLength(1)
    const other = await t.createAdmin([])
    expect((await t.request('/api/tags', { token: other.token })).status).toBe(403)
    expect(await entries(`action=forbidden&admin_id=${other.id}`)).toHaveLength(1)

    // A minute later, a new row.
    await t.db
      .update(auditLogs)
      .set({ createdAt: sql`now() - interval '61 seconds'` })
      .where(eq(auditLogs.adminId, pest.id))
    expect((await t.request('/api/tags', { token: pest.token })).status).toBe(403)
    const [latest, first] = await refusals('tags')
    expect(latest?.changes).toEqual({ route: 'GET /api/tags', permission: 'list-tags', count: 1 })
    expect(first?.changes.count).toBe(20)
  })

  it('filters by admin, resource, action and time, sorts and validates', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const mine = await api(`/api/audit-logs?admin_id=${superId}&created_at_from=${today}&per_page=100`)
    expect(mine.body.data.length).toBeGreaterThan(3)
    expect(mine.body.data.every((e: Json) => e.admin_id === superId)).toBe(true)
    const ids = mine.body.data.map((e: Json) => e.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    const oldest = await api('/api/audit-logs?sort=id&per_page=1')
    expect(oldest.body.data[0].id).toBeLessThan(ids[0])
    expect((await api('/api/audit-logs?created_at_to=2000-01-01')).body.meta.total).toBe(0)
    expect((await api('/api/audit-logs?resource=roles&action=assign')).body.data).toEqual([])
    expect((await api('/api/audit-logs?admin_id=abc')).status).toBe(422)
    expect((await api('/api/audit-logs?sort=action')).status).toBe(422)
    const one = mine.body.data[0]
    expect((await api(`/api/audit-logs/${one.id}`)).body.data).toEqual(one)
  })
})
