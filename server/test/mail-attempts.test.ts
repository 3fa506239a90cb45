import { addDays, dayIn } from '@vod/contract'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ADMIN, type RunningServer, startServer } from '../../e2e/support/server.ts'
import { scaled, until } from '../../test/support/time.ts'
import { createTestDatabase, describeOnPostgres, type TestDatabase } from './support/databases.ts'
import { slowFront, startSmtp } from './support/smtp.ts'

/**
 * Issue 53 items 3 and 4: two real server processes on one PostgreSQL, both running the mail outbox every
 * second, and a real SMTP server behind a front that can answer slowly without ever falling silent. A mail
 * attempt is over before its claim's lease, whatever the server does, so the other process never sends the
 * same mail meanwhile; a staff request never waits for the mail server; a report whose first send failed is
 * made again for its reader at each attempt, and withheld when the reader may no longer have it.
 */
const MAIL_TIMEOUT_SECONDS = Math.ceil(scaled(1000) / 1000)
/** Twice a claim's lease (4 times MAIL_TIMEOUT_SECONDS). */
const SLOW_MS = 8 * MAIL_TIMEOUT_SECONDS * 1000

describeOnPostgres('mail attempts from two processes', () => {
  let database: TestDatabase
  let pool: pg.Pool
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let front: Awaited<ReturnType<typeof slowFront>>
  const servers: RunningServer[] = []
  const q = async (text: string, values: unknown[] = []) => (await pool.query(text, values)).rows
  const passes = (server: RunningServer) => server.output().split('report mail: pass done').length - 1

  /** Resolves once each process has finished two more passes than now (a whole pass after this moment). */
  async function bothPassed() {
    const before = servers.map(passes)
    await until('two more passes of each process', () =>
      servers.every((server, n) => passes(server) >= (before[n] ?? 0) + 2),
    )
  }
  /** A finance admin with an address, holding `permissions` through a role of its own. */
  async function admin(name: string, permissions: string[]) {
    const [role] = await q(`insert into roles (name) values ($1) returning id`, [`role ${name}`])
    await q(
      `insert into role_permissions (role_id, permission_id) select $1, id from permissions where name = any($2)`,
      [role.id, permissions],
    )
    const [row] = await q(
      `insert into admins (username, password_hash, name, email) values ($1, 'x', $1, $2) returning id`,
      [name, `${name}@example.com`],
    )
    await q('insert into admin_roles (admin_id, role_id) values ($1, $2)', [row.id, role.id])
    return row.id as number
  }
  /** A daily report due now (its hour the one under way) for `adminId`. */
  const subscribe = (adminId: number, report: string, channelId: number | null = null) =>
    q(
      `insert into report_subscriptions (admin_id, report, channel_id, frequency, hour, language)
       values ($1, $2, $3, 'daily', extract(hour from now() at time zone 'UTC')::int, 'en') returning id`,
      [adminId, report, channelId],
    )

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    pool = new pg.Pool({ connectionString: database.url as string, max: 4 })
    smtp = await startSmtp()
    front = await slowFront(smtp)
    const env = {
      DATABASE_URL: database.url as string,
      SEED_DEMO: '0',
      SMTP_URL: front.url,
      MAIL_RETRY_SECONDS: '1',
      // An attempt is cut 3 s after its claim; a claim is its process's for 4 s (lib/mail/outbox.ts). Scaled,
      // with the slow answers below, so that an ordinary exchange still fits in it on a slow host.
      MAIL_TIMEOUT_SECONDS: String(MAIL_TIMEOUT_SECONDS),
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
    await front?.close()
    await smtp?.close()
    await database?.drop()
  })

  it('sends a report and a member mail once to a mail server that keeps an attempt talking past its lease, and answers staff at once', async () => {
    // The next connection's EHLO is answered a `250-` line at a time for twice a claim's lease.
    front.slowly(1, SLOW_MS)
    const reader = await admin('slowreport', ['list-daily-revenue', 'all-channels'])
    await subscribe(reader, 'daily-revenue')
    await until('the slow attempt under way', () => front.slow.open === 1)
    await until('the report sent', async () => {
      const [row] = await q(`select state from report_deliveries`)
      return row?.state === 'sent'
    })
    await until('the slow connection over', () => front.slow.open === 0)
    await bothPassed()
    expect(smtp.received.map((mail) => mail.to)).toEqual([['slowreport@example.com']])
    // Cut before the slow server answered: the attempt was over before its lease.
    expect(front.slow.answered).toBe(0)
    const [delivery] = await q('select attempts from report_deliveries')
    expect(delivery.attempts).toBe(2)

    // A reset mail asked of one process, its first attempt as slow: the request is answered while the
    // mail server is still talking, and the mail goes once.
    const [member] = await q(
      `insert into users (username, email) values ('slowmember', 'slowmember@example.com') returning id`,
    )
    const login = await fetch(`${servers[0]?.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
    const token = (await login.json()).access_token
    front.slowly(1, SLOW_MS)
    const slowAnswered = front.slow.answered
    const res = await fetch(`${servers[0]?.url}/api/users/${member.id}/send-reset-password`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const answered = { status: res.status, body: await res.json(), slowAnswered: front.slow.answered }
    expect(answered.status).toBe(200)
    expect(answered.body.data).toMatchObject({ state: 'queued', pending: 1 })
    // The request was answered before the slow server had answered its first attempt's EHLO (it never does:
    // the attempt is cut first), so nothing of the mail server's held it.
    expect(answered.slowAnswered).toBe(slowAnswered)
    await until('its first attempt at the slow server', () => front.slow.open === 1)
    await until('the mail sent', async () => {
      const [row] = await q('select pending from member_mails where user_id = $1', [member.id])
      return row?.pending === false
    })
    await until('the slow connection over', () => front.slow.open === 0)
    await bothPassed()
    expect(smtp.received.filter((mail) => mail.to.includes('slowmember@example.com'))).toHaveLength(1)
    const [mail] = await q('select attempts, body from member_mails where user_id = $1', [member.id])
    expect(mail.attempts).toBe(2)
    expect(mail.body).toContain('token=[sent]')
  })

  it('checks the reader again at each attempt: a report whose first send failed is withheld from who lost it', async () => {
    const [channel] = await q(
      `insert into channels (utm_source, type) values ('partner', 'advertising') returning id`,
    )
    const readers = {
      kept: await admin('kept', ['list-daily-revenue', 'all-channels']),
      permission: await admin('permission', ['list-daily-revenue', 'all-channels']),
      channel: await admin('channel', ['list-daily-channel']),
      disabled: await admin('disabled', ['list-daily-revenue', 'all-channels']),
      address: await admin('address', ['list-daily-revenue', 'all-channels']),
    }
    await q('insert into channel_admins (channel_id, admin_id) values ($1, $2)', [
      channel.id,
      readers.channel,
    ])
    // The mail server asks each of them to come back later, until told otherwise.
    for (const name of Object.keys(readers)) smtp.deferred.add(`${name}@example.com`)
    const before = smtp.received.length
    for (const [name, id] of Object.entries(readers))
      await subscribe(
        id,
        name === 'channel' ? 'daily-channel' : 'daily-revenue',
        name === 'channel' ? channel.id : null,
      )
    await until('each first send deferred', () =>
      Object.keys(readers).every((name) => smtp.deferrals.includes(`${name}@example.com`)),
    )
    const made = await q(
      `select a.username, d.recipient, d.pending, d.body is not null as made from report_deliveries d
       join report_subscriptions s on s.id = d.subscription_id join admins a on a.id = s.admin_id
       where a.username = any($1) order by a.username`,
      [Object.keys(readers)],
    )
    expect(made.every((row) => row.pending && row.made)).toBe(true)

    // Before the next attempt each but one loses what the report needs.
    await q('delete from admin_roles where admin_id = $1', [readers.permission])
    await q('delete from channel_admins where admin_id = $1', [readers.channel])
    await q(`update admins set status = 'disabled' where id = $1`, [readers.disabled])
    await q(`update admins set email = 'elsewhere@example.com' where id = $1`, [readers.address])
    smtp.deferred.clear()

    await until('every delivery settled', async () => {
      const rows = await q(
        `select count(*)::int as n from report_deliveries d join report_subscriptions s on s.id = d.subscription_id
         where s.admin_id = any($1) and d.pending`,
        [Object.values(readers)],
      )
      return rows[0]?.n === 0
    })
    await bothPassed()
    const states = await q(
      `select a.username, d.state from report_deliveries d join report_subscriptions s on s.id = d.subscription_id
       join admins a on a.id = s.admin_id where a.username = any($1) order by a.username`,
      [Object.keys(readers)],
    )
    expect(Object.fromEntries(states.map((row) => [row.username, row.state]))).toEqual({
      kept: 'sent',
      permission: 'withheld',
      channel: 'withheld',
      disabled: 'withheld',
      address: 'withheld',
    })
    const sent = smtp.received.slice(before)
    expect(sent.map((mail) => mail.to)).toEqual([['kept@example.com']])
    // The report sent is of the period it was made for.
    const yesterday = addDays(dayIn('UTC'), -1)
    expect(sent[0]?.subject).toMatch(/Daily revenue/)
    expect([yesterday, addDays(yesterday, -1)].some((day) => sent[0]?.text.includes(day))).toBe(true)
  })
})
