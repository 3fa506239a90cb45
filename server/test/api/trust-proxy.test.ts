import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs, sessions } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { requestFrom } from '../support/from-address.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

/**
 * The client address the audit trail, the sessions and the login throttle use: the connecting address,
 * unless TRUST_PROXY names the proxy in front, whose X-Forwarded-For then tells the real client.
 */
describeEachEngine('client address (TRUST_PROXY)', (engine) => {
  function suite(env: Record<string, string>, body: (app: () => TestApp) => void) {
    let t: TestApp
    beforeAll(async () => {
      t = await startTestApp(engine, { env })
    })
    afterAll(() => t?.close())
    body(() => t)
  }

  async function lastFailedLoginIp(t: TestApp, username: string) {
    const [row] = await t.db
      .select({ ip: auditLogs.ip })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'login-failed'), eq(auditLogs.adminUsername, username)))
      .orderBy(desc(auditLogs.id))
      .limit(1)
    return row?.ip
  }

  /** Where the admin's sessions came from, oldest first (the first is the harness's own login). */
  const sessionIps = async (t: TestApp, adminId: number) =>
    (await t.db.select().from(sessions).where(eq(sessions.adminId, adminId)).orderBy(sessions.createdAt)).map(
      (session) => session.ip,
    )

  const login = (t: TestApp, from: string, forwardedFor: string | null, username: string, password: string) =>
    requestFrom(t.url, from, '/api/login', {
      method: 'POST',
      body: { username, password },
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    })

  describe('off (the default): X-Forwarded-For is only the client talking', () => {
    suite({}, (app) => {
      it('records and counts the connecting address, whatever the header says', async () => {
        const t = app()
        const admin = await t.createAdmin([])
        expect((await login(t, '127.0.0.1', '203.0.113.9', admin.username, 'wrong-pass1')).status).toBe(422)
        expect(await lastFailedLoginIp(t, admin.username)).toBe('127.0.0.1')
        const ok = await login(t, '127.0.0.1', '203.0.113.9', admin.username, admin.password)
        expect(ok.status).toBe(200)
        expect(await sessionIps(t, admin.id)).toEqual(['127.0.0.1', '127.0.0.1'])

        // A new made-up address on each try does not escape the address's limit of 20.
        const statuses: number[] = []
        for (let i = 0; i < 21; i++)
          statuses.push((await login(t, '127.0.0.70', `198.51.100.${i}`, `nobody${i}`, 'wrong-pass1')).status)
        expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true)
        expect(statuses[20]).toBe(429)
      })
    })
  })

  describe('TRUST_PROXY=1: the nearest hop is the proxy', () => {
    suite({ TRUST_PROXY: '1' }, (app) => {
      it('records and counts the client the proxy names, not what the client wrote before it', async () => {
        const t = app()
        const admin = await t.createAdmin([])
        // The client sent "X-Forwarded-For: 198.51.100.1"; the proxy appended the address it saw.
        expect((await login(t, '127.0.0.1', '198.51.100.1, 203.0.113.9', admin.username, 'x')).status).toBe(
          422,
        )
        expect(await lastFailedLoginIp(t, admin.username)).toBe('203.0.113.9')
        const ok = await login(t, '127.0.0.1', '203.0.113.9', admin.username, admin.password)
        expect(ok.status).toBe(200)
        expect(await sessionIps(t, admin.id)).toEqual(['127.0.0.1', '203.0.113.9'])

        // Two clients behind the one proxy are throttled apart.
        for (let i = 0; i < 20; i++)
          expect((await login(t, '127.0.0.1', '203.0.113.50', `nobody${i}`, 'wrong-pass1')).status).toBe(422)
        expect((await login(t, '127.0.0.1', '203.0.113.50', admin.username, admin.password)).status).toBe(429)
        expect((await login(t, '127.0.0.1', '203.0.113.51', admin.username, admin.password)).status).toBe(200)
      })
    })
  })

  describe('TRUST_PROXY=<addresses>: only those are proxies', () => {
    suite({ TRUST_PROXY: '127.0.0.1' }, (app) => {
      it('believes X-Forwarded-For from the listed proxy and from nobody else', async () => {
        const t = app()
        const admin = await t.createAdmin([])
        await login(t, '127.0.0.1', '203.0.113.9', admin.username, 'wrong-pass1')
        expect(await lastFailedLoginIp(t, admin.username)).toBe('203.0.113.9')
        await login(t, '127.0.0.80', '203.0.113.9', admin.username, 'wrong-pass1')
        expect(await lastFailedLoginIp(t, admin.username)).toBe('127.0.0.80')
      })
    })
  })
})
