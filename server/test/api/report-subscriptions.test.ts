import {
  addDays,
  dayIn,
  figureRegistry,
  REPORT_SUBSCRIPTION_LIMIT,
  reportFigureLabel,
  reportMailContents,
} from '@vod/contract'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scaled, until as waitUntil } from '../../../test/support/time.ts'
import { queryRows } from '../../src/db/client.ts'
import { adminRoles, admins, channelAdmins, reportDeliveries, roles } from '../../src/db/schema/index.ts'
import { foldFigures } from '../../src/modules/analytics/keeping/index.ts'
import { figureText } from '../../src/modules/report-subscriptions/mail-text.ts'
import { isoWeekday, zoneHour } from '../../src/modules/report-subscriptions/periods.ts'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestAdmin, type TestApp } from '../support/harness.ts'
import { type ReceivedMail, startSmtp } from '../support/smtp.ts'

/**
 * Reports by e-mail (docs/analytics.md "Reports by e-mail"): subscriptions over the API, and reports made by
 * the server's own scheduler (every second here) and taken by a real SMTP server, their figures and CSV
 * against what the screens' calls answer the same admin for the same period. Run in a zone whose hours are
 * not UTC's (Asia/Kathmandu, +5:45).
 */
const ZONE = 'Asia/Kathmandu'

/** Resolves with what `probe` gives once it is truthy (test/support/time.ts, a minute's ceiling, scaled). */
const until = <T>(what: string, probe: () => Promise<T | undefined | null | false>) =>
  waitUntil(what, probe, Boolean, { ms: 60_000 }) as Promise<T>

/** Orders, refunds and visits of two channels over the last ten days, folded into the figures. */
async function world(t: TestApp) {
  const one = async (text: string) => (await queryRows<{ id: number }>(t.db, sql.raw(text)))[0]?.id as number
  const A = await one(`insert into channels (utm_source, type) values ('alpha', 'affiliate') returning id`)
  const B = await one(`insert into channels (utm_source, type) values ('beta', 'social') returning id`)
  const campaignA = await one(`insert into campaigns (channel_id, name) values (${A}, '=A1') returning id`)
  const plan = await one(
    `insert into plans (name, initial_period_count, initial_period_unit, initial_original_price) values ('Mailed', 1, 'month', '9.99') returning id`,
  )
  for (let day = 0; day < 10; day++)
    for (const [channel, campaign, amount] of [
      [A, campaignA, '19.99'],
      [B, 'null', '5.25'],
    ] as const) {
      const at = new Date(Date.now() - day * 86_400_000 - 3_600_000).toISOString()
      const user = await one(
        `insert into users (username, channel_id, campaign_id, created_at) values ('m-${channel}-${day}', ${channel}, ${campaign}, '${at}') returning id`,
      )
      const order = await one(
        `insert into orders (order_no, user_id, plan_id, channel_id, campaign_id, amount, payment_method, paid_at, transaction_fee, total_amount)
         values ('RS-${channel}-${day}', ${user}, ${plan}, ${channel}, ${campaign}, ${amount}, 'segpay', '${at}', 0.60, ${amount} - 0.60) returning id`,
      )
      if (day % 3 === 0)
        await t.db.execute(
          sql.raw(
            `insert into order_events (order_id, kind, amount, occurred_at) values (${order}, 'refund', 2.50, '${at}')`,
          ),
        )
      await t.db.execute(
        sql.raw(
          `insert into visits (visitor, device, channel_id, campaign_id, visited_at) values ('v-${channel}-${day}', 'desktop', ${channel}, ${campaign}, '${at}')`,
        ),
      )
    }
  await foldFigures(t.db)
  return { A, B }
}

/** A subscription's input due now: daily at the zone's hour under way. */
const dueNow = (more: Record<string, unknown> = {}) => ({
  report: 'daily-revenue',
  frequency: 'daily',
  hour: zoneHour(ZONE, new Date()).hour,
  language: 'en',
  ...more,
})

/** An admin of these permissions with an e-mail address, logged in. */
async function subscriber(t: TestApp, permissions: Parameters<TestApp['createAdmin']>[0]) {
  const admin = await t.createAdmin(permissions)
  await t.db
    .update(admins)
    .set({ email: `${admin.username}@example.com` })
    .where(eq(admins.id, admin.id))
  // The session keeps what it loaded; a fresh login reads the address.
  return { ...admin, token: await t.login(admin.username, admin.password) }
}

