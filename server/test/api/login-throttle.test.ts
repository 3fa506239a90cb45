import { eq, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { type Database, openDatabase } from '../../src/db/client.ts'
import { loginAttempts } from '../../src/db/schema/index.ts'
import { describeEachEngine, describeOnPostgres } from '../support/databases.ts'
import { requestFrom } from '../support/from-address.ts'
import { type Answer, startTestApp, type TestApp } from '../support/harness.ts'

/** Counters live in the database, or in Redis when TEST_REDIS_URL names one to test against. */
const redisUrl = process.env.TEST_REDIS_URL
const stores: { name: string; env: Record<string, string>; describe: typeof describe.skip }[] = [
  { name: 'database counters', env: {}, describe },
  redisUrl
    ? { name: 'redis counters', env: { REDIS_URL: redisUrl }, describe }
    : { name: 'redis counters [redis: skipped, set TEST_REDIS_URL]', env: {}, describe: describe.skip },
]

const tooMany = /^Too many login attempts\. Please try again in \d+ seconds\.$/

describeEachEngine('login throttling', (engine) => {
  for (const store of stores)
    store.describe(store.name, () => {
      let t: TestApp
      const login = (username: string, password: string) =>
        t.request('/api/login', { method: 'POST', body: { username, password } })

      beforeAll(async () => {
        t = await startTestApp(engine, { env: store.env })
      })
      afterAll(() => t?.close())

      it('answers 429 with Retry-After after 5 failures for a username from one address; others go on', async () => {
        const target = await t.createAdmin(['list-tags'])
        for (let i = 0; i < 5; i++) expect((await login(target.username, 'wrong-pass1')).status).toBe(422)
        const sixth = await login(target.username, target.password)
        expect(sixth.status).toBe(429)
        expect(sixth.body).toEqual({ message: expect.stringMatching(tooMany) })
        const retryAfter = Number(sixth.headers.get('retry-after'))
        expect(retryAfter).toBeGreaterThan(800)
        expect(retryAfter).toBeLessThanOrEqual(900)
        // The same name in other letters is the same account's counter.
        expect((await login(target.username.toUpperCase(), 'wrong-pass1')).status).toBe(429)

        const other = await t.createAdmin([])
        expect((await login(other.username, other.password)).status).toBe(200)
        expect((await t.request('/api/tags', { token: target.token })).status).toBe(200)
        const zh = await t.request('/api/login', {
          method: 'POST',
          body: { username: target.username, password: 'x' },
          headers: { 'accept-language': 'zh-CN' },
        })
        expect(zh.body.message).toMatch(/^登录尝试次数过多，请在 \d+ 秒后重试。$/)
      })

      const loginFrom = (address: string, username: string, password: string) =>
        requestFrom(t.url, address, '/api/login', { method: 'POST', body: { username, password } })

      it('strangers cannot lock an admin out: their address is refused, the admin logs in from its own', async () => {
        const victim = await t.createAdmin([])
        const stranger = '127.0.0.50'
        for (let i = 0; i < 5; i++)
          expect((await loginFrom(stranger, victim.username, 'wrong-pass1')).status).toBe(422)
        const refused = await loginFrom(stranger, victim.username, victim.password)
        expect(refused.status).toBe(429)
        expect(refused.body).toEqual({ message: expect.stringMatching(tooMany) })
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800)

        const own = await loginFrom('127.0.0.51', victim.username, victim.password)
        expect(own.status).toBe(200)
        expect(own.body.access_token).toEqual(expect.any(String))
        // The stranger's address stays refused for that username, and only for it.
        expect((await loginFrom(stranger, victim.username, victim.password)).status).toBe(429)
        const other = await t.createAdmin([])
        expect((await loginFrom(stranger, other.username, other.password)).status).toBe(200)
      })

      it('guessing spread over many addresses: 100 failures in an hour refuse the username everywhere', async () => {
        const target = await t.createAdmin([])
        // 25 addresses, 4 failures each: under every per-address limit.
        for (let a = 1; a <= 25; a++) {
          const answers = await Promise.all(
            Array.from({ length: 4 }, () => loginFrom(`127.0.1.${a}`, target.username, 'wrong-pass1')),
          )
          expect(answers.map((x) => x.status)).toEqual([422, 422, 422, 422])
        }
        const blocked = await loginFrom('127.0.2.1', target.username, target.password)
        expect(blocked.status).toBe(429)
        const retryAfter = Number(blocked.headers.get('retry-after'))
        expect(retryAfter).toBeGreaterThan(3000)
        expect(retryAfter).toBeLessThanOrEqual(3600)
        // Other usernames from those addresses are not affected.
        const other = await t.createAdmin([])
        expect((await loginFrom('127.0.1.1', other.username, other.password)).status).toBe(200)
      })

      it("a success clears the username's count", async () => {
        const admin = await t.createAdmin([])
        for (let i = 0; i < 4; i++) await login(admin.username, 'wrong-pass1')
        expect((await login(admin.username, admin.password)).status).toBe(200)
        for (let i = 0; i < 5; i++) expect((await login(admin.username, 'wrong-pass1')).status).toBe(422)
        expect((await login(admin.username, admin.password)).status).toBe(429)
      })

      it('counts failures from parallel attempts: at most 5 of 12 get a password check', async () => {
        const admin = await t.createAdmin([])
        const answers = await Promise.all(
          Array.from({ length: 12 }, () => login(admin.username, 'wrong-pass1')),
        )
        const statuses = answers.map((a: Answer) => a.status).sort()
        expect(statuses.filter((s) => s === 422)).toHaveLength(5)
        expect(statuses.filter((s) => s === 429)).toHaveLength(7)
      })

      // The database's own windows: Redis lets its keys expire by themselves.
      if (!store.env.REDIS_URL)
        it('starts a window afresh once it ran out, and prunes old windows', async () => {
          const admin = await t.createAdmin([])
          for (let i = 0; i < 5; i++) await login(admin.username, 'wrong-pass1')
          await t.db
            .insert(loginAttempts)
            .values({ key: 'user:long-gone', count: 9, expiresAt: sql`now() - interval '1 hour'` })
          // Fifteen minutes pass, for every counter (this address's as well).
          await t.db.update(loginAttempts).set({ expiresAt: sql`now() - interval '1 second'` })
          expect((await login(admin.username, admin.password)).status).toBe(200)
          expect(
            await t.db.select().from(loginAttempts).where(eq(loginAttempts.key, 'user:long-gone')),
          ).toEqual([])
        })

      it('answers 429 to an address after 20 failures, whatever the usernames', async () => {
        // This file's earlier failures from 127.0.0.1 count too: go up to the limit, then one more.
        let status = 422
        let tries = 0
        while (status === 422 && tries < 25) {
          status = (await login(`nobody-${tries}`, 'wrong-pass1')).status
          tries++
        }
        expect(status).toBe(429)
        expect(tries).toBeLessThanOrEqual(21)
        expect((await login('yet-another-name', 'wrong-pass1')).status).toBe(429)
      })
    })
})

