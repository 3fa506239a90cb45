import type { PermissionName } from '@vod/contract'
import { eq, type SQL, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scaled, until } from '../../../test/support/time.ts'
import { ACCESS_CHANGED, createSessionLookup } from '../../src/auth/session-cache.ts'
import { type Database, LISTENER_NAME, type Listen } from '../../src/db/client.ts'
import { roles, sessions } from '../../src/db/schema/index.ts'
import { describeEachEngine, describeOnPostgres } from '../support/databases.ts'
import {
  type SecondServer,
  startSecondServer,
  startTestApp,
  type TestAdmin,
  type TestApp,
} from '../support/harness.ts'

/** A change PostgreSQL does not announce: triggers (and so the notifications) are off for this one statement. */
async function unannounced(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('begin')
    await client.query('set local session_replication_role = replica')
    await client.query(statement)
    await client.query('commit')
  } finally {
    await client.end()
  }
}

async function listeners(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and application_name = $1 and query ilike $2`,
      // The sessions' channel only: other listeners (presence) are no proof of it.
      [LISTENER_NAME, `listen "${ACCESS_CHANGED}"%`],
    )
    return rows[0]?.n ?? 0
  } finally {
    await client.end()
  }
}

/** The super-admin, through the API, leaves the admin's one role only `permissions`; answers the status. */
async function narrowRole(t: TestApp, admin: TestAdmin, permissions: PermissionName[]) {
  const [role] = await t.db
    .select()
    .from(roles)
    .where(eq(roles.name, `role-of-${admin.username}`))
  const answer = await t.request(`/api/roles/${role?.id}`, {
    method: 'PUT',
    token: await t.superToken(),
    body: { permissions },
  })
  return answer.status
}

/** The super-admin, through the API, disables the admin; answers the status. */
async function disable(t: TestApp, admin: TestAdmin) {
  return (await t.request(`/api/admins/${admin.id}/disable`, { method: 'POST', token: await t.superToken() }))
    .status
}

/**
 * Two server processes on one PostgreSQL database (two apps, each with its own pool and listening
 * connection), both remembering sessions: what one changes, the other enforces on its next request.
 */
describeOnPostgres('the session cache across processes', () => {
  let a: TestApp
  let second: Database
  let b: SecondServer
  let bUrl: string
  let url: string

  beforeAll(async () => {
    a = await startTestApp('postgres')
    url = a.testDatabase.url as string
    b = await startSecondServer(a)
    second = b.database
    bUrl = b.url
    // Both processes listening: until then each request queries, and nothing here would be proven.
    await until(
      'both apps listening',
      () => listeners(url),
      (n) => n >= 2,
      { every: 50 },
    )
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
  })

  const onB = async (path: string, token: string) =>
    (await fetch(`${bUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })).status

  it('is in use: a revocation nobody announces goes unseen (which is why every change is announced)', async () => {
    const admin = await a.createAdmin(['list-tags'])
    expect(await onB('/api/tags', admin.token)).toBe(200)
    expect((await a.request('/api/tags', { token: admin.token })).status).toBe(200)
    await unannounced(url, `update sessions set revoked_at = now() where admin_id = ${admin.id}`)
    expect(await onB('/api/tags', admin.token)).toBe(200)
    expect((await a.request('/api/tags', { token: admin.token })).status).toBe(200)
  })

  it('a logout through one process ends the token in the other at its next request', async () => {
    const admin = await a.createAdmin(['list-tags'])
    expect(await onB('/api/tags', admin.token)).toBe(200)
    expect((await a.request('/api/logout', { method: 'POST', token: admin.token })).status).toBe(204)
    expect(await onB('/api/tags', admin.token)).toBe(401)
  })

  it('disabling an admin or changing its role through one process counts in the other at once', async () => {
    const admin = await a.createAdmin(['list-tags', 'list-roles'])
    const other = await a.createAdmin(['list-tags'])
    expect(await onB('/api/roles', admin.token)).toBe(200)
    expect(await narrowRole(a, admin, ['list-tags'])).toBe(200)
    expect(await onB('/api/roles', admin.token)).toBe(403)
    expect(await onB('/api/tags', admin.token)).toBe(200)

    expect(await onB('/api/tags', other.token)).toBe(200)
    expect(await disable(a, other)).toBe(200)
    expect(await onB('/api/tags', other.token)).toBe(401)
  })

  it('a round trip on the listening connection hears every change committed before it', async () => {
    let heard = 0
    const subscription = second.listen('vod_test_sync', () => heard++)
    if (!subscription) throw new Error('PostgreSQL offers notifications')
    const other = new pg.Client({ connectionString: url })
    await other.connect()
    try {
      await until('the subscription live', () => subscription.live())
      for (let i = 0; i < 20; i++) {
        const before = heard
        await other.query(`select pg_notify('vod_test_sync', '')`)
        expect(await subscription.sync()).toBe(true)
        expect(heard).toBeGreaterThan(before)
      }
    } finally {
      await other.end()
      await subscription.close()
    }
  })

  it('stops being live when its connection is cut, forgets everything, and comes back', async () => {
    let changes = 0
    const subscription = second.listen('vod_test_channel', () => changes++)
    if (!subscription) throw new Error('PostgreSQL offers notifications')
    try {
      await until('the subscription live', () => subscription.live())
      const heard = changes
      await a.db.execute(sql`select pg_notify('vod_test_channel', '')`)
      await until('the notification heard', () => changes > heard)

      const cut = changes
      await a.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = ${LISTENER_NAME} and query ilike '%vod_test_channel%'`,
      )
      await until('the subscription no longer live', () => !subscription.live())
      expect(changes).toBeGreaterThan(cut)
      await until('the subscription live again', () => subscription.live())
    } finally {
      await subscription.close()
    }
  })
})

/**
 * PGlite's own notifications (db/client.ts `pgliteListen`): one process, whose commits are heard before the
 * statement that made them answers, so the cache is in use there too and every change counts at once.
 */
describe('the session cache on PGlite', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await startTestApp('pglite')
  })
  afterAll(() => t?.close())

  /** Through the app's own database with the triggers, and so the notification, off for this transaction. */
  const unannounced = (statement: SQL) =>
    t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.execute(statement)
    })

  it('is in use: a revocation nobody announces goes unseen, an announced one counts at the next request', async () => {
    const admin = await t.createAdmin(['list-tags'])
    expect((await t.request('/api/tags', { token: admin.token })).status).toBe(200)
    await unannounced(sql`update sessions set revoked_at = now() where admin_id = ${admin.id}`)
    expect((await t.request('/api/tags', { token: admin.token })).status).toBe(200)
    await t.db.execute(sql`update sessions set revoked_at = now() where admin_id = ${admin.id}`)
    expect((await t.request('/api/tags', { token: admin.token })).status).toBe(401)
  })

  it('a logout, a role changed and an admin disabled count at the next request', async () => {
    const admin = await t.createAdmin(['list-tags', 'list-roles'])
    const other = await t.createAdmin(['list-tags'])
    expect((await t.request('/api/roles', { token: admin.token })).status).toBe(200)
    expect(await narrowRole(t, admin, ['list-tags'])).toBe(200)
    expect((await t.request('/api/roles', { token: admin.token })).status).toBe(403)
    expect((await t.request('/api/tags', { token: admin.token })).status).toBe(200)

    expect((await t.request('/api/tags', { token: other.token })).status).toBe(200)
    expect(await disable(t, other)).toBe(200)
    expect((await t.request('/api/tags', { token: other.token })).status).toBe(401)
    expect((await t.request('/api/logout', { method: 'POST', token: admin.token })).status).toBe(204)
    expect((await t.request('/api/tags', { token: admin.token })).status).toBe(401)
  })

  it('hears every change committed before a statement answers, with nothing to wait for', async () => {
    let heard = 0
    const subscription = t.testDatabase.database.listen('vod_test_sync', () => heard++)
    if (!subscription) throw new Error('PGlite offers notifications')
    try {
      await until('the subscription live', () => subscription.live())
      for (let i = 0; i < 20; i++) {
        const before = heard
        await t.db.execute(sql`select pg_notify('vod_test_sync', '')`)
        expect(heard).toBeGreaterThan(before)
        expect(await subscription.sync()).toBe(true)
      }
    } finally {
      await subscription.close()
    }
    expect(subscription.live()).toBe(false)
  })
})

/** The cache's own rules, on a channel the test controls. */
describeEachEngine('the session cache', (engine) => {
  let t: TestApp
  let live = true
  let forget: () => void = () => {}
  const listen: Listen = (_channel, onChange) => {
    forget = onChange
    return { live: () => live, sync: async () => live, close: async () => {} }
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
  })
  afterAll(() => t?.close())

  async function revokeQuietly(sessionId: string) {
    // Through the app's own database, but without telling the cache: only its own rules decide.
    await t.db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId))
  }

  /** A lookup on the test's channel (live or not) and a new admin's session. */
  async function setUp(channelLive: boolean) {
    live = channelLive
    const lookup = createSessionLookup(t.db, listen)
    const admin = await t.createAdmin(['list-tags'])
    const [row] = await t.db.select().from(sessions).where(eq(sessions.adminId, admin.id))
    if (!row) throw new Error('no session')
    return { find: () => lookup.find(row.id, admin.id), sessionId: row.id }
  }

  it('answers from memory while its channel is live, and forgets on a notification', async () => {
    const { find, sessionId } = await setUp(true)
    expect((await find())?.permissions.has('list-tags')).toBe(true)
    await revokeQuietly(sessionId)
    expect(await find()).not.toBeNull()
    forget()
    expect(await find()).toBeNull()
  })

  it('queries on every request while its channel is not known to be live', async () => {
    const { find, sessionId } = await setUp(false)
    expect(await find()).not.toBeNull()
    await revokeQuietly(sessionId)
    expect(await find()).toBeNull()
  })

  it('does not keep an answer read while a change was announced', async () => {
    const { find, sessionId } = await setUp(true)
    const reading = find()
    forget()
    expect(await reading).not.toBeNull()
    await revokeQuietly(sessionId)
    expect(await find()).toBeNull()
  })

  it('never answers a session past its expiry', async () => {
    const { find, sessionId } = await setUp(true)
    // Far enough ahead that it is read and remembered before it expires, on a slow host too.
    const expiresAt = new Date(Date.now() + scaled(1000))
    await t.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId))
    expect(await find()).not.toBeNull()
    // Asked again and again: the remembered session stops answering once it expires, not before.
    await until('the remembered session to stop answering', find, (found) => found === null, { every: 50 })
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt.getTime())
  })
})
