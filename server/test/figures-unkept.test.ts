import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ADMIN, type RunningServer, startServer } from '../../e2e/support/server.ts'
import { until } from '../../test/support/time.ts'
import { adminQuery, createTestDatabase, describeOnPostgres, type TestDatabase } from './support/databases.ts'
import { startSmtp } from './support/smtp.ts'

/** The run's PostgreSQL: where it has logical decoding, the figures follow its stream (figure-stream.test.ts). */
const walLevel = process.env.TEST_DATABASE_URL
  ? ((await adminQuery('show wal_level'))[0]?.wal_level as string)
  : null
const withoutStream = walLevel !== null && walLevel !== 'logical'
const PERIOD = 'start_date=2026-11-01&end_date=2026-11-30'

/**
 * A PostgreSQL that gives no change stream (issue 64 item 9): the real server keeps no figures rather than
 * keep them the triggers' way, whose faults there the issue lists; everything else works, and every figure
 * call says why and which setting mends it, in the caller's language.
 */
describeOnPostgres('figures on a PostgreSQL without logical decoding', () => {
  let database: TestDatabase
  const servers: RunningServer[] = []
  let token = ''
  let pool: pg.Pool
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  const q = async (text: string) => (await pool.query(text)).rows
  // One set of keys: a session from one process holds on the other.
  const keys = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  }

  const call = (server: RunningServer, path: string, language = 'en') =>
    fetch(`${server.url}/api${path}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': language },
    })
  /** The status and message of a GET, with the period when the call wants one. */
  const answer = async (server: RunningServer, path: string, language = 'en') => {
    let res = await call(server, path, language)
    if (res.status === 422)
      res = await call(server, `${path}${path.includes('?') ? '&' : '?'}${PERIOD}`, language)
    return { status: res.status, message: ((await res.json()) as { message?: string }).message }
  }
  /** A real server process on the test's database, FIGURES_WITHOUT_STREAM `way`. */
  const serverWith = (way: 'none' | 'triggers', env: Record<string, string> = {}) =>
    startServer({
      ...keys,
      DATABASE_URL: database.url as string,
      SEED_DEMO: '0',
      FIGURES_WITHOUT_STREAM: way,
      ...env,
    })
  const triggers = () =>
    q(
      `select tgname from pg_trigger where not tgisinternal and tgname like '%\\_rollup\\_%'
         and tgrelid = any (array['orders', 'order_events', 'users', 'subscriptions']::regclass[])`,
    )

  beforeAll(async () => {
    if (!withoutStream) return
    database = await createTestDatabase('postgres')
    pool = new pg.Pool({ connectionString: database.url as string, max: 2 })
    smtp = await startSmtp()
    // Made by migrations: the triggers' way would use them.
    expect((await triggers()).length).toBeGreaterThan(0)
    servers.push(await serverWith('none', { SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '1' }))
    const login = await fetch(`${servers[0]?.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
    token = ((await login.json()) as { access_token: string }).access_token
  })

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await pool?.end()
    await smtp?.close()
    await database?.drop()
  })

  it.runIf(withoutStream)(
    `keeps none, says why on every figure call, and serves the rest${walLevel === 'logical' ? ' [skipped: the run’s PostgreSQL has wal_level logical, so the stream is there]' : ''}`,
    async () => {
      const [server] = servers as [RunningServer]
      const unkept = await until(
        'the dashboard to say no figures are kept',
        () => answer(server, '/dashboard'),
        (seen) => seen.status === 503,
      )
      expect(unkept.message).toContain(`wal_level is ${walLevel}`)
      expect(unkept.message).toContain('wal_level = logical')
      expect(unkept.message).toContain('rds.logical_replication = 1')
      expect(unkept.message).toContain('cloudsql.logical_decoding = on')
      expect((await answer(server, '/dashboard', 'zh-CN')).message).toContain(`wal_level 为 ${walLevel}`)

      // Every figure call (the document marks them with the figures field rules may leave out), exports included.
      const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
        paths: Record<string, Record<string, { 'x-field-rules'?: { figures_may_be_absent?: string[] } }>>
      }
      const figureCalls = Object.entries(document.paths).flatMap(([path, operations]) =>
        operations.get?.['x-field-rules']?.figures_may_be_absent ? [path.replace(/^\/api/, '')] : [],
      )
      expect(figureCalls).toEqual(
        expect.arrayContaining(['/dashboard', '/analytics/restatements', '/analytics/data/daily']),
      )
      for (const path of figureCalls) {
        const seen = await answer(server, path.replace('{id}', '1'))
        expect({ path, ...seen }).toEqual({ path, status: 503, message: unkept.message })
      }

      // The rest works: readiness, a list, the economics (read from the rows, not kept figures).
      expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200)
      expect((await answer(server, '/videos')).status).toBe(200)
      expect((await answer(server, '/analytics/subscriptions/movements')).status).toBe(200)

      // Nothing of ours in the member site's transactions, and the database marked as left without figures.
      expect(await triggers()).toEqual([])
      expect(await q(`select key from app_settings where key = 'figures_unkept'`)).toHaveLength(1)
      const member = new pg.Client({ connectionString: database.url as string })
      await member.connect()
      try {
        await member.query('begin isolation level repeatable read')
        await member.query(`insert into users (username, email) values ('rr', 'rr@example.com')`)
        await member.query(`update users set email = 'rr2@example.com' where username = 'rr'`)
        await member.query('commit')
      } finally {
        await member.end()
      }

      // A report mail of kept figures says the same in its language, with no file of figures that are not there.
      const [role] = await q(`insert into roles (name) values ('finance') returning id`)
      await pool.query(
        `insert into role_permissions (role_id, permission_id) select $1, id from permissions
         where name in ('list-daily-revenue', 'export-daily-revenue', 'all-channels')`,
        [role?.id],
      )
      await pool.query(
        `with reader as (insert into admins (username, password_hash, name, email)
           select 'fin-' || language, 'x', 'fin', 'fin-' || language || '@example.com'
           from unnest(array['en', 'zh-cn']) language returning id, substr(username, 5) as language),
         granted as (insert into admin_roles (admin_id, role_id) select id, $1 from reader)
         insert into report_subscriptions (admin_id, report, frequency, hour, language)
         select id, 'daily-revenue', 'daily', extract(hour from now() at time zone 'UTC')::int, language from reader`,
        [role?.id],
      )
      await until('both reports mailed', () => smtp.received.length === 2)
      const mailTo = (address: string) => smtp.received.find((mail) => mail.to.includes(address))
      expect(mailTo('fin-en@example.com')?.text).toContain(unkept.message)
      expect(mailTo('fin-zh-cn@example.com')?.text).toContain(
        `未保存任何统计数据：该 PostgreSQL 的 wal_level 为 ${walLevel}`,
      )
      expect(smtp.received.flatMap((mail) => mail.attachments)).toEqual([])

      // A process told to keep them by triggers does not take up a database left without them: the
      // corrections made meanwhile were never queued.
      servers.push(await serverWith('triggers'))
      const second = servers[1] as RunningServer
      await until(
        'the second process to say no figures are kept',
        () => answer(second, '/dashboard'),
        (seen) => seen.status === 503,
      )
      expect(await triggers()).toEqual([])
    },
  )
})