/** The delivery rows of a subscription. */
const deliveriesOf = (t: TestApp, subscription: number) =>
  t.db.select().from(reportDeliveries).where(eq(reportDeliveries.subscriptionId, subscription))

describeEachEngine('report subscriptions', (engine) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let channels: { A: number; B: number }
  const mailsTo = (admin: TestAdmin) =>
    smtp.received.filter((mail) => mail.to.includes(`${admin.username}@example.com`))

  beforeAll(async () => {
    smtp = await startSmtp()
    t = await startTestApp(engine, {
      env: { SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '1', BUSINESS_TIME_ZONE: ZONE },
    })
    channels = await world(t)
  }, scaled(120_000))
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  describe('the API', () => {
    it('subscribes, lists in the list shape, and cancels only its own', async () => {
      const a = await subscriber(t, ['list-daily-revenue', 'list-daily-channel', 'all-channels'])
      const b = await subscriber(t, ['list-daily-revenue'])
      const made = await t.request('/api/report-subscriptions', {
        method: 'POST',
        token: a.token,
        body: { report: 'daily-channel', channel_id: channels.A, frequency: 'weekly', weekday: 1, hour: 0 },
      })
      expect(made.status).toBe(201)
      expect(made.body.data).toMatchObject({
        admin_id: a.id,
        admin_username: a.username,
        report: 'daily-channel',
        channel_id: channels.A,
        channel_name: 'alpha',
        frequency: 'weekly',
        weekday: 1,
        hour: 0,
        // The screens' default language when none is given.
        language: 'zh-cn',
        time_zone: ZONE,
        last_state: null,
      })
      const mine = await t.request('/api/report-subscriptions', { token: a.token })
      expect(mine.status).toBe(200)
      expect(mine.body.meta).toEqual({ current_page: 1, per_page: 20, total: 1, last_page: 1 })
      expect(mine.body.data.map((row: Json) => row.id)).toEqual([made.body.data.id])
      expect((await t.request('/api/report-subscriptions', { token: b.token })).body.data).toEqual([])

      const id = made.body.data.id
      expect(
        (await t.request(`/api/report-subscriptions/${id}`, { method: 'DELETE', token: b.token })).status,
      ).toBe(404)
      expect(
        (await t.request(`/api/report-subscriptions/${id}`, { method: 'DELETE', token: a.token })).status,
      ).toBe(204)
      expect(
        (await t.request(`/api/report-subscriptions/${id}`, { method: 'DELETE', token: a.token })).status,
      ).toBe(404)
      expect((await t.request('/api/report-subscriptions', { token: a.token })).body.meta.total).toBe(0)
    })

    it('answers 4xx in the error shape for bad input, a report not permitted, a channel not seen, no address', async () => {
      const a = await subscriber(t, ['list-daily-revenue', 'list-daily-channel'])
      await t.db.insert(channelAdmins).values({ adminId: a.id, channelId: channels.A })
      const post = (body: unknown, token = a.token) =>
        t.request('/api/report-subscriptions', { method: 'POST', token, body })
      const field = async (body: unknown, name: string) => {
        const res = await post(body)
        expect(res.status, JSON.stringify(body)).toBe(422)
        expect(res.body.errors[name], JSON.stringify(res.body)).toBeDefined()
      }
      await field(dueNow({ report: 'daily-gossip' }), 'report')
      await field(dueNow({ hour: 24 }), 'hour')
      await field(dueNow({ hour: -1 }), 'hour')
      await field(dueNow({ hour: 1.5 }), 'hour')
      await field(dueNow({ frequency: 'weekly' }), 'weekday')
      await field(dueNow({ frequency: 'weekly', weekday: 8 }), 'weekday')
      await field(dueNow({ weekday: 3 }), 'weekday')
      await field(dueNow({ language: 'fr' }), 'language')
      // A field the input does not know: 422 on that field.
      await field(dueNow({ whom: 'all' }), 'whom')
      // A channel it does not administer, and one that does not exist.
      await field(dueNow({ report: 'daily-channel', channel_id: channels.B }), 'channel_id')
      await field(dueNow({ report: 'daily-channel', channel_id: 999_999 }), 'channel_id')
      // No id is 0: the message names the least id there is.
      const zero = await post(dueNow({ report: 'daily-channel', channel_id: 0 }))
      expect(zero.status).toBe(422)
      expect(zero.body.errors.channel_id).toEqual([expect.stringContaining('at least 1')])
      expect((await post(dueNow({ report: 'daily-channel', channel_id: channels.A }))).status).toBe(201)
      const malformed = await t.request('/api/report-subscriptions', {
        method: 'POST',
        token: a.token,
        body: '{"report":',
      })
      expect(malformed.status).toBe(400)
      expect(malformed.body.message).toEqual(expect.any(String))

      const refused = await post(dueNow({ report: 'daily-refund-statistics' }))
      expect(refused.status).toBe(403)
      expect(refused.body.message).toEqual(expect.any(String))

      const noAddress = await t.createAdmin(['list-daily-revenue'])
      const res = await post(dueNow(), noAddress.token)
      expect(res.status).toBe(409)
      expect(res.body.message).toMatch(/e-mail/)
      expect((await t.request('/api/report-subscriptions', { method: 'POST', body: dueNow() })).status).toBe(
        401,
      )
    })

    it(`holds at most ${REPORT_SUBSCRIPTION_LIMIT} subscriptions an admin: 409 past that`, async () => {
      const a = await subscriber(t, ['list-daily-revenue'])
      const later = { ...dueNow(), hour: (zoneHour(ZONE, new Date()).hour + 1) % 24 }
      for (let n = 0; n < REPORT_SUBSCRIPTION_LIMIT; n++)
        expect(
          (await t.request('/api/report-subscriptions', { method: 'POST', token: a.token, body: later }))
            .status,
        ).toBe(201)
      const over = await t.request('/api/report-subscriptions', {
        method: 'POST',
        token: a.token,
        body: later,
      })
      expect(over.status).toBe(409)
      expect(over.body.message).toContain(String(REPORT_SUBSCRIPTION_LIMIT))
    })

    it("lists everyone's for who may list admins (list-admins), and no one else", async () => {
      const a = await subscriber(t, ['list-daily-campaign'])
      const made = await t.request('/api/report-subscriptions', {
        method: 'POST',
        token: a.token,
        body: { ...dueNow({ report: 'daily-campaign' }), hour: (zoneHour(ZONE, new Date()).hour + 1) % 24 },
      })
      expect(made.status).toBe(201)
      expect((await t.request('/api/report-subscriptions/all', { token: a.token })).status).toBe(403)
      const manager = await t.createAdmin(['list-admins', 'all-channels'])
      const all = await t.request('/api/report-subscriptions/all?per_page=100', { token: manager.token })
      expect(all.status).toBe(200)
      expect(all.body.data.find((row: Json) => row.id === made.body.data.id)).toMatchObject({
        admin_username: a.username,
        report: 'daily-campaign',
      })
      expect(
        (await t.request('/api/report-subscriptions/all?per_page=0', { token: manager.token })).status,
      ).toBe(422)
    })
  })

  describe('the reports', () => {
    it('mails the daily revenue of yesterday once, with the figures and the CSV of the screen', async () => {
      const a = await subscriber(t, ['list-daily-revenue', 'export-daily-revenue', 'all-channels'])
      const made = await t.request('/api/report-subscriptions', {
        method: 'POST',
        token: a.token,
        body: dueNow(),
      })
      expect(made.status).toBe(201)
      const [mail] = (await until(
        'the report',
        async () => mailsTo(a).length > 0 && mailsTo(a),
      )) as ReceivedMail[]
      const [row] = await until('its row sent', async () => {
        const rows = await deliveriesOf(t, made.body.data.id)
        return rows[0]?.state === 'sent' && rows
      })
      const period = { start_date: row?.periodStart, end_date: row?.periodEnd }
      // The period just ended: the business day before the one under way (the hour may have turned since).
      expect(period.start_date).toBe(period.end_date)
      expect([addDays(dayIn(ZONE), -1), addDays(dayIn(ZONE), -2)]).toContain(period.start_date)
      const query = `start_date=${period.start_date}&end_date=${period.end_date}`
      const screen = await t.request(`/api/analytics/revenue/companyDataDaily?${query}`, { token: a.token })
      expect(Number(screen.body.meta.totals.gross)).toBeGreaterThan(0)
      expect(mail?.subject).toBe(`Daily revenue ${period.start_date}`)
      for (const name of reportMailContents['daily-revenue'].headline)
        expect(mail?.text).toContain(
          `${reportFigureLabel(name, 'en')}: ${figureText(name, screen.body.meta.totals[name])}`,
        )
      // How fresh its figures are, on the business zone's clock.
      expect(mail?.text).toMatch(
        new RegExp(
          `\\nFigures as of \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d \\(business time zone ${ZONE}\\)\\n`,
        ),
      )
      // The screen's export in the mail's language.
      const csv = await t.request(`/api/analytics/revenue/exportCsv?${query}&lang=en`, { token: a.token })
      expect(mail?.attachments.map((part) => part.filename)).toEqual(['dailyRevenue.csv'])
      // fetch's text() drops the export's BOM; the mail's CSV keeps it.
      expect(mail?.attachments[0]?.text).toBe(`\ufeff${csv.body}`)

      const listed = await t.request('/api/report-subscriptions', { token: a.token })
      expect(listed.body.data[0]).toMatchObject({
        last_period_start: period.start_date,
        last_period_end: period.end_date,
        last_state: 'sent',
      })
      // Later passes find the period sent: still one mail, one row.
      await deliveredAnother(t, smtp)
      expect(mailsTo(a)).toHaveLength(1)
      expect(await deliveriesOf(t, made.body.data.id)).toHaveLength(1)
    })

    it('leaves out of the mail and its CSV a figure summed over fields its role hides (fees), as its role is at the send', async () => {
      const a = await subscriber(t, ['list-daily-revenue', 'export-daily-revenue', 'all-channels'])
      const [held] = await t.db.select().from(adminRoles).where(eq(adminRoles.adminId, a.id))
      // The role's rules are read at the send (nothing of them is kept with the subscription).
      await t.db
        .update(roles)
        .set({ fieldRules: { orders: { transaction_fee: 'none' } } })
        .where(eq(roles.id, held?.roleId as number))
      const made = await t.request('/api/report-subscriptions', {
        method: 'POST',
        token: a.token,
        body: dueNow(),
      })
      expect(made.status).toBe(201)
      const [mail] = (await until(
        'the report',
        async () => mailsTo(a).length > 0 && mailsTo(a),
      )) as ReceivedMail[]
      expect(mail?.text).toContain(`${figureRegistry.gross.label.en}: `)
      expect(mail?.text).not.toContain(`${figureRegistry.fees.label.en}: `)
      const header = (mail?.attachments[0]?.text ?? '')
        .replace(/^\ufeff/, '')
        .split(/\r?\n/)[0]
        ?.split(',')
      expect(header).toContain(figureRegistry.gross.label.en)
      expect(header).not.toContain(figureRegistry.fees.label.en)
    })

    it("mails a channel's subscription movements of yesterday with the Subscriptions screen's CSV, and no MRR to a role that may not read prices", async () => {
      // A member of channel A starts paying two days before the period ends, another one stops in it.
      const plan = (
        await queryRows<{ id: number }>(
          t.db,
          sql`insert into plans (name, initial_period_count, initial_period_unit, initial_original_price)
              values ('Movements', 1, 'month', '30.00') returning id`,
        )
      )[0]?.id as number
      for (const [name, started, ended] of [
        ['s-starts', 2, null],
        ['s-stops', 20, 1],
      ] as const) {
        const at = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()
        const [user] = await queryRows<{ id: number }>(
          t.db,
          sql`insert into users (username, channel_id) values (${name}, ${channels.A}) returning id`,
        )
        await t.db.execute(
          sql`insert into subscriptions (user_id, plan_id, channel_id, started_at, ended_at, status)
              values (${user?.id}, ${plan}, ${channels.A}, ${at(started)}, ${ended === null ? null : at(ended)},
                ${ended === null ? 'active' : 'expired'})`,
        )
      }
      await foldFigures(t.db)
      const body = { ...dueNow({ report: 'subscriptions' }), channel_id: channels.A }
      // The screen's permission is the daily revenue's: no report without it.
      const stranger = await subscriber(t, ['list-daily-channel', 'all-channels'])
      expect(
        (await t.request('/api/report-subscriptions', { method: 'POST', token: stranger.token, body }))
          .status,
      ).toBe(403)

      const a = await subscriber(t, ['list-daily-revenue', 'export-daily-revenue', 'all-channels'])
      const narrowed = await subscriber(t, ['list-daily-revenue', 'export-daily-revenue', 'all-channels'])
      const [held] = await t.db.select().from(adminRoles).where(eq(adminRoles.adminId, narrowed.id))
      await t.db
        .update(roles)
        .set({ fieldRules: { plans: { initial_original_price: 'none' } } })
        .where(eq(roles.id, held?.roleId as number))
      const made: number[] = []
      for (const admin of [a, narrowed]) {
        const answer = await t.request('/api/report-subscriptions', {
          method: 'POST',
          token: admin.token,
          body,
        })
        expect(answer.status).toBe(201)
        made.push(answer.body.data.id as number)
      }
      const [mail] = (await until(
        'the report',
        async () => mailsTo(a).length > 0 && mailsTo(a),
      )) as ReceivedMail[]
      const [row] = await until('its row sent', async () => {
        const rows = await deliveriesOf(t, made[0] as number)
        return rows[0]?.state === 'sent' && rows
      })
      const query = `start_date=${row?.periodStart}&end_date=${row?.periodEnd}&channel_id=${channels.A}&by=day`
      const screen = await t.request(`/api/analytics/subscriptions/movements?${query}`, { token: a.token })
      expect(screen.status).toBe(200)
      // A member pays at the period's end (the one who started two days ago): the mail's figures are the screen's.
      expect(Number(screen.body.meta.totals.closing_mrr)).toBeGreaterThan(0)
      expect(mail?.subject).toBe(`Subscriptions ${row?.periodStart}`)
      for (const name of reportMailContents.subscriptions.headline)
        expect(mail?.text).toContain(
          `${reportFigureLabel(name, 'en')}: ${figureText(name, screen.body.meta.totals[name])}`,
        )
      const csv = await t.request(`/api/analytics/subscriptions/movements/exportCsv?${query}&lang=en`, {
        token: a.token,
      })
      expect(mail?.attachments.map((part) => part.filename)).toEqual(['subscriptionMovements.csv'])
      expect(mail?.attachments[0]?.text).toBe(`\ufeff${csv.body}`)

      // A role that may not read a plan's price reads the members' counts, no MRR, in the mail as in its CSV.
      const [hidden] = (await until(
        'the narrowed report',
        async () => mailsTo(narrowed).length > 0 && mailsTo(narrowed),
      )) as ReceivedMail[]
      expect(hidden?.text).toContain(`${reportFigureLabel('closing_members', 'en')}: `)
      for (const name of ['opening_mrr', 'churn', 'closing_mrr'] as const)
        expect(hidden?.text).not.toContain(`${reportFigureLabel(name, 'en')}: `)
      const header = (hidden?.attachments[0]?.text ?? '')
        .replace(/^\ufeff/, '')
        .split(/\r?\n/)[0]
        ?.split(',')
      expect(header).toContain(reportFigureLabel('closing_members', 'en'))
      expect(header).not.toContain(reportFigureLabel('closing_mrr', 'en'))
    })

    it("mails a channel admin's weekly channel report in Chinese, covering only its channels", async () => {
      const a = await subscriber(t, ['list-daily-channel', 'export-daily-channel'])
      await t.db.insert(channelAdmins).values({ adminId: a.id, channelId: channels.A })
      const today = dayIn(ZONE)
      const made = await t.request('/api/report-subscriptions', {
        method: 'POST',
        token: a.token,
        body: dueNow({
          report: 'daily-channel',
          frequency: 'weekly',
          weekday: isoWeekday(today),
          language: 'zh-cn',
        }),
      })
      expect(made.status).toBe(201)
      const [mail] = (await until(
        'the report',
        async () => mailsTo(a).length > 0 && mailsTo(a),
      )) as ReceivedMail[]
      const [row] = await deliveriesOf(t, made.body.data.id)
      expect(row?.periodEnd).toBe(addDays(row?.periodStart as string, 6))
      const query = `start_date=${row?.periodStart}&end_date=${row?.periodEnd}`
      const screen = await t.request(`/api/analytics/channel/records?${query}`, { token: a.token })
      const everyone = await t.request(`/api/analytics/channel/records?${query}`, {
        token: await t.superToken(),
      })
      // Its channels' figures, not everyone's.
      expect(Number(screen.body.meta.totals.gross)).toBeLessThan(Number(everyone.body.meta.totals.gross))
      expect(mail?.subject).toBe(`每日渠道统计 ${row?.periodStart} 至 ${row?.periodEnd}`)
      expect(mail?.text).toContain('渠道：您可见的全部渠道')
      expect(mail?.text).toMatch(/\n数据截至 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(业务时区 /)
      for (const name of reportMailContents['daily-channel'].headline)
        expect(mail?.text).toContain(
          `${reportFigureLabel(name, 'zh-cn')}：${figureText(name, screen.body.meta.totals[name])}`,
        )
      const csv = await t.request(`/api/analytics/channel/exportCsv?${query}&lang=zh-cn`, { token: a.token })
      expect(mail?.attachments[0]?.text).toBe(`\ufeff${csv.body}`)
      expect(csv.body).toMatch(/^日期,访问量,/)
    })

    it('attaches the campaign rows, cells neutralised, and no CSV to who may not export the screen', async () => {
      const a = await subscriber(t, ['list-daily-campaign', 'list-daily-revenue', 'all-channels'])
      for (const report of ['daily-campaign', 'daily-revenue'])
        expect(
          (
            await t.request('/api/report-subscriptions', {
              method: 'POST',
              token: a.token,
              body: dueNow({ report }),
            })
          ).status,
        ).toBe(201)
      const mails = (await until(
        'both reports',
        async () => mailsTo(a).length === 2 && mailsTo(a),
      )) as ReceivedMail[]
      const campaign = mails.find((mail) => mail.subject.startsWith('Daily campaign statistics'))
      const revenue = mails.find((mail) => mail.subject.startsWith('Daily revenue'))
      expect(revenue?.attachments).toEqual([])
      expect(campaign?.attachments[0]?.filename).toBe('dailyCampaign.csv')
      const lines = campaign?.attachments[0]?.text.split(/\r?\n/) ?? []
      // Labelled in the mail's language, an id told apart from the name beside it.
      expect(lines[0]).toMatch(/^\ufeffChannel ID,Channel,Campaign ID,Campaign,Gross revenue,/)
      // The campaign named '=A1' is written so a spreadsheet reads text, not a formula.
      expect(lines.some((line) => line.includes(",'=A1,"))).toBe(true)
    })

    it('makes nothing more for a subscriber who lost the permission or the channel: withheld, no mail', async () => {
      const a = await subscriber(t, ['list-daily-revenue'])
      const c = await subscriber(t, ['list-daily-channel'])
      await t.db.insert(channelAdmins).values({ adminId: c.id, channelId: channels.A })
      const later = (zoneHour(ZONE, new Date()).hour + 1) % 24
      const made = await t.request('/api/report-subscriptions', {
        method: 'POST',
        token: a.token,
        body: dueNow({ hour: later }),
      })
      const channelMade = await t.request('/api/report-subscriptions', {
        method: 'POST',
        token: c.token,
        body: dueNow({ report: 'daily-channel', channel_id: channels.A, hour: later }),
      })
      expect([made.status, channelMade.status]).toEqual([201, 201])
      // Taken away before the hour comes: the role loses the permission, the admin the channel.
      await t.db.execute(
        sql`delete from role_permissions rp using admin_roles ar, permissions p
          where ar.admin_id = ${a.id} and rp.role_id = ar.role_id and p.id = rp.permission_id and p.name = 'list-daily-revenue'`,
      )
      await t.db.delete(channelAdmins).where(eq(channelAdmins.adminId, c.id))
      // Then the hour comes (the subscriptions moved to the hour under way, made within it).
      await t.db.execute(
        sql`update report_subscriptions set hour = ${zoneHour(ZONE, new Date()).hour} where id in (${made.body.data.id}, ${channelMade.body.data.id})`,
      )
      for (const id of [made.body.data.id, channelMade.body.data.id])
        await until('the report withheld', async () => (await deliveriesOf(t, id))[0]?.state === 'withheld')
      await deliveredAnother(t, smtp)
      expect(mailsTo(a)).toEqual([])
      expect(mailsTo(c)).toEqual([])
      const listed = await t.request('/api/report-subscriptions', { token: a.token })
      expect(listed.body.data[0].last_state).toBe('withheld')
    })

    it('sends a report whose process died after claiming it, from the outbox, once', async () => {
      const a = await subscriber(t, ['list-daily-revenue'])
      const made = await t.request('/api/report-subscriptions', {
        method: 'POST',
        token: a.token,
        body: dueNow({ hour: (zoneHour(ZONE, new Date()).hour + 1) % 24 }),
      })
      // A claim as a process leaves it when killed before making the report: the row, nothing in it.
      await t.db.insert(reportDeliveries).values({
        subscriptionId: made.body.data.id,
        periodStart: addDays(dayIn(ZONE), -1),
        periodEnd: addDays(dayIn(ZONE), -1),
        triedAt: sql`now() - interval '1 minute'`,
      })
      await until('the report', async () => mailsTo(a).length > 0)
      const [row] = await until('its row sent', async () => {
        const rows = await deliveriesOf(t, made.body.data.id)
        return rows[0]?.state === 'sent' && rows
      })
      expect(row?.attempts).toBe(2)
      await deliveredAnother(t, smtp)
      expect(mailsTo(a)).toHaveLength(1)
    })
  })
})

