import { and, desc, eq, sql } from 'drizzle-orm'
import { errors, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scaled } from '../../../test/support/time.ts'
import { auditLogs, campaigns, channels, memberMails, plans, users } from '../../src/db/schema/index.ts'
import { MEMBER_LINK_TYPE, memberLinkKey } from '../../src/modules/users/mail.ts'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'
import { type ReceivedMail, startSmtp } from '../support/smtp.ts'

/** A plan as the schema needs it; the plans screens are another module's. */
const planRow = (name: string) => ({
  name,
  initialPeriodCount: 1,
  initialPeriodUnit: 'month' as const,
  initialOriginalPrice: '9.99',
})

describeEachEngine('members', (engine) => {
  let t: TestApp
  let token: string
  const api = (path: string, options: Parameters<TestApp['request']>[1] = {}) =>
    t.request(path, { token, ...options })
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
    const [gold, basic] = await t.db
      .insert(plans)
      .values([planRow('Gold yearly'), planRow('Basic monthly')])
      .returning({ id: plans.id })
    const [channel] = await t.db
      .insert(channels)
      .values({ utmSource: 'newsletter', type: 'email' as const })
      .returning({ id: channels.id })
    const [campaign] = await t.db
      .insert(campaigns)
      .values({ channelId: channel?.id as number, name: 'Spring sale' })
      .returning({ id: campaigns.id })
    Object.assign(ids, { gold: gold?.id, basic: basic?.id, channel: channel?.id, campaign: campaign?.id })
    const rows = await t.db
      .insert(users)
      .values([
        {
          username: 'alice',
          email: 'alice@example.com',
          firstName: 'Alice',
          phone: '+1 555 0101',
          planId: ids.gold,
          startDate: '2026-01-01',
          endDate: '2026-12-31',
          channelId: ids.channel,
          campaignId: ids.campaign,
          createdAt: new Date('2026-01-01T10:00:00Z'),
        },
        {
          username: 'bob',
          email: 'bob@example.org',
          phone: '+86 138 0000 0002',
          planId: ids.basic,
          startDate: '2026-03-01',
          endDate: '2026-04-01',
          status: 'disabled',
          createdAt: new Date('2026-03-01T10:00:00Z'),
        },
        {
          username: 'carol',
          email: null,
          phone: '+1 555 0303',
          planId: null,
          createdAt: new Date('2026-06-15T10:00:00Z'),
        },
      ])
      .returning({ id: users.id, username: users.username })
    for (const row of rows) ids[row.username] = row.id
  })
  afterAll(() => t?.close())

  describe('list and show', () => {
    const usernames = async (query: string) => {
      const res = await api(`/api/users?${query}`)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body.data.map((u: Json) => u.username)
    }

    it('shows a member with its plan, channel and campaign by name', async () => {
      const res = await api(`/api/users/${ids.alice}`)
      expect(res.status).toBe(200)
      expect(res.body.data).toEqual({
        version: expect.any(String),
        id: ids.alice,
        username: 'alice',
        email: 'alice@example.com',
        first_name: 'Alice',
        last_name: null,
        birthdate: null,
        phone: '+1 555 0101',
        avatar: null,
        banner: null,
        status: 'enabled',
        plan_id: ids.gold,
        plan_name: 'Gold yearly',
        start_date: '2026-01-01',
        end_date: '2026-12-31',
        channel_id: ids.channel,
        channel_name: 'newsletter',
        campaign_id: ids.campaign,
        campaign_name: 'Spring sale',
        email_verified_at: null,
        created_at: '2026-01-01T10:00:00.000Z',
        updated_at: expect.any(String),
      })
      expect((await api('/api/users/999999')).status).toBe(404)
      expect((await api('/api/users/abc')).status).toBe(404)
    })

    it('filters by status, plan, keyword (the start of username, e-mail or phone, its domain, the end of a phone), sign-up and end-date ranges', async () => {
      expect(await usernames('status=disabled')).toEqual(['bob'])
      expect(await usernames(`plan_id=${ids.gold}`)).toEqual(['alice'])
      expect(await usernames('keyword=BOB%40EXAMPLE.O')).toEqual(['bob'])
      expect(await usernames(`keyword=${encodeURIComponent('+1 555 03')}`)).toEqual(['carol'])
      expect(await usernames('keyword=ALI')).toEqual(['alice'])
      expect(await usernames(`keyword=${encodeURIComponent('+1 555')}&sort=id`)).toEqual(['alice', 'carol'])
      // Codes and addresses match from their start: a part from their middle finds nothing, but for an
      // address's domain and a phone number's last digits (member-search.test.ts).
      expect(await usernames('keyword=example.org')).toEqual(['bob'])
      expect(await usernames('keyword=xample.org')).toEqual([])
      expect(await usernames('keyword=0303')).toEqual(['carol'])
      expect(await usernames('keyword=5550')).toEqual([])
      expect(await usernames('keyword=a_ice')).toEqual([])
      expect(await usernames('created_at_from=2026-02-01&created_at_to=2026-06-15&sort=id')).toEqual([
        'bob',
        'carol',
      ])
      expect(await usernames('end_date_from=2026-04-01&end_date_to=2026-04-01')).toEqual(['bob'])
      expect(await usernames('end_date_to=2026-11-30')).toEqual(['bob'])
      expect((await api('/api/users?status=gone')).status).toBe(422)
      expect((await api('/api/users?plan_id=x')).status).toBe(422)
      expect((await api('/api/users?end_date_from=2026-13-01')).status).toBe(422)
    })

    it('sorts by plan name (members without a plan last) and other fields', async () => {
      expect(await usernames('sort=plan_name')).toEqual(['bob', 'alice', 'carol'])
      expect(await usernames('sort=-plan_name')).toEqual(['carol', 'alice', 'bob'])
      expect(await usernames('sort=-created_at')).toEqual(['carol', 'bob', 'alice'])
      expect(await usernames('sort=username')).toEqual(['alice', 'bob', 'carol'])
      const bad = await api('/api/users?sort=password')
      expect(bad.status).toBe(422)
      expect(bad.body.errors.sort[0]).toMatch(/plan_name/)
    })
  })

  describe('edit', () => {
    it('updates in part, clears fields, and refuses bad values field by field', async () => {
      const res = await api(`/api/users/${ids.carol}`, {
        method: 'PUT',
        body: {
          first_name: ' Carol ',
          last_name: 'Chen',
          birthdate: '1990-05-06',
          plan_id: ids.basic,
          avatar: '/uploads/images/2026/11/a.png',
          status: 'disabled',
        },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.data).toMatchObject({
        first_name: 'Carol',
        last_name: 'Chen',
        birthdate: '1990-05-06',
        plan_id: ids.basic,
        plan_name: 'Basic monthly',
        avatar: '/uploads/images/2026/11/a.png',
        // The status changes only through enable / disable.
        status: 'enabled',
      })
      const cleared = await api(`/api/users/${ids.carol}`, {
        method: 'PUT',
        body: { avatar: null, plan_id: null },
      })
      expect(cleared.body.data).toMatchObject({
        avatar: null,
        plan_id: null,
        plan_name: null,
        last_name: 'Chen',
      })

      const bad = await api(`/api/users/${ids.carol}`, {
        method: 'PUT',
        body: { email: 'not-mail', birthdate: '1990-02-31', plan_id: 999999, username: 'a b' },
      })
      expect(bad.status).toBe(422)
      expect(Object.keys(bad.body.errors).sort()).toEqual(['birthdate', 'email', 'username'])
      const missingPlan = await api(`/api/users/${ids.carol}`, { method: 'PUT', body: { plan_id: 999999 } })
      expect(missingPlan.status).toBe(422)
      expect(Object.keys(missingPlan.body.errors)).toEqual(['plan_id'])
      const taken = await api(`/api/users/${ids.carol}`, { method: 'PUT', body: { username: 'alice' } })
      expect(taken.status).toBe(422)
      expect(taken.body.errors.username).toEqual(['The username has already been taken.'])
      expect((await api('/api/users/999999', { method: 'PUT', body: {} })).status).toBe(404)
    })

    it('keeps the end date after the start date, given together or against the stored one', async () => {
      const both = await api(`/api/users/${ids.alice}`, {
        method: 'PUT',
        body: { start_date: '2026-05-01', end_date: '2026-04-01' },
      })
      expect(both.status).toBe(422)
      expect(both.body.errors).toEqual({ end_date: ['The end date cannot be before the start date.'] })
      // Alice starts on 2026-01-01: an end before it breaks the database's check, answered on end_date.
      const one = await api(`/api/users/${ids.alice}`, { method: 'PUT', body: { end_date: '2025-12-31' } })
      expect(one.status).toBe(422)
      expect(one.body.errors).toEqual({ end_date: ['The end date cannot be before the start date.'] })
      const zh = await api(`/api/users/${ids.alice}`, {
        method: 'PUT',
        body: { end_date: '2025-12-31' },
        headers: { 'accept-language': 'zh-CN' },
      })
      expect(zh.body.errors.end_date).toEqual(['结束日期不能早于开始日期。'])
      expect((await api(`/api/users/${ids.alice}`)).body.data.end_date).toBe('2026-12-31')
    })

    it('offers no create and no delete (the spec has neither)', async () => {
      expect((await api('/api/users', { method: 'POST', body: { username: 'new1' } })).status).toBe(404)
      expect((await api(`/api/users/${ids.bob}`, { method: 'DELETE' })).status).toBe(404)
    })
  })

  describe('enable and disable', () => {
    it('disables an enabled member, 409 the second time, and enables it again, with audit entries', async () => {
      const off = await api(`/api/users/${ids.alice}/disable`, { method: 'POST' })
      expect(off.status).toBe(200)
      expect(off.body.data).toMatchObject({ id: ids.alice, status: 'disabled', plan_name: 'Gold yearly' })
      const again = await api(`/api/users/${ids.alice}/disable`, { method: 'POST' })
      expect(again.status).toBe(409)
      expect(again.body).toEqual({ message: 'This member is already disabled.' })
      const on = await api(`/api/users/${ids.alice}/enable`, { method: 'POST' })
      expect(on.body.data.status).toBe('enabled')
      const twice = await api(`/api/users/${ids.alice}/enable`, { method: 'POST' })
      expect(twice.status).toBe(409)
      expect(twice.body.message).toBe('This member is already enabled.')
      expect((await api('/api/users/999999/enable', { method: 'POST' })).status).toBe(404)
      const trail = await t.db
        .select({ action: auditLogs.action, changes: auditLogs.changes })
        .from(auditLogs)
        .where(and(eq(auditLogs.resource, 'users'), eq(auditLogs.recordId, ids.alice as number)))
        .orderBy(desc(auditLogs.id))
        .limit(2)
      expect(trail).toEqual([
        { action: 'enable', changes: { status: ['disabled', 'enabled'] } },
        { action: 'disable', changes: { status: ['enabled', 'disabled'] } },
      ])
    })
  })

  describe('batch create', () => {
    const send = (csv: string, as = token) => {
      const form = new FormData()
      form.append('file', new Blob([csv]), 'members.csv')
      return fetch(`${t.url}/api/users/batch-create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${as}` },
        body: form,
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as Json }))
    }

    it('creates every row of a CSV, or JSON rows', async () => {
      const csv = [
        'username,email,first_name,plan_id,start_date,end_date,status',
        `dave,dave@example.com,Dave,${ids.gold},2026-02-01,2027-02-01,`,
        '"erin",erin@example.com,"Erin, Jr.",,,,disabled',
      ].join('\n')
      const res = await send(csv)
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      expect(res.body.data.created).toBe(2)
      const dave = (await api('/api/users?keyword=dave')).body.data[0]
      expect(dave).toMatchObject({ status: 'enabled', plan_name: 'Gold yearly', end_date: '2027-02-01' })
      const erin = (await api('/api/users?keyword=erin')).body.data[0]
      expect(erin).toMatchObject({ first_name: 'Erin, Jr.', status: 'disabled', plan_id: null })

      const json = await api('/api/users/batch-create', {
        method: 'POST',
        body: { rows: [{ username: 'frank', email: 'frank@example.com' }] },
      })
      expect(json.status).toBe(201)
      expect(json.body.data).toEqual({ created: 1, ids: [expect.any(Number)] })
    })

    it('reports every bad row as rows.<n>.<field> and writes none of them', async () => {
      const before = (await api('/api/users?per_page=1')).body.meta.total
      const res = await api('/api/users/batch-create', {
        method: 'POST',
        body: {
          rows: [
            { username: 'grace', email: 'grace@example.com' },
            { username: 'heidi', email: 'not an address' },
            { username: 'alice' },
            { username: 'ivan', plan_id: 999999 },
            { username: 'judy', start_date: '2026-05-01', end_date: '2026-01-01' },
          ],
        },
      })
      expect(res.status).toBe(422)
      expect(res.body.errors).toEqual({
        'rows.2.email': ['The email field must be a valid email address.'],
        'rows.3.username': ['The username has already been taken.'],
        'rows.4.plan_id': [expect.stringMatching(/does not exist/)],
        'rows.5.end_date': ['The end date cannot be before the start date.'],
      })
      expect((await api('/api/users?per_page=1')).body.meta.total).toBe(before)
      expect((await api('/api/users?keyword=grace')).body.data).toEqual([])

      const csv = await send('email\nx@example.com')
      expect(csv.status).toBe(422)
      expect(csv.body.errors.file[0]).toMatch(/username/)
    })

    it('needs batch-create-users', async () => {
      const editor = await t.createAdmin(['list-users', 'edit-users'])
      expect((await send('username\nkate', editor.token)).status).toBe(403)
    })
  })

  describe('e-mails to a member, without SMTP_URL: the outbox', () => {
    it('writes the verification and reset mails to member_mails, audited, bilingual, with a signed link', async () => {
      const res = await api(`/api/users/${ids.bob}/send-email-verification`)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.data).toEqual({
        id: expect.any(Number),
        user_id: ids.bob,
        kind: 'email-verification',
        recipient: 'bob@example.org',
        subject: 'Verify your e-mail address / 验证您的邮箱地址',
        transport: 'outbox',
        pending: 0,
        state: 'outbox',
        created_at: expect.stringMatching(/Z$/),
      })
      const reset = await api(`/api/users/${ids.bob}/send-reset-password`)
      expect(reset.body.data).toMatchObject({ kind: 'reset-password', transport: 'outbox' })
      const [row] = await t.db
        .select()
        .from(memberMails)
        .where(eq(memberMails.id, reset.body.data.id as number))
      expect(row?.body).toMatch(/http:\/\/127\.0\.0\.1:3000\/reset-password\?token=[\w-]+\.[\w-]+/)
      expect(row?.body).toContain('请在此设置新密码')
      const [entry] = await t.db
        .select({ action: auditLogs.action, changes: auditLogs.changes })
        .from(auditLogs)
        .where(and(eq(auditLogs.resource, 'users'), eq(auditLogs.recordId, ids.bob as number)))
        .orderBy(desc(auditLogs.id))
        .limit(1)
      expect(entry).toEqual({
        action: 'send-reset-password',
        changes: { recipient: 'bob@example.org', transport: 'outbox' },
      })
    })

    it('sends at most 3 of one kind an hour to a member: 429 with Retry-After, other kinds unaffected', async () => {
      const member = ids.alice as number
      await t.db.delete(memberMails).where(eq(memberMails.userId, member))
      for (let i = 0; i < 3; i++)
        expect((await api(`/api/users/${member}/send-reset-password`)).status).toBe(200)
      const refused = await api(`/api/users/${member}/send-reset-password`)
      expect(refused.status).toBe(429)
      expect(refused.body).toEqual({
        message: 'At most 3 such e-mails an hour go to one member. Please try again in 60 minute(s).',
      })
      const wait = Number(refused.headers.get('retry-after'))
      expect(wait).toBeGreaterThan(3500)
      expect(wait).toBeLessThanOrEqual(3600)
      expect((await api(`/api/users/${member}/send-email-verification`)).status).toBe(200)
      // Once the oldest is more than an hour old, one more may go.
      await t.db.execute(
        sql`update member_mails set created_at = now() - interval '61 minutes' where id = (select min(id) from member_mails where user_id = ${member} and kind = 'reset-password')`,
      )
      expect((await api(`/api/users/${member}/send-reset-password`)).status).toBe(200)
      expect((await api(`/api/users/${member}/send-reset-password`)).status).toBe(429)
    })

    it("answers the member's e-mail history, that no mail server is set up, and what remains this hour", async () => {
      const member = ids.alice as number
      await t.db.delete(memberMails).where(eq(memberMails.userId, member))
      const empty = await api(`/api/users/${member}/mails`)
      expect(empty.status).toBe(200)
      expect(empty.body).toEqual({
        data: [],
        meta: { smtp: 0, per_hour: 3, remaining: { 'email-verification': 3, 'reset-password': 3 } },
      })
      await api(`/api/users/${member}/send-reset-password`)
      const sent = await api(`/api/users/${member}/send-email-verification`)
      const history = await api(`/api/users/${member}/mails`)
      expect(history.body.data.map((mail: { kind: string }) => mail.kind)).toEqual([
        'email-verification',
        'reset-password',
      ])
      expect(history.body.data[0]).toEqual(sent.body.data)
      expect(history.body.data[0]).not.toHaveProperty('body')
      expect(history.body.meta.remaining).toEqual({ 'email-verification': 2, 'reset-password': 2 })
      expect((await api('/api/users/999999/mails')).status).toBe(404)
      const stranger = await t.createAdmin(['send-reset-password-users'])
      expect((await t.request(`/api/users/${member}/mails`, { token: stranger.token })).status).toBe(403)
    })

    it('says where each mail stands: sent, queued, or failed when refused, out of tries or expired', async () => {
      const member = ids.bob as number
      await t.db.delete(memberMails).where(eq(memberMails.userId, member))
      const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000)
      const mail = (subject: string, row: Partial<typeof memberMails.$inferInsert>) => ({
        userId: member,
        kind: 'reset-password' as const,
        recipient: 'bob@example.org',
        subject,
        body: 'Choose a new password here: https://vod.test/reset-password?token=abc.def',
        transport: 'smtp' as const,
        pending: true,
        attempts: 1,
        triedAt: ago(1),
        ...row,
      })
      // Rows as the mail module leaves them, written here (the outbox app has no mail server to try).
      await t.db
        .insert(memberMails)
        .values([
          mail('taken', { pending: false, body: 'token=[sent]', createdAt: ago(10) }),
          mail('refused', { pending: false, body: 'token=[refused]', createdAt: ago(9) }),
          mail('waiting', { createdAt: ago(8) }),
          mail('out of tries', { attempts: 5, createdAt: ago(7) }),
          mail('reset link expired', { createdAt: ago(70) }),
          mail('verification link alive', { kind: 'email-verification', createdAt: ago(70) }),
          mail('verification link expired', { kind: 'email-verification', createdAt: ago(25 * 60) }),
        ])
      const history = await api(`/api/users/${member}/mails`)
      expect(history.status).toBe(200)
      const states = Object.fromEntries(
        history.body.data.map((row: { subject: string; state: string }) => [row.subject, row.state]),
      )
      expect(states).toEqual({
        taken: 'sent',
        refused: 'failed',
        waiting: 'queued',
        'out of tries': 'failed',
        'reset link expired': 'failed',
        'verification link alive': 'queued',
        'verification link expired': 'failed',
      })
      await t.db.delete(memberMails).where(eq(memberMails.userId, member))
    })

    it('409 for a member without an e-mail address, 404 for no member, 403 without the permission', async () => {
      const carol = await api(`/api/users/${ids.carol}/send-email-verification`)
      expect(carol.status).toBe(409)
      expect(carol.body.message).toBe('This member has no e-mail address to write to.')
      expect((await api('/api/users/999999/send-reset-password')).status).toBe(404)
      const reader = await t.createAdmin(['list-users', 'send-email-verification-users', 'all-channels'])
      const as = { token: reader.token }
      expect((await t.request(`/api/users/${ids.bob}/send-reset-password`, as)).status).toBe(403)
      expect((await t.request(`/api/users/${ids.bob}/send-email-verification`, as)).status).toBe(200)
    })
  })

  describe('permissions', () => {
    it('needs list-users to list and show, edit-users to edit, enable- and disable-users for those', async () => {
      const nobody = await t.createAdmin(['list-ipwhitelists'])
      const reader = await t.createAdmin(['list-users'])
      const as = (admin: { token: string }) => ({ token: admin.token })
      expect((await t.request('/api/users', as(nobody))).status).toBe(403)
      expect((await t.request(`/api/users/${ids.bob}`, as(nobody))).status).toBe(403)
      expect((await t.request('/api/users', as(reader))).status).toBe(200)
      const put = { method: 'PUT', body: { first_name: 'Nope' } }
      expect((await t.request(`/api/users/${ids.bob}`, { ...put, ...as(reader) })).status).toBe(403)
      expect(
        (await t.request(`/api/users/${ids.bob}/enable`, { method: 'POST', ...as(reader) })).status,
      ).toBe(403)
      expect(
        (await t.request(`/api/users/${ids.bob}/disable`, { method: 'POST', ...as(reader) })).status,
      ).toBe(403)
      expect((await t.request(`/api/users/${ids.bob}/send-email-verification`, as(reader))).status).toBe(403)
      expect((await t.request('/api/users')).status).toBe(401)
    })
  })
})

