import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { scaled } from '../../../test/support/time.ts'
import { memberMails, users } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

const VIDEOS = 12_000
const MAILS = 12

/** A mail server that takes connections and never says a word, until it is told to close. */
async function silentServer() {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A real SMTP server on a given port, counting what it receives. */
async function answeringServer(port: number) {
  const received: string[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume()
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((r) => r.address).join(','))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/**
 * Issue 23 item 1: nothing outside (a download that stops reading, a mail server that never answers) holds
 * a database connection. Exports are capped per process, and a reader that goes frees its slot (one that
 * stalls is cut off: export-stall.test.ts); HEAD does no export; member mails are committed first and sent outside the transaction and the request, then retried
 * from the outbox.
 */
describeEachEngine('outside waits hold no database connection', (engine) => {
  let t: TestApp
  let token: string
  let silent: Awaited<ReturnType<typeof silentServer>>
  let answering: Awaited<ReturnType<typeof answeringServer>> | undefined
  const members: number[] = []

  beforeAll(async () => {
    silent = await silentServer()
    t = await startTestApp(engine, {
      env: {
        SMTP_URL: `smtp://127.0.0.1:${silent.port}`,
        MAIL_RETRY_SECONDS: '1',
        // Scaled: the mail server's answer, once it answers, still fits in it on a slow host.
        MAIL_TIMEOUT_SECONDS: String(Math.ceil(scaled(2000) / 1000)),
        EXPORT_CONCURRENCY: '2',
        // The server's cut of a stalled reader is export-stall.test.ts's: here none comes before the third asks.
        EXPORT_STALL_SECONDS: '600',
      },
    })
    token = await t.superToken()
    // About 20 MB of CSV: far more than the socket buffers between the server and a reader that stops.
    await t.db.execute(sql`insert into videos (title, serial_number, cover, video)
      select 'Video ' || n, 'OW-' || n, 'https://cdn.example.com/' || repeat('c', 450), 'https://cdn.example.com/' || repeat('v', 450)
      from generate_series(1, ${VIDEOS}) as n`)
    const rows = await t.db
      .insert(users)
      .values(
        Array.from({ length: MAILS }, (_, i) => ({
          username: `waiter${i}`,
          email: `waiter${i}@example.com`,
        })),
      )
      .returning({ id: users.id })
    members.push(...rows.map((row) => row.id))
  }, scaled(120_000))
  afterAll(async () => {
    for (const response of stalledResponses) response.destroy()
    await t?.close()
    await silent?.close().catch(() => {})
    await answering?.close()
  })

  const stalledResponses: http.IncomingMessage[] = []
  /** An export whose reader takes the headers and then stops reading (its socket fills and stays full). */
  function stalledExport() {
    return new Promise<number>((resolve, reject) => {
      const request = http.get(`${t.url}/api/videos/exportCsv`, {
        headers: { authorization: `Bearer ${token}` },
      })
      request.on('error', reject)
      request.on('response', (response) => {
        response.pause()
        response.on('error', () => {})
        stalledResponses.push(response)
        resolve(response.statusCode ?? 0)
      })
    })
  }

  /** A whole export read by a reader that reads: its status, and its rows when 200. */
  async function wholeExport() {
    const res = await fetch(`${t.url}/api/videos/exportCsv`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const text = await res.text()
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      lines: text.trim().split('\n').length,
    }
  }

  /** Exports running in this test's database (other suites export in theirs at the same time). */
  async function copiesRunning() {
    const result = (await t.db.execute(
      sql`select count(*)::int as n from pg_stat_activity
          where query ilike 'copy (%' and state = 'active' and pid <> pg_backend_pid() and datname = current_database()`,
    )) as unknown as { rows: { n: number }[] }
    return result.rows[0]?.n
  }

  const answers = async (path: string) => {
    const res = await fetch(`${t.url}${path}`, {
      headers: { authorization: `Bearer ${token}` },
      // A ceiling only: a list that waited on the stalled exports or the silent mail server would wait
      // for as long as they last (longer than any ceiling).
      signal: AbortSignal.timeout(scaled(30_000)),
    })
    await res.arrayBuffer()
    return res.status
  }

  it('answers HEAD without exporting, caps exports, frees the slots of readers that go, and keeps lists, health and mail apart', {
    timeout: scaled(180_000),
  }, async () => {
    for (let i = 0; i < 10; i++) {
      const head = await fetch(`${t.url}/api/videos/exportCsv`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(head.status).toBe(200)
      expect(head.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    }
    if (engine === 'postgres') expect(await copiesRunning()).toBe(0)

    // Two exports whose readers stop: both run (the cap), a third is told to come back.
    expect([await stalledExport(), await stalledExport()]).toEqual([200, 200])
    const third = await wholeExport()
    expect(third.status).toBe(429)
    expect(third.retryAfter).toBe('5')

    // Twelve reset mails to a mail server that never says a word: each answered at once, queued (the
    // server is silent, so no answer waited for it), their first attempts under way meanwhile.
    const answered = await Promise.all(
      members.map((id) => t.request(`/api/users/${id}/send-reset-password`, { token })),
    )
    expect(answered.map((a) => a.status)).toEqual(members.map(() => 200))
    expect(answered.map((a) => a.body.data.state)).toEqual(members.map(() => 'queued'))

    // Meanwhile the list and the health check answer.
    for (let i = 0; i < 3; i++) {
      expect(await answers('/api/videos?per_page=5')).toBe(200)
      expect(await answers('/api/users?per_page=5')).toBe(200)
      expect(await answers('/api/health')).toBe(200)
    }

    // The stalled readers go (their connections and slots freed), and a reader that reads gets it all.
    for (const response of stalledResponses) response.destroy()
    await expect
      .poll(async () => (await wholeExport()).status, { timeout: scaled(60_000), interval: 500 })
      .toBe(200)
    // A COPY's backend stops once it next writes to the connection closed under it.
    if (engine === 'postgres') await expect.poll(copiesRunning, { timeout: scaled(30_000) }).toBe(0)
    const whole = await wholeExport()
    expect(whole.status).toBe(200)
    expect(whole.lines).toBe(VIDEOS + 1)

    // The silent mail server times out: each mail is kept (pending), as its history says.
    const pending = await t.db.select().from(memberMails).where(eq(memberMails.pending, true))
    expect(pending).toHaveLength(MAILS)
    expect(pending[0]?.body).toMatch(/token=[\w-]+\.[\w-]+/)
    // The member's e-mail history says so too.
    const history = await t.request(`/api/users/${members[0]}/mails`, { token })
    expect(history.body.data.map((mail: { pending: number }) => mail.pending)).toEqual([1])

    // The mail server comes back: the outbox sends each mail once and keeps no live link.
    await silent.close()
    answering = await answeringServer(silent.port)
    // The outbox's retries wait their turn: on a host at half speed, beside the browser suite, tens of seconds.
    await expect.poll(() => answering?.received.length, { timeout: scaled(60_000) }).toBe(MAILS)
    await expect
      .poll(async () => (await t.db.select().from(memberMails).where(eq(memberMails.pending, true))).length, {
        timeout: scaled(30_000),
      })
      .toBe(0)
    const sent = await t.db.select({ body: memberMails.body }).from(memberMails)
    for (const row of sent) expect(row.body).toContain('token=[sent]')
  })
})
