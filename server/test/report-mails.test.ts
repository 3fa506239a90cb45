import { addDays, dayIn, reportFigureLabel, reportMailContents } from '@vod/contract'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ADMIN, type RunningServer, startServer } from '../../e2e/support/server.ts'
import { scaled, until } from '../../test/support/time.ts'
import { figureText } from '../src/modules/report-subscriptions/mail-text.ts'
import { createTestDatabase, describeOnPostgres, type TestDatabase } from './support/databases.ts'
import { type ReceivedMail, startSmtp } from './support/smtp.ts'

/**
 * Reports by e-mail from two real server processes on one PostgreSQL, both running the scheduler every
 * second: every subscription due gets exactly one mail for its period at a real SMTP server, with the
 * figures the daily revenue screen shows for it, while both claim at once; then one process is killed with
 * SIGKILL, and a report it had claimed but not made is sent by the other.
 */
describeOnPostgres('reports by e-mail from two processes', () => {
  let database: TestDatabase
  let pool: pg.Pool
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  const servers: RunningServer[] = []
  const passes = (server: RunningServer) => server.output().split('report mail: pass done').length - 1

  /** Resolves once each running server has finished two more passes than now (a whole pass after this moment). */
  async function bothPassed(running: RunningServer[]) {
    const before = running.map(passes)
    await until('two more passes of each process', () =>
      running.every((server, n) => passes(server) >= (before[n] ?? 0) + 2),
    )
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    pool = new pg.Pool({ connectionString: database.url as string, max: 4 })
    smtp = await startSmtp()
    const env = {
      DATABASE_URL: database.url as string,
      SEED_DEMO: '0',
      SMTP_URL: smtp.url,
      MAIL_RETRY_SECONDS: '1',
      // A claimed report is its process's for 8 s (lib/mail/outbox.ts leaseSeconds), scaled: an ordinary
      // exchange still fits in the timeout on a slow host.
      MAIL_TIMEOUT_SECONDS: String(Math.ceil(scaled(2000) / 1000)),
      // The passes' ends are logged at debug: the test counts them.
      LOG_LEVEL: 'debug',
    }
    // Both processes need the same keys to share the database (README "Configuration").
    const keys = { JWT_SECRET: 'k'.repeat(40), TOTP_ENCRYPTION_KEY: 't'.repeat(40) }
    for (let n = 0; n < 2; n++) servers.push(await startServer({ ...env, ...keys }))
  }, scaled(240_000))
  afterAll(async () => {
    for (const server of servers) await server.stop()
    await pool?.end()
    await smtp?.close()
    await database?.drop()
  })

  it('mails each due report exactly once, with the screen figures, and the survivor sends a dead claim', {
    timeout: scaled(180_000),
  }, async () => {
    const q = async (text: string, values: unknown[] = []) => (await pool.query(text, values)).rows
    const [plan] = await q(
      `insert into plans (name, initial_period_count, initial_period_unit, initial_original_price) values ('Two', 1, 'month', '9.99') returning id`,
    )
    const yesterday = addDays(dayIn('UTC'), -1)
    await q(
      `with u as (insert into users (username) select 'two-' || g from generate_series(1, 6) g returning id)
       insert into orders (order_no, user_id, plan_id, amount, payment_method, paid_at, transaction_fee, total_amount)
       select 'TWO-' || id, id, $1, 12.50, 'segpay', $2::date + interval '13 hours', 0.40, 12.10 from u`,
      [plan.id, yesterday],
    )
    const login = await fetch(`${servers[1]?.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
    const token = (await login.json()).access_token
    const revenueOf = async (day: string) =>
      (
        await (
          await fetch(
            `${servers[1]?.url}/api/analytics/revenue/companyDataDaily?start_date=${day}&end_date=${day}`,
            {
              headers: { authorization: `Bearer ${token}` },
            },
          )
        ).json()
      ).meta.totals
    // The orders folded into the figures before any report is made of them.
    await until('the orders in the figures', async () => (await revenueOf(yesterday)).gross === '75.00')

    // Twelve finance admins, each subscribed to the daily revenue at the hour under way (due now).
    const [role] = await q(`insert into roles (name) values ('finance') returning id`)
    await q(
      `insert into role_permissions (role_id, permission_id) select $1, id from permissions
       where name in ('list-daily-revenue', 'export-daily-revenue', 'all-channels')`,
      [role.id],
    )
    const hour = new Date().getUTCHours()
    const subscribers = await q(
      `with a as (insert into admins (username, password_hash, name, email)
         select 'fin' || g, 'x', 'fin' || g, 'fin' || g || '@example.com' from generate_series(1, 12) g returning id),
       r as (insert into admin_roles (admin_id, role_id) select id, $1 from a)
       insert into report_subscriptions (admin_id, report, frequency, hour, language)
       select id, 'daily-revenue', 'daily', $2, 'en' from a returning id`,
      [role.id, hour],
    )
    expect(subscribers).toHaveLength(12)

    await until('twelve reports sent', async () => {
      const [row] = await q(`select count(*)::int as n from report_deliveries where state = 'sent'`)
      return row.n === 12
    })
    await bothPassed(servers)
    expect(smtp.received).toHaveLength(12)
    const recipients = smtp.received.map((mail) => mail.to.join()).sort()
    expect(new Set(recipients).size).toBe(12)
    const rows = await q('select subscription_id, period_start::text, attempts from report_deliveries')
    expect(rows).toHaveLength(12)
    const period = rows[0]?.period_start
    expect([yesterday, addDays(yesterday, -1)]).toContain(period)

    // The figures are the screen's: the daily revenue of that day as an admin reads it.
    const totals = await revenueOf(period)
    expect(totals.gross).toBe(period === yesterday ? '75.00' : '0.00')
    for (const mail of smtp.received as ReceivedMail[])
      for (const name of reportMailContents['daily-revenue'].headline)
        expect(mail.text).toContain(`${reportFigureLabel(name, 'en')}: ${figureText(name, totals[name])}`)

    // One process dies; a report it had claimed (the row, nothing made) is sent by the other, once.
    process.kill(servers[0]?.pid as number, 'SIGKILL')
    const [late] = await q(
      `with a as (insert into admins (username, password_hash, name, email) values ('fin-late', 'x', 'late', 'late@example.com') returning id),
       r as (insert into admin_roles (admin_id, role_id) select id, $1 from a)
       insert into report_subscriptions (admin_id, report, frequency, hour, language)
       select id, 'daily-revenue', 'daily', (extract(hour from now() at time zone 'UTC')::int + 1) % 24, 'en' from a returning id`,
      [role.id],
    )
    await q(
      `insert into report_deliveries (subscription_id, period_start, period_end, tried_at)
       values ($1, $2, $2, now() - interval '10 seconds')`,
      [late.id, yesterday],
    )
    await until('the dead claim sent', () =>
      smtp.received.some((mail) => mail.to.includes('late@example.com')),
    )
    await bothPassed(servers.slice(1))
    expect(smtp.received.filter((mail) => mail.to.includes('late@example.com'))).toHaveLength(1)
    expect(smtp.received).toHaveLength(13)
    expect(servers[1]?.alive()).toBe(true)
  })

  it('mails a monthly report once, on the first of the month, with the month just closed', {
    timeout: scaled(120_000),
  }, async () => {
    const q = async (text: string, values: unknown[] = []) => (await pool.query(text, values)).rows
    const [role] = await q(`select id from roles where name = 'finance'`)
    // Subscribed two months ago at hour 0: this month's first at 0:00 (UTC, the business zone here) has passed.
    const [monthly] = await q(
      `with a as (insert into admins (username, password_hash, name, email) values ('fin-month', 'x', 'month', 'month@example.com') returning id),
       r as (insert into admin_roles (admin_id, role_id) select id, $1 from a)
       insert into report_subscriptions (admin_id, report, frequency, hour, language, created_at)
       select id, 'daily-revenue', 'monthly', 0, 'en', now() - interval '62 days' from a returning id`,
      [role.id],
    )
    const mine = () => smtp.received.filter((mail) => mail.to.includes('month@example.com'))
    await until('the monthly report sent', () => mine().length > 0)
    await bothPassed(servers.slice(1))
    expect(mine()).toHaveLength(1)
    const today = dayIn('UTC')
    const closed = addDays(`${today.slice(0, 7)}-01`, -1)
    expect(
      await q(
        'select period_start::text as start, period_end::text as end from report_deliveries where subscription_id = $1',
        [monthly.id],
      ),
    ).toEqual([{ start: `${closed.slice(0, 7)}-01`, end: closed }])
  })
})
