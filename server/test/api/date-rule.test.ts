import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { channels, users } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

const YEARS = /years 1 to 9999/

/** Issue 23 item 3: one date rule (years 1..9999 in UTC) on every day and instant field and filter. */
describeEachEngine('the one date rule', (engine) => {
  let t: TestApp
  let token: string
  const api = (path: string, options: Parameters<TestApp['request']>[1] = {}) =>
    t.request(path, { token, ...options })
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    t = await startTestApp(engine, {
      // The safety net: a date PostgreSQL refuses that no rule caught before it.
      beforeListen: (app, db) => {
        app.get('/api/test-raw-date', { config: { access: 'authenticated' } }, async () => {
          await db.execute(sql`select '0000-01-01'::date`)
          return { data: null }
        })
      },
    })
    token = await t.superToken()
    const [member] = await t.db.insert(users).values({ username: 'dates' }).returning({ id: users.id })
    const [channel] = await t.db
      .insert(channels)
      .values({ utmSource: 'dates', type: 'email' as const })
      .returning({ id: channels.id })
    Object.assign(ids, { member: member?.id, channel: channel?.id })
  })
  afterAll(() => t?.close())

  it('refuses days outside the years on every calendar-day field with 422 on the field', async () => {
    const writes: [string, string, Record<string, unknown>, string][] = [
      ['PUT', `/api/users/${ids.member}`, { start_date: '0000-01-01' }, 'start_date'],
      ['PUT', `/api/users/${ids.member}`, { end_date: '0000-12-31' }, 'end_date'],
      ['PUT', `/api/users/${ids.member}`, { birthdate: '0000-02-29' }, 'birthdate'],
      [
        'POST',
        '/api/segpay-payout-reports',
        { period_start: '0000-01-01', period_end: '2026-01-01', gross: '1.00', net: '1.00', reference: 'd1' },
        'period_start',
      ],
      [
        'POST',
        '/api/segpay-payout-reports',
        {
          period_start: '2026-01-01',
          period_end: '2026-01-02',
          gross: '1.00',
          net: '1.00',
          reference: 'd2',
          paid_on: '0000-06-01',
        },
        'paid_on',
      ],
      [
        'POST',
        `/api/channels/${ids.channel}/campaigns`,
        { name: 'c', started_on: '0000-01-01' },
        'started_on',
      ],
      ['POST', `/api/channels/${ids.channel}/campaigns`, { name: 'c', ended_on: '0000-01-01' }, 'ended_on'],
    ]
    for (const [method, path, body, field] of writes) {
      const res = await api(path, { method, body })
      expect(res.status, `${path} ${field}`).toBe(422)
      expect(res.body.errors, `${path} ${field}`).toEqual({ [field]: [expect.stringMatching(YEARS)] })
    }
    const batch = await api('/api/users/batch-create', {
      method: 'POST',
      body: { rows: [{ username: 'ok-row' }, { username: 'old', birthdate: '0000-01-01' }] },
    })
    expect(batch.status).toBe(422)
    expect(batch.body.errors).toEqual({ 'rows.2.birthdate': [expect.stringMatching(YEARS)] })
  })

  it('refuses instants that UTC moves out of the years, and keeps the first and last ones', async () => {
    const promotion = (started_at: string, ended_at: string) =>
      api('/api/promotions', {
        method: 'POST',
        body: {
          name: `p ${started_at}`,
          code: `P${Math.random().toString(36).slice(2, 8)}`,
          started_at,
          ended_at,
          times: 1,
          status: 'enabled',
        },
      })
    const late = await promotion('2026-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00')
    expect(late.status).toBe(422)
    expect(late.body.errors).toEqual({ ended_at: [expect.stringMatching(YEARS)] })
    const early = await promotion('0001-01-01T00:30:00+01:00', '2026-01-01T00:00:00Z')
    expect(early.status).toBe(422)
    expect(early.body.errors).toEqual({ started_at: [expect.stringMatching(YEARS)] })
    expect((await promotion('0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z')).status).toBe(201)
  })

  it('refuses such days in day-range filters', async () => {
    for (const [path, field] of [
      ['/api/users?start_date_from=0000-01-01', 'start_date_from'],
      ['/api/segpay-payout-reports?period_start_from=0000-01-01', 'period_start_from'],
      ['/api/subscriptions/channelStatistic?started_from=0000-01-01', 'started_from'],
    ] as const) {
      const res = await api(path)
      expect(res.status, path).toBe(422)
      expect(Object.keys(res.body.errors), path).toEqual([field])
    }
    expect((await api('/api/users?start_date_from=0001-01-01&end_date_to=9999-12-31')).status).toBe(200)
  })

  it("answers PostgreSQL's date overflow (22008) with 422, not 500", async () => {
    const res = await api('/api/test-raw-date')
    expect(res.status).toBe(422)
    expect(res.body.message).toMatch(YEARS)
  })
})