/**
 * Two processes on one PostgreSQL database (two apps, each with its own connection pool and, for Redis, its
 * own client): what one learns, the other knows. PGlite lives inside one process, so it has nothing to share.
 */
describeOnPostgres('two server processes on one PostgreSQL (PGlite is a single process)', () => {
  for (const store of stores)
    store.describe(store.name, () => {
      let a: TestApp
      let secondDatabase: Database
      let b: Awaited<ReturnType<typeof buildApp>>
      let bUrl: string

      beforeAll(async () => {
        a = await startTestApp('postgres', { env: store.env })
        secondDatabase = await openDatabase({ url: a.testDatabase.url, pgliteDir: null })
        b = await buildApp({ config: a.config, db: secondDatabase.db, logger: pino({ level: 'silent' }) })
        await b.listen({ port: 0, host: '127.0.0.1' })
        const address = b.server.address()
        bUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
      })
      afterAll(async () => {
        await b?.close()
        await secondDatabase?.close()
        await a?.close()
      })

      async function onB(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
        const res = await fetch(`${bUrl}${path}`, {
          method: init.method ?? 'GET',
          headers: {
            ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
            ...(init.body ? { 'content-type': 'application/json' } : {}),
          },
          body: init.body ? JSON.stringify(init.body) : undefined,
        })
        return { status: res.status, headers: res.headers, body: await res.json().catch(() => null) }
      }

      it('failed logins through one count on the other', async () => {
        const admin = await a.createAdmin([])
        for (let i = 0; i < 3; i++)
          expect(
            (
              await a.request('/api/login', {
                method: 'POST',
                body: { username: admin.username, password: 'bad-pass1' },
              })
            ).status,
          ).toBe(422)
        for (let i = 0; i < 2; i++)
          expect(
            (
              await onB('/api/login', {
                method: 'POST',
                body: { username: admin.username, password: 'bad-pass1' },
              })
            ).status,
          ).toBe(422)
        const blocked = await onB('/api/login', {
          method: 'POST',
          body: { username: admin.username, password: admin.password },
        })
        expect(blocked.status).toBe(429)
        expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/)
        expect(
          (
            await a.request('/api/login', {
              method: 'POST',
              body: { username: admin.username, password: admin.password },
            })
          ).status,
        ).toBe(429)
      })

      it('a logout through one is refused on the other at once', async () => {
        const admin = await a.createAdmin(['list-tags'])
        expect((await onB('/api/tags', { token: admin.token })).status).toBe(200)
        expect((await a.request('/api/logout', { method: 'POST', token: admin.token })).status).toBe(204)
        expect((await onB('/api/tags', { token: admin.token })).status).toBe(401)
      })

      it('disabling through one ends the sessions and the login on the other', async () => {
        const admin = await a.createAdmin(['list-tags'])
        const super_ = await a.superToken()
        expect((await onB('/api/tags', { token: admin.token })).status).toBe(200)
        expect(
          (await a.request(`/api/admins/${admin.id}/disable`, { method: 'POST', token: super_ })).status,
        ).toBe(200)
        expect((await onB('/api/tags', { token: admin.token })).status).toBe(401)
        const login = await onB('/api/login', {
          method: 'POST',
          body: { username: admin.username, password: admin.password },
        })
        expect(login.status).toBe(422)
      })
    })
})
