import { randomBytes } from 'node:crypto'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { and, eq, inArray, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../e2e/support/server.ts'
import { scaled, until } from '../../test/support/time.ts'
import { auditLogs, tags } from '../src/db/schema/index.ts'
import { foldFigures } from '../src/modules/analytics/keeping/index.ts'
import {
  createTestDatabase,
  describeEachEngine,
  describeOnPostgres,
  onPostgresOnly,
  type TestDatabase,
} from './support/databases.ts'
import { startTestApp, type TestApp } from './support/harness.ts'

const unavailable =
  'The service is briefly unavailable: its database cannot be used right now. Please try again shortly.'

/**
 * A TCP relay between the server and PostgreSQL that the test can cut and restore: to the server, a
 * database host going away (connections reset, new ones refused) and coming back on the same address.
 */
class Relay {
  readonly upstream: URL
  port = 0
  server: Server | null = null
  readonly sockets = new Set<Socket>()
  constructor(upstream: string) {
    this.upstream = new URL(upstream)
  }

  /** A free port, not yet listened on: the server starts against a database that is not there. */
  async reserve(): Promise<number> {
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const address = probe.address()
    this.port = typeof address === 'object' && address ? address.port : 0
    await new Promise((resolve) => probe.close(resolve))
    return this.port
  }

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(Number(this.upstream.port || 5432), this.upstream.hostname)
      for (const socket of [client, upstream]) {
        this.sockets.add(socket)
        socket.on('close', () => this.sockets.delete(socket))
        socket.on('error', () => {
          client.destroy()
          upstream.destroy()
        })
      }
      client.pipe(upstream).pipe(client)
    })
    const server = this.server
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve))
  }

  async cut(): Promise<void> {
    const server = this.server
    this.server = null
    for (const socket of this.sockets) socket.destroy()
    if (server) await new Promise((resolve) => server.close(resolve))
  }
}

interface Answer {
  status: number
  headers: Headers
  body: { message?: string; [key: string]: unknown }
  text: string
}

describeEachEngine('GET /api/health', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(engine)
  })
  afterAll(() => t?.close())

  it('is public and says the service and its database are up, nothing more', async () => {
    const res = await t.request('/api/health')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ status: 'ok', database: 'up' })
    const entry = t.app.accessTable.find((route) => route.url === '/api/health')
    expect(entry).toEqual({ method: 'GET', url: '/api/health', access: 'public' })
  })

  it('answers liveness always, and readiness while the database is migrated', async () => {
    const live = await t.request('/api/health/live')
    expect(live.status).toBe(204)
    const ready = await t.request('/api/health/ready')
    expect(ready.status).toBe(200)
    expect(ready.body).toMatchObject({ status: 'ready', database: 'up', migrated: true, stopping: false })
    // Said while the database is up (how far behind depends on the host and decides nothing: health.ts).
    expect(ready.body.figures_behind_seconds).toBeGreaterThanOrEqual(0)
  })

  // The fold held off by its lock from another connection (PGlite has no other connection to hold it).
  it.runIf(engine === 'postgres')(
    onPostgresOnly(
      engine,
      'stays ready with figures more than 30 s behind, saying how far (staff screens serve on), then caught up',
      'it has one connection',
    ),
    async () => {
      const holder = new pg.Client({ connectionString: t.testDatabase.url as string })
      await holder.connect()
      try {
        await holder.query('select pg_advisory_lock(270027)')
        // A visit of a minute ago the fold cannot take: the oldest unfolded row dates how far behind it is.
        await t.db.execute(
          sql`insert into visits (visitor, device, visited_at) values ('ready-1', 'mobile', now() - interval '60 seconds')`,
        )
        const behind = await until(
          'readiness saying the figures are 30 s behind',
          () => t.request('/api/health/ready'),
          (answer) => Number(answer.body.figures_behind_seconds) >= 30,
        )
        expect(behind.status).toBe(200)
        expect(behind.body).toMatchObject({
          status: 'ready',
          database: 'up',
          migrated: true,
          stopping: false,
        })
      } finally {
        await holder.query('select pg_advisory_unlock(270027)')
        await holder.end()
      }
      await foldFigures(t.db)
      // Read again past the reuse of the last answer.
      await until(
        'readiness saying the figures caught up',
        () => t.request('/api/health/ready'),
        (answer) => Number(answer.body.figures_behind_seconds) < 30,
      )
    },
  )
})

/**
 * The real server process (server/src/main.ts) on PostgreSQL: unreachable at start, backends terminated
 * under a burst of writes, the database gone later and back. Skipped without TEST_DATABASE_URL (PGlite
 * lives inside the process: there is no connection to lose).
 */
