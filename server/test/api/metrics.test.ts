import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { freePort } from '../../../e2e/support/server.ts'
import { scaled } from '../../../test/support/time.ts'
import { queryRows } from '../../src/db/client.ts'
import { foldFigures } from '../../src/modules/analytics/keeping/index.ts'
import { describeEachEngine, neutralEngine, onOneEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'
import { promtool, sample } from '../support/metrics-text.ts'

/**
 * GET /metrics (docs/operations.md "Metrics"): off unless METRICS_TOKEN or METRICS_PORT, never a staff
 * login's, in Prometheus' text format as promtool (Debian's prometheus package) checks it, scraped while
 * requests run; the figures-behind gauge rising with unfolded rows and falling once they are folded.
 */
const TOKEN = 'metrics-token-0123456789'

describeEachEngine('metrics', (engine) => {
  let t: TestApp
  let port = 0
  beforeAll(async () => {
    port = await freePort()
    t = await startTestApp(engine, { env: { METRICS_TOKEN: TOKEN, METRICS_PORT: String(port) } })
  })
  afterAll(() => t?.close())

  const scrape = async () => {
    const answer = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    return answer.text()
  }

  it('answers only with the token, never to a staff login, and on the loopback port without one', async () => {
    const staff = await t.superToken()
    expect((await fetch(`${t.url}/metrics`)).status).toBe(401)
    const withLogin = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${staff}` } })
    expect(withLogin.status).toBe(401)
    const wrong = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })
    expect(wrong.status).toBe(401)
    const local = await fetch(`http://127.0.0.1:${port}/metrics`)
    expect(local.status).toBe(200)
    expect(await local.text()).toContain('vod_http_request_duration_seconds')
  })

  it.runIf(engine === neutralEngine)(
    onOneEngine(
      engine,
      'is not served at all without METRICS_TOKEN or METRICS_PORT',
      'whether the route exists is decided by the configuration before any statement',
    ),
    async () => {
      const plain = await startTestApp(engine)
      try {
        expect((await fetch(`${plain.url}/metrics`)).status).toBe(404)
      } finally {
        await plain.close()
      }
    },
  )

  it('passes promtool while requests run, with every documented family and no person or record in a label', async () => {
    const token = await t.superToken()
    const [member] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into users (username, email) values ('metrics-member', 'metrics.member@example.com') returning id`,
    )
    // Load: lists, a record by id, failed logins, while the scrapes run.
    const load = Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 5 === 0
          ? t.request('/api/login', {
              method: 'POST',
              body: { username: 'metrics-nobody', password: `wrong-${i}x1` },
            })
          : t.request(i % 2 ? '/api/videos' : `/api/users/${member?.id}`, { token }),
      ),
    )
    const during = await scrape()
    await load
    const text = await scrape()
    await promtool(during)
    await promtool(text)
    for (const family of [
      'vod_http_request_duration_seconds',
      'vod_db_pool_connections',
      'vod_slots_in_use',
      'vod_slots_waiting',
      'vod_slots_refused_total',
      'vod_mail_outbox_depth',
      'vod_mail_outbox_oldest_age_seconds',
      'vod_login_failures_total',
      'vod_login_throttled_total',
      'vod_figures_behind_rows',
      'vod_figures_behind_seconds',
      'vod_figures_set_aside_rows',
      'vod_nodejs_eventloop_lag_p99_seconds',
      'vod_process_resident_memory_bytes',
    ])
      expect(text).toContain(`# TYPE ${family} `)
    expect(
      sample(text, 'vod_http_request_duration_seconds_count', { route: '/api/users/:id', status: '200' }),
    ).toBeGreaterThan(0)
    expect(sample(text, 'vod_login_failures_total')).toBeGreaterThanOrEqual(4)
    for (const kind of ['export', 'bulk', 'analytics', 'search'])
      expect(sample(text, 'vod_slots_in_use', { kind })).toBe(0)
    expect(
      sample(text, 'vod_db_pool_connections', { pool: 'primary', state: 'total' }),
    ).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'vod_mail_outbox_depth', { kind: 'member' })).toBe(0)
    // Templates only: no username, e-mail or id of a record anywhere.
    expect(text).not.toMatch(/metrics-member|metrics\.member|metrics-nobody|\/api\/users\/\d/)
  })

  it('counts the mail outbox: depth and the oldest mail waiting', async () => {
    await t.db.execute(sql`insert into member_mails (user_id, kind, recipient, subject, body, transport, pending, created_at)
      select id, 'email-verification', 'a@example.com', 's', 'b', 'smtp', true, now() - interval '90 seconds'
      from users limit 1`)
    const text = await scrape()
    expect(sample(text, 'vod_mail_outbox_depth', { kind: 'member' })).toBe(1)
    expect(sample(text, 'vod_mail_outbox_oldest_age_seconds', { kind: 'member' })).toBeGreaterThanOrEqual(89)
    await t.db.execute(sql`delete from member_mails`)
  })

  it('says the figures are behind while a transaction of 200,000 visits is folded, and not once folded', {
    timeout: scaled(240_000),
  }, async () => {
    await foldFigures(t.db)
    // On PostgreSQL the fold is held off by its lock from another connection until the scrape is read; PGlite
    // has no other connection, and its fold takes them 50,000 a step, between which the scrape's statements run.
    const holder = t.testDatabase.url ? new pg.Client({ connectionString: t.testDatabase.url }) : null
    await holder?.connect()
    await holder?.query('select pg_advisory_lock(270027)')
    let text = ''
    try {
      await t.db.execute(sql`insert into visits (visitor, device, visited_at)
        select 'metrics-' || g, 'mobile', now() - interval '30 seconds' from generate_series(1, 200000) g`)
      text = await scrape()
    } finally {
      await holder?.query('select pg_advisory_unlock(270027)')
      await holder?.end()
    }
    const behind = sample(text, 'vod_figures_behind_rows') ?? 0
    const seconds = sample(text, 'vod_figures_behind_seconds') ?? 0
    if (holder) expect(behind).toBe(200_000)
    await foldFigures(t.db)
    await expect
      .poll(async () => sample(await scrape(), 'vod_figures_behind_rows'), { timeout: scaled(30_000) })
      .toBe(0)
    expect(sample(await scrape(), 'vod_figures_behind_seconds')).toBe(0)
    expect(behind).toBeGreaterThan(0)
    expect(seconds).toBeGreaterThanOrEqual(29)
  })
})
