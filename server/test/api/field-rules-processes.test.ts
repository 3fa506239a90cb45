import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../../e2e/support/server.ts'
import { scaled } from '../../../test/support/time.ts'
import { adminRoles, admins, users } from '../../src/db/schema/index.ts'
import { describeOnPostgres } from '../support/databases.ts'
import { startTestApp, type TestAdmin, type TestApp } from '../support/harness.ts'

/**
 * A narrowed role counts at the next request of an open session in every process (docs/security.md "Field
 * rules", issue 55 item 4): this test's app and the real server's bundle as a process of its own on one
 * PostgreSQL database, with the same keys. The second process has served the session (its session cache,
 * auth/session-cache.ts, holds the answer) when the first narrows the role; its next answer has no e-mail,
 * and its next grant or password reset of an admin who reads the e-mail is refused (issue 65 item 3).
 */
describeOnPostgres('field rules narrowed in another process', () => {
  let a: TestApp
  let b: RunningServer
  let reader: TestAdmin
  let member: number

  const onB = async (path: string) => {
    const res = await fetch(`${b.url}${path}`, { headers: { authorization: `Bearer ${reader.token}` } })
    return { status: res.status, body: await res.json() }
  }

  beforeAll(async () => {
    const keys = {
      JWT_SECRET: randomBytes(32).toString('hex'),
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    }
    a = await startTestApp('postgres', { env: keys })
    b = await startServer({ ...keys, DATABASE_URL: a.testDatabase.url as string, SEED_DEMO: '0' })
    reader = await a.createAdmin(['list-users', 'all-channels'])
    const [row] = await a.db
      .insert(users)
      .values({ username: 'alice', email: 'alice@example.com', phone: '+1 555 0101' })
      .returning({ id: users.id })
    member = row?.id as number
  }, scaled(240_000))
  afterAll(async () => {
    await b?.stop()
    await a?.close()
  })

  it("loses the field at the open session's next request in the other process", async () => {
    // Served twice by the other process: the second answer may come from its session cache.
    for (let i = 0; i < 2; i++) {
      const before = await onB(`/api/users/${member}`)
      expect(before.status).toBe(200)
      expect(before.body.data.email).toBe('alice@example.com')
    }
    const [held] = await a.db.select().from(adminRoles).where(eq(adminRoles.adminId, reader.id))
    const narrowed = await a.request(`/api/roles/${held?.roleId}`, {
      method: 'PUT',
      token: await a.superToken(),
      body: { field_rules: { users: { email: 'none', phone: 'masked' } } },
    })
    expect(narrowed.status).toBe(200)
    // The very next request, no wait: the notification is heard before the answer (docs/security.md).
    const after = await onB(`/api/users/${member}`)
    expect(after.status).toBe(200)
    expect(after.body.data).not.toHaveProperty('email')
    expect(after.body.data.phone).toBe('•••• 0101')
    const list = await onB('/api/users?keyword=example.com')
    expect(list.body.data).toEqual([])
    expect((await onB('/api/auth/me')).body.data.field_rules).toEqual({
      users: { email: 'none', phone: 'masked' },
    })
    expect(JSON.stringify(list.body)).not.toContain('alice@example.com')
  })

  it('refuses, at the next request in the other process, to give or manage what reads the field narrowed away', async () => {
    const manager = await a.createAdmin([
      'list-users',
      'create-admins',
      'edit-admins',
      'list-admins',
      'list-roles',
    ])
    const superToken = await a.superToken()
    const open = await a.request('/api/roles', {
      method: 'POST',
      token: superToken,
      body: { name: 'Open e-mail readers', permissions: ['list-users'] },
    })
    expect(open.status).toBe(201)
    const peer = await a.createAdmin(['list-users'])
    const onBAs = async (method: string, path: string, body: unknown) => {
      const res = await fetch(`${b.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: res.status, body: await res.json() }
    }
    const make = (username: string) =>
      onBAs('POST', '/api/admins', {
        username,
        password: 'passw0rd',
        name: username,
        role_ids: [open.body.data.id],
      })
    const reset = (password: string) => onBAs('PUT', `/api/admins/${peer.id}`, { password })

    // Unnarrowed, the manager gives the role and resets the reader's password; its session is now the other
    // process's to remember.
    expect((await make('reader.before')).status).toBe(201)
    expect((await reset('before0ne')).status).toBe(200)

    const [held] = await a.db.select().from(adminRoles).where(eq(adminRoles.adminId, manager.id))
    const narrowed = await a.request(`/api/roles/${held?.roleId}`, {
      method: 'PUT',
      token: superToken,
      body: { field_rules: { users: { email: 'none' } } },
    })
    expect(narrowed.status).toBe(200)

    // The very next requests, in the other process: what reads the e-mail is beyond the manager now.
    const made = await make('reader.after')
    expect(made.status).toBe(403)
    expect(made.body.message).toBe(
      'You cannot give a role that reads fields you may not read in full: users.email.',
    )
    const changed = await reset('after0ne')
    expect(changed.status).toBe(403)
    expect(changed.body.message).toBe(
      'You cannot change an admin who reads fields you may not read in full: users.email.',
    )
    expect(await a.db.select().from(admins).where(eq(admins.username, 'reader.after'))).toEqual([])
    expect(
      (
        await a.request('/api/login', {
          method: 'POST',
          body: { username: peer.username, password: 'after0ne' },
        })
      ).status,
    ).not.toBe(200)
  })
})