describeEachEngine('members e-mails through SMTP', (engine) => {
  let t: TestApp
  let token: string
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let member: number
  let refused: number

  beforeAll(async () => {
    smtp = await startSmtp()
    t = await startTestApp(engine, {
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Members <members@vod.test>',
        MEMBER_SITE_URL: 'https://vod.test/',
        // The retry pass runs every second, for the mail refused there.
        MAIL_RETRY_SECONDS: '1',
      },
    })
    token = await t.superToken()
    const rows = await t.db
      .insert(users)
      .values([
        { username: 'mallory', email: 'mallory@example.com' },
        { username: 'refused', email: 'refuse@example.com' },
      ])
      .returning({ id: users.id })
    member = rows[0]?.id as number
    refused = rows[1]?.id as number
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  it('hands the mail to the SMTP server after answering, and keeps a record without the live link', async () => {
    const asked = Math.floor(Date.now() / 1000)
    const res = await t.request(`/api/users/${member}/send-reset-password`, { token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({
      transport: 'smtp',
      recipient: 'mallory@example.com',
      pending: 1,
      state: 'queued',
    })
    await expect.poll(() => smtp.received.length, { timeout: scaled(30_000) }).toBe(1)
    const mail = smtp.received[0] as ReceivedMail
    expect(mail.from).toBe('members@vod.test')
    expect(mail.to).toEqual(['mallory@example.com'])
    expect(mail.raw).toMatch(/^Subject: /m)
    const link = /https:\/\/vod\.test\/reset-password\?token=([\w-]+\.[\w-]+\.[\w-]+)/.exec(mail.text)
    expect(link, mail.text).not.toBeNull()
    // What the member site checks: the token under the key derived from JWT_SECRET, of its own type, naming
    // the member, the kind and the address, for an hour; not under the signing key itself.
    const secret = new TextEncoder().encode(t.config.jwtSecret ?? '')
    const { payload } = await jwtVerify(link?.[1] ?? '', memberLinkKey(secret), { typ: MEMBER_LINK_TYPE })
    expect(payload).toEqual({
      sub: String(member),
      kind: 'reset-password',
      email: 'mallory@example.com',
      exp: expect.any(Number),
    })
    // An hour from when it was made: between the asking and now.
    expect(payload.exp).toBeGreaterThanOrEqual(asked + 3600)
    expect(payload.exp).toBeLessThanOrEqual(Date.now() / 1000 + 3600)
    await expect(jwtVerify(link?.[1] ?? '', secret)).rejects.toBeInstanceOf(
      errors.JWSSignatureVerificationFailed,
    )
    expect(mail.text).toContain('如果不是您本人的请求')
    const sent = async () =>
      (await t.request(`/api/users/${member}/mails`, { token })).body.data as { state: string }[]
    await expect.poll(async () => (await sent())[0]?.state, { timeout: scaled(30_000) }).toBe('sent')
    const [row] = await t.db
      .select()
      .from(memberMails)
      .where(eq(memberMails.id, res.body.data.id as number))
    expect(row?.transport).toBe('smtp')
    expect(row?.body).not.toContain(link?.[1])
    expect(row?.body).toContain('token=[sent]')
    expect(await sent()).toEqual([{ ...res.body.data, pending: 0, state: 'sent' }])
  })

  it('says failed of a mail the server refuses, which does not count against the hourly limit', async () => {
    const res = await t.request(`/api/users/${refused}/send-email-verification`, { token })
    expect(res.status).toBe(200)
    expect(res.body.data.state).toBe('queued')
    const history = async () => (await t.request(`/api/users/${refused}/mails`, { token })).body
    await expect
      .poll(async () => (await history()).data[0]?.state, { timeout: scaled(30_000) })
      .toBe('failed')
    expect((await history()).meta.remaining['email-verification']).toBe(3)
    const [row] = await t.db.select().from(memberMails).where(eq(memberMails.id, res.body.data.id))
    expect(row).toMatchObject({ pending: false, attempts: 1 })
    expect(row?.body).toContain('token=[refused]')
  })

  it('says failed of a queued mail the mail server then refuses for good (5xx) from the outbox', async () => {
    // Queued as a mail server that did not answer would leave it, its last try a minute ago.
    const [queued] = await t.db
      .insert(memberMails)
      .values({
        userId: refused,
        kind: 'email-verification',
        recipient: 'refuse@example.com',
        subject: 'Verify',
        body: 'https://vod.test/verify-email?token=abc.def',
        transport: 'smtp',
        pending: true,
        attempts: 1,
        triedAt: new Date(Date.now() - 60_000),
      })
      .returning({ id: memberMails.id })
    const stateOf = async () => {
      const history = await t.request(`/api/users/${refused}/mails`, { token })
      return history.body.data.find((mail: { id: number }) => mail.id === queued?.id)?.state
    }
    await expect.poll(stateOf, { timeout: scaled(30_000) }).toBe('failed')
    const [row] = await t.db
      .select()
      .from(memberMails)
      .where(eq(memberMails.id, queued?.id as number))
    expect(row).toMatchObject({
      pending: false,
      attempts: 2,
      body: 'https://vod.test/verify-email?token=[refused]',
    })
  })
})