/**
 * Resolves once the scheduler has made a whole later pass: a marker subscription, made now and due now, has
 * been mailed. Passes run one at a time and claim every due period first, so anything a pass could still
 * send would have been sent by then.
 */
async function deliveredAnother(t: TestApp, smtp: Awaited<ReturnType<typeof startSmtp>>) {
  const marker = await subscriber(t, ['list-daily-refund-statistics'])
  const made = await t.request('/api/report-subscriptions', {
    method: 'POST',
    token: marker.token,
    body: dueNow({ report: 'daily-refund-statistics' }),
  })
  expect(made.status).toBe(201)
  await until('the marker report', async () =>
    smtp.received.some((mail) => mail.to.includes(`${marker.username}@example.com`)),
  )
  // Its own pass may have begun before the claim it follows: one more after it.
  const again = await subscriber(t, ['list-daily-refund-statistics'])
  await t.request('/api/report-subscriptions', {
    method: 'POST',
    token: again.token,
    body: dueNow({ report: 'daily-refund-statistics' }),
  })
  await until('the second marker report', async () =>
    smtp.received.some((mail) => mail.to.includes(`${again.username}@example.com`)),
  )
}

describeEachEngine('report subscriptions without a mail server', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(engine, { env: { MAIL_RETRY_SECONDS: '1' } })
  }, scaled(120_000))
  afterAll(async () => {
    await t?.close()
  })

  it('keeps the report in the outbox, made and readable', async () => {
    const a = await subscriber(t, ['list-daily-refund-statistics'])
    const made = await t.request('/api/report-subscriptions', {
      method: 'POST',
      token: a.token,
      body: {
        report: 'daily-refund-statistics',
        frequency: 'daily',
        hour: zoneHour('UTC', new Date()).hour,
        language: 'en',
      },
    })
    expect(made.status).toBe(201)
    const [row] = await until('the report in the outbox', async () => {
      const rows = await deliveriesOf(t, made.body.data.id)
      return rows[0]?.state === 'outbox' && rows
    })
    expect(row?.recipient).toBe(`${a.username}@example.com`)
    expect(row?.body).toContain('Refunds: 0.00 USD')
    expect(row?.attachmentName).toBe('refundStatistics.csv')
    expect(row?.attachment).toMatch(
      /^Date,Gross revenue,Fees,Refunds,Chargebacks,Net revenue,Refunds \(count\),Chargebacks \(count\)\n/,
    )
    expect(row?.pending).toBe(false)
  })
})
