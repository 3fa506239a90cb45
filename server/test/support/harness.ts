import { randomBytes } from 'node:crypto'
import type { Socket } from 'node:net'
import type { PermissionName } from '@vod/contract'
import argon2 from 'argon2'
import { inArray } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import pino from 'pino'
import { z } from 'zod'
import { buildApp } from '../../src/app.ts'
import { bootstrap } from '../../src/auth/bootstrap.ts'
import { permissionCatalogue } from '../../src/auth/catalogue.ts'
import { type Config, loadConfig } from '../../src/config.ts'
import { type Database, type Db, openDatabase } from '../../src/db/client.ts'
import { adminRoles, admins, permissions, rolePermissions, roles } from '../../src/db/schema/index.ts'
import { createTestDatabase, type Engine, type TestDatabase } from './databases.ts'

/**
 * The password hash of an admin a test makes straight in the database: argon2id as the server writes it, at
 * the smallest cost argon2 takes (the server reads the cost from the hash, so its check is the same code). The
 * server's own cost (19 MiB, 2 passes, auth/password.ts, pinned by password.test.ts) made each admin a test
 * made cost two full argon2 runs, hundreds of them a run. Admins made through the API, the profile and the
 * first start keep the server's cost, and their logins check it.
 */
export const testPasswordHash = (password: string) =>
  argon2.hash(password, { type: argon2.argon2id, memoryCost: 8, timeCost: 1, parallelism: 1 })

export const SUPER_USERNAME = 'admin'
export const SUPER_PASSWORD = 'secret123'

/** A JSON answer as tests read it: its shape is what the assertions check, not the type checker. */
// biome-ignore lint/suspicious/noExplicitAny: see above; one place for the whole test suite.
export type Json = any

export interface Answer<T = Json> {
  status: number
  headers: Headers
  /** Parsed JSON when the answer is JSON, else the text ('' for none). */
  body: T
}

export interface RequestOptions {
  method?: string
  token?: string
  /** An object is sent as JSON; a string is sent as it is (for malformed bodies). */
  body?: unknown
  headers?: Record<string, string>
}

export interface TestAdmin {
  id: number
  username: string
  password: string
  /** A token from a real login. */
  token: string
}

export interface TestApp {
  app: FastifyInstance
  /** http://127.0.0.1:<port>, the app listening for real. */
  url: string
  db: Db
  testDatabase: TestDatabase
  config: Config
  request<T = Json>(path: string, options?: RequestOptions): Promise<Answer<T>>
  /** POST /api/login; returns the access token or throws with the answer. */
  login(username: string, password: string): Promise<string>
  /** Token of the bootstrap super-admin (every permission). */
  superToken(): Promise<string>
  /** A new enabled admin whose one role holds exactly `permissions`, logged in. */
  createAdmin(
    permissions: readonly PermissionName[],
    options?: { username?: string; password?: string },
  ): Promise<TestAdmin>
  close(): Promise<void>
}

export interface StartOptions {
  /** Environment overrides, as main.ts would read them. */
  env?: Record<string, string>
  /** Skip bootstrap (no permissions, roles or admin). */
  bare?: boolean
  /** The app's logger; silent unless TEST_LOG_LEVEL says otherwise. */
  logger?: FastifyBaseLogger
  /** Called after buildApp and before listen, e.g. to add a route. */
  beforeListen?: (app: FastifyInstance, db: Db) => void | Promise<void>
  /** Permissions of the test's own routes (fixture resources), added to the product's catalogue. */
  permissions?: readonly { name: string; group: string }[]
}

/**
 * Lists answer JSON that PostgreSQL wrote (lib/list/define-list.ts, sendList), which no serializer checks
 * on its way out: in the tests, every such answer is held to its route's response schema, so a record that
 * strays from its declared shape fails the test that asked for it (answering 500).
 */
function holdListsToTheirSchema(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const schema = (request.routeOptions.schema?.response as Record<number, unknown> | undefined)?.[200]
    if (reply.statusCode !== 200 || typeof payload !== 'string' || !(schema instanceof z.ZodType))
      return payload
    const checked = schema.safeParse(JSON.parse(payload))
    if (!checked.success)
      throw new Error(`${request.method} ${request.url} answered off its schema: ${checked.error.message}`)
    return payload
  })
}

/**
 * A started app on a fresh database of the given engine: migrated, bootstrapped with a super-admin
 * (admin / secret123), listening on a free port. Tests talk to it over real HTTP.
 */
