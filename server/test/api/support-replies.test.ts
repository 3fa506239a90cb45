import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { scaled, until } from '../../../test/support/time.ts'
import { supportReplies, supports, users } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'
import { type ReceivedMail, startSmtp } from '../support/smtp.ts'

/** Answering a ticket (issue 58, item 2): a reply mailed through the outbox, kept with who and when. */
describeEachEngine('support replies', (engine) => {
  let t: TestApp
  let token: string
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  /** The app's log lines, warnings and worse. */
  const logged: string[] = []
  const api = (path: string, method = 'GET', body?: Json) => t.request(path, { token, method, body })

  const ticket = async (email: string, userId: number | null = null) => {
    const [row] = await t.db
      .insert(supports)
      .values({ type: 'billing', subject: 'Charged twice', email, message: 'Please help', userId })
      .returning({ id: supports.id })
    return row?.id as number
  }

  beforeAll(async () => {
    smtp = await startSmtp()
    t = await startTestApp(engine, {
      logger: pino({ level: 'warn' }, { write: (line: string) => void logged.push(line) }),
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Support <support@vod.test>', MAIL_RETRY_SECONDS: '1' },
    })
    token = await t.superToken()
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  it('mails the reply once to the ticket address in both languages, kept on the ticket with its sender', async () => {
    const id = await ticket('payer@example.com')
    const res = await api(`/api/supports/${id}/replies`, 'POST', { body: 'We refunded the second charge.' })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.data).toMatchObject({
      support_id: id,
      body: 'We refunded the second charge.',
      recipient: 'payer@example.com',
      admin_name: 'admin',
      state: 'queued',
    })
    await expect.poll(() => smtp.received.length, { timeout: scaled(30_000) }).toBe(1)
    const mail = smtp.received[0] as ReceivedMail
    expect(mail.to).toEqual(['payer@example.com'])
    expect(mail.subject).toBe(`Re: Charged twice [#${id}]`)
    expect(mail.text).toContain('We refunded the second charge.')
    expect(mail.text).toContain('这是对您的客服工单')
    const list = async () => (await api(`/api/supports/${id}/replies`)).body.data as Json[]
    await expect.poll(async () => (await list())[0]?.state, { timeout: scaled(30_000) }).toBe('sent')
    expect(await list()).toEqual([{ ...res.body.data, state: 'sent' }])
    // Still once: the retry pass leaves a sent reply alone.
    const [row] = await t.db.select().from(supportReplies).where(eq(supportReplies.id, res.body.data.id))
    expect(row).toMatchObject({ pending: false, attempts: 1 })
    expect(smtp.received.filter((m) => m.to.includes('payer@example.com'))).toHaveLength(1)
    const trail = await api(`/api/audit-logs?resource=supports&record_id=${id}&action=reply`)
    expect(trail.body.data[0].changes).toMatchObject({ recipient: 'payer@example.com' })
  })

  it('solves the ticket with a last reply, and refuses that on a ticket not open, sending nothing', async () => {
    const id = await ticket('last@example.com')
    const res = await api(`/api/supports/${id}/replies`, 'POST', { body: 'Done, closing.', solve: 1 })
    expect(res.status).toBe(201)
    expect((await api(`/api/supports/${id}`)).body.data.status).toBe('solved')
    const again = await api(`/api/supports/${id}/replies`, 'POST', { body: 'Once more', solve: 1 })
    expect(again.status).toBe(409)
    expect((await api(`/api/supports/${id}/replies`)).body.data).toHaveLength(1)
  })

  it('refuses an empty reply, an unknown ticket, and a caller without reply-supports', async () => {
    const id = await ticket('x@example.com')
    const empty = await api(`/api/supports/${id}/replies`, 'POST', { body: '  ' })
    expect(empty.status).toBe(422)
    expect(Object.keys(empty.body.errors)).toEqual(['body'])
    expect((await api('/api/supports/999999/replies', 'POST', { body: 'Hi' })).status).toBe(404)
    const reader = await t.createAdmin(['list-supports'])
    const refused = await t.request(`/api/supports/${id}/replies`, {
      method: 'POST',
      token: reader.token,
      body: { body: 'Hi' },
    })
    expect(refused.status).toBe(403)
    expect((await t.request(`/api/supports/${id}/replies`, { token: reader.token })).status).toBe(200)
  })

  it("says failed of a reply the mail server refuses, and lists a member's tickets by user_id", async () => {
    const [member] = await t.db
      .insert(users)
      .values({ username: 'ticketer', email: 'refuse@example.com' })
      .returning({ id: users.id })
    const id = await ticket('refuse@example.com', member?.id)
    await ticket('other@example.com')
    await api(`/api/supports/${id}/replies`, 'POST', { body: 'Hello' })
    await expect
      .poll(async () => (await api(`/api/supports/${id}/replies`)).body.data[0]?.state, {
        timeout: scaled(30_000),
      })
      .toBe('failed')
    // Logged without the address refused or the ticket's subject.
    const refusal = logged.filter((line) => line.includes('did not take it'))
    expect(refusal.length).toBeGreaterThan(0)
    expect(refusal.join('\n')).toContain('"responseCode":550')
    expect(logged.join('\n')).not.toMatch(/refuse@example\.com|Charged twice/)
    const mine = await api(`/api/supports?user_id=${member?.id}`)
    expect(mine.body.data.map((row: Json) => row.id)).toEqual([id])
  })

  it('replies only to a ticket whose address is exactly one mailbox, else 409 and nothing sent', async () => {
    const stored = [
      'member2@example.com, third-party@evil.test',
      'member3@example.com\r\nBcc: hidden@evil.test',
      'Friends: a@evil.test, b@evil.test;',
      '<member4@example.com>, c@evil.test',
    ]
    for (const email of stored) {
      const id = await ticket(email)
      const res = await api(`/api/supports/${id}/replies`, 'POST', { body: 'Hello', solve: 1 })
      expect(res.status, email).toBe(409)
      expect(res.body).toEqual({
        message:
          "This ticket's e-mail address is not a single address (a list, a group or extra lines), so no reply is sent to it.",
      })
      expect((await api(`/api/supports/${id}/replies`)).body.data).toEqual([])
      expect((await api(`/api/supports/${id}`)).body.data.status).toBe('open')
    }
    const blank = await ticket('')
    const none = await t.request(`/api/supports/${blank}/replies`, {
      token,
      method: 'POST',
      body: { body: 'Hello' },
      headers: { 'accept-language': 'zh-CN' },
    })
    expect(none.status).toBe(409)
    expect(none.body.message).toBe('该工单没有可回复的邮箱地址。')
    // A good reply after them goes out alone: nothing of theirs reached the mail server meanwhile.
    const good = await ticket('single@example.com')
    expect((await api(`/api/supports/${good}/replies`, 'POST', { body: 'Hi' })).status).toBe(201)
    await until('the good reply at the mail server', () =>
      smtp.received.some((mail) => mail.to.includes('single@example.com')),
    )
    const reached = smtp.received.flatMap((mail) => mail.to)
    expect(reached.filter((to) => to.endsWith('evil.test') || to.startsWith('member'))).toEqual([])
  })
})