describeOnPostgres('a PostgreSQL out of reach or dropping connections', () => {
  let database: TestDatabase
  let relay: Relay
  let server: RunningServer
  let token = ''
  let terminator: pg.Client
  const password = 'outage-passw0rd'

  async function call(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
    const res = await fetch(`${server.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
    const text = await res.text()
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : {}, text } as Answer
  }
  const login = () => call('/api/login', { method: 'POST', body: { username: 'admin', password } })

  /** A 503 as API.md shapes errors, with Retry-After, and not a word about the database's whereabouts. */
  function expectUnavailable(res: Answer) {
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('5')
    expect(res.text).not.toMatch(/ECONN|5432|127\.0\.0\.1|postgres|terminat/i)
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { migrate: false })
    const url = new URL(database.url as string)
    relay = new Relay(url.toString())
    url.port = String(await relay.reserve())
    server = await startServer({
      DATABASE_URL: url.toString(),
      JWT_SECRET: randomBytes(32).toString('hex'),
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      ADMIN_PASSWORD: password,
      SEED_DEMO: '0',
    })
    terminator = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await terminator.connect()
  }, scaled(180_000))
  afterAll(async () => {
    await server?.stop()
    await terminator?.end()
    await relay?.cut()
    await database?.drop()
  })

  it('starts without its database: /api/health and every request answer 503, then it serves once it is there', async () => {
    const health = await call('/api/health')
    expectUnavailable(health)
    expect(health.body).toEqual({ status: 'unavailable', database: 'down', message: unavailable })
    const refused = await login()
    expectUnavailable(refused)
    expect(refused.body).toEqual({ message: unavailable })
    expectUnavailable(await call('/api/tags', { token: 'x.y.z' }))
    expect(server.alive()).toBe(true)

    await relay.open()
    const ready = await until(
      'the health check up',
      () => call('/api/health'),
      (res) => res.status === 200,
      { every: 250 },
    )
    expect(ready.body).toEqual({ status: 'ok', database: 'up' })
    const ok = await login()
    expect(ok.status).toBe(200)
    token = ok.body.access_token as string
  })

  it('survives its connections being terminated under a burst of writes; acknowledged writes stay, each with its audit row', {
    timeout: scaled(120_000),
  }, async () => {
    const name = new URL(database.url as string).pathname.slice(1)
    // Every backend of the product, or only those a request holds between two statements of its
    // transaction (a connection checked out of the pool: where an unhandled 'error' used to crash).
    const terminate = (state: 'any' | 'idle in transaction') =>
      terminator.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = $1 and ($2 = 'any' or state = $2)`,
        [name, state],
      )
    const answers: Answer[] = []
    let serial = 0
    // Rounds until requests were in flight on terminated connections (nearly always the first).
    for (let round = 0; round < 5 && answers.filter((a) => a.status === 503).length < 3; round++) {
      let pending = true
      const burst = Promise.all(
        Array.from({ length: 60 }, () =>
          call('/api/tags', { method: 'POST', token, body: { name: `burst ${++serial}`, type: 'genre' } }),
        ),
      ).finally(() => {
        pending = false
      })
      let killed = (await terminate('any')).rowCount ?? 0
      while (pending && killed < 8) killed += (await terminate('idle in transaction')).rowCount ?? 0
      answers.push(...(await burst))
    }
    expect(server.alive()).toBe(true)
    expect(server.output()).not.toMatch(/uncaught|unhandled/i)
    const statuses = new Set(answers.map((a) => a.status))
    expect([...statuses].filter((s) => s !== 201 && s !== 503)).toEqual([])
    const failed = answers.filter((a) => a.status === 503)
    expect(failed.length).toBeGreaterThan(0)
    for (const res of failed) {
      expectUnavailable(res)
      expect(res.body).toEqual({ message: unavailable })
    }

    // The pool recovers by itself: later requests are answered, and answered well.
    await until(
      'a list answered again',
      () => call('/api/tags?per_page=1', { token }),
      (res) => res.status === 200,
      { every: 250 },
    )
    for (let i = 0; i < 10; i++) expect((await call('/api/tags?per_page=1', { token })).status).toBe(200)

    const acknowledged = answers
      .filter((a) => a.status === 201)
      .map((a) => (a.body.data as { id: number }).id)
    expect(acknowledged.length).toBeGreaterThan(0)
    const db = database.database.db
    const stored = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, acknowledged))
    expect(stored.map((row) => row.id).sort()).toEqual([...acknowledged].sort())
    const audited = await db
      .select({ id: auditLogs.recordId })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.resource, 'tags'),
          eq(auditLogs.action, 'create'),
          inArray(auditLogs.recordId, acknowledged),
        ),
      )
    expect(audited.map((row) => row.id).sort()).toEqual([...acknowledged].sort())
  })

  it('answers 503 while its database is gone later, and serves again when it is back', async () => {
    await relay.cut()
    // /api/health reuses its probe for a second (it is public): asked until the last one has run out.
    const health = await until(
      'the health check down',
      () => call('/api/health'),
      (res) => res.status === 503,
      { every: 250 },
    )
    expectUnavailable(health)
    expect(health.body).toEqual({ status: 'unavailable', database: 'down', message: unavailable })
    for (const res of [
      await call('/api/tags', { token }),
      await login(),
      await call('/api/auth/me', { token }),
    ]) {
      expectUnavailable(res)
      expect(res.body).toEqual({ message: unavailable })
    }
    expect(server.alive()).toBe(true)

    await relay.open()
    await until(
      'the health check up again',
      () => call('/api/health'),
      (res) => res.status === 200,
      { every: 250 },
    )
    expect((await call('/api/tags', { token })).status).toBe(200)
  })
})