export async function startTestApp(engine: Engine, options: StartOptions = {}): Promise<TestApp> {
  const testDatabase = await createTestDatabase(engine)
  const db = testDatabase.database.db
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: `/tmp/vod-server-test-${randomBytes(4).toString('hex')}`,
    ADMIN_USERNAME: SUPER_USERNAME,
    ADMIN_PASSWORD: SUPER_PASSWORD,
    SEED_DEMO: '0',
    WEB_DIST: '/nonexistent-web-dist',
    // Keys from the environment, as with DATABASE_URL: nothing is written under DATA_DIR.
    JWT_SECRET: randomBytes(32).toString('hex'),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    // Changes scheduled ahead run once at the start and then hourly, not on their own between a test's steps
    // (the field walk plants a due one and reads it back); scheduled-changes.test.ts sets its own pace.
    SCHEDULED_CHANGES_INTERVAL_MS: '3600000',
    // With DATABASE_URL on the run's PostgreSQL (no change stream there), figures kept by the triggers' way,
    // for tests only; figures-unkept.test.ts sets none.
    FIGURES_WITHOUT_STREAM: 'triggers',
    ...options.env,
  })
  const catalogue = permissionCatalogue(options.permissions)
  let app: FastifyInstance
  try {
    // The first admin's password at the least cost, as createAdmin's: its login is an argon2 check per file.
    if (!options.bare) await bootstrap(db, { ...config, catalogue, hash: testPasswordHash })
    app = await buildApp({
      config,
      db,
      listen: testDatabase.database.listen,
      engine: testDatabase.database.engine,
      logger: options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      catalogue,
    })
    holdListsToTheirSchema(app)
    await options.beforeListen?.(app, db)
    await app.listen({ port: 0, host: '127.0.0.1' })
  } catch (error) {
    await testDatabase.drop()
    throw error
  }
  const closeApp = closerOf(app)
  const address = app.server.address()
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

  async function request<T = Json>(path: string, req: RequestOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...req.headers }
    if (req.token) headers.authorization = `Bearer ${req.token}`
    let body: string | undefined
    if (typeof req.body === 'string') body = req.body
    else if (req.body !== undefined) {
      body = JSON.stringify(req.body)
      headers['content-type'] ??= 'application/json'
    }
    const res = await fetch(`${url}${path}`, { method: req.method ?? 'GET', headers, body })
    const text = await res.text()
    const parsed = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text
    return { status: res.status, headers: res.headers, body: parsed as T }
  }

  async function login(username: string, password: string): Promise<string> {
    const res = await request('/api/login', { method: 'POST', body: { username, password } })
    if (res.status !== 200) throw new Error(`login ${username} -> ${res.status} ${JSON.stringify(res.body)}`)
    return res.body.access_token
  }

  let superToken: string | undefined
  let created = 0

  return {
    app,
    url,
    db,
    testDatabase,
    config,
    request,
    login,
    async superToken() {
      superToken ??= await login(SUPER_USERNAME, SUPER_PASSWORD)
      return superToken
    },
    async createAdmin(names, opts = {}) {
      created++
      const username = opts.username ?? `tester${created}_${randomBytes(3).toString('hex')}`
      const password = opts.password ?? 'passw0rd'
      const [admin] = await db
        .insert(admins)
        .values({ username, passwordHash: await testPasswordHash(password), name: username })
        .returning({ id: admins.id })
      const [role] = await db
        .insert(roles)
        .values({ name: `role-of-${username}` })
        .returning({ id: roles.id })
      if (!admin || !role) throw new Error('could not create the test admin')
      await db.insert(adminRoles).values({ adminId: admin.id, roleId: role.id })
      if (names.length > 0) {
        const ids = await db
          .select({ id: permissions.id })
          .from(permissions)
          .where(inArray(permissions.name, [...names]))
        if (ids.length !== names.length) throw new Error(`unknown permission among ${names.join(', ')}`)
        await db.insert(rolePermissions).values(ids.map((p) => ({ roleId: role.id, permissionId: p.id })))
      }
      return { id: admin.id, username, password, token: await login(username, password) }
    },
    async close() {
      await closeApp()
      await testDatabase.drop()
    },
  }
}

/** A second server on a PostgreSQL test app's database, with a pool of its own, as another process would run. */
export interface SecondServer {
  url: string
  database: Database
  close: () => Promise<void>
}

export async function startSecondServer(first: TestApp): Promise<SecondServer> {
  const database = await openDatabase({ url: first.testDatabase.url as string, pgliteDir: null })
  const app = await buildApp({
    config: first.config,
    db: database.db,
    listen: database.listen,
    engine: database.engine,
    logger: pino({ level: 'silent' }),
  })
  const closeApp = closerOf(app)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    database,
    close: async () => {
      await closeApp()
      await database.close()
    },
  }
}

/**
 * How a test's app is closed at the end of its suite: its connections with it, and any that opens meanwhile.
 * On PostgreSQL apps a connection opened as the close began and sent nothing (what opens it is not known;
 * seen after a presence test's last requests) is neither idle nor busy to Node, which would keep the close
 * waiting for its headers' limit (60 s). How a server stops while people still have
 * requests under way is graceful-stop.test.ts's, on a process of its own.
 */
function closerOf(app: FastifyInstance): () => Promise<void> {
  const sockets = new Set<Socket>()
  let closing = false
  app.server.on('connection', (socket: Socket) => {
    if (closing) return socket.destroy()
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  return async () => {
    closing = true
    const closed = app.close()
    for (const socket of sockets) socket.destroy()
    await closed
  }
}
