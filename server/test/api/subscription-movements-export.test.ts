import { movementColumns, movementLabels } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { queryRows } from '../../src/db/client.ts'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'

/**
 * subscriptionMovements.csv (issue 66, item 4): the Subscriptions screen's movements table as CSV, line for
 * line the JSON answer's rows, behind the export permission, without MRR columns for a role that may not
 * read MRR, its header the screen's labels in the language asked.
 */
const PERIOD = 'start_date=2026-01-01&end_date=2026-04-30&by=month'

describeEachEngine('the subscription movements export', (engine) => {
  let t: TestApp
  let token: string
  const one = async (text: string) => (await queryRows<{ id: number }>(t.db, sql.raw(text)))[0]?.id as number
  const csv = async (path: string, as = token) => {
    const answer = await t.request(`/api/analytics/subscriptions/movements/exportCsv?${path}`, { token: as })
    const lines = String(answer.body)
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/)
    return { status: answer.status, answer, rows: lines.map((line) => line.split(',')) }
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    t.config.businessTimeZone = 'Asia/Kathmandu'
    token = await t.superToken()
    const plan =
      await one(`insert into plans (name, initial_period_count, initial_period_unit, initial_original_price,
      recurring_period_count, recurring_period_unit, recurring_original_price)
      values ('Monthly', 1, 'month', 9.99, 1, 'month', 19.99) returning id`)
    const spans = [
      ['2025-12-10T00:00:00Z', null],
      ['2026-01-20T00:00:00Z', '2026-03-05T00:00:00Z'],
      ['2026-02-14T00:00:00Z', null],
    ]
    for (const [index, [start, end]] of spans.entries()) {
      const user = await one(`insert into users (username) values ('export${index}') returning id`)
      await one(`insert into subscriptions (user_id, plan_id, started_at, ended_at, status)
        values (${user}, ${plan}, '${start}', ${end ? `'${end}'` : 'null'}, '${end ? 'expired' : 'active'}') returning id`)
    }
  })
  afterAll(() => t?.close())

  it("writes the JSON answer's rows, a line a month, the header in the language asked", async () => {
    const json = await t.request(`/api/analytics/subscriptions/movements?${PERIOD}`, { token })
    expect(json.status).toBe(200)
    const { status, answer, rows } = await csv(PERIOD)
    expect(status).toBe(200)
    expect(answer.headers.get('content-disposition')).toContain('subscriptionMovements.csv')
    const [header, ...lines] = rows
    expect(header).toEqual([...movementColumns])
    expect(lines).toEqual(
      json.body.data.map((row: Json) => movementColumns.map((column) => String(row[column]))),
    )
    // The months have movements of every sign: new, expansion (the first period ends), churn.
    expect(json.body.data.some((row: Json) => row.churn !== '0.00')).toBe(true)
    expect(json.body.data.some((row: Json) => row.expansion !== '0.00')).toBe(true)
    const [chinese = []] = (await csv(`${PERIOD}&lang=zh-cn`)).rows
    expect(chinese).toEqual(movementColumns.map((column) => movementLabels[column][1]))
  })

  it('leaves the MRR columns out for who may not read MRR, and needs the export permission', async () => {
    const admin = await t.createAdmin(['list-daily-revenue', 'export-daily-revenue', 'all-channels'])
    await t.db.execute(
      sql.raw(
        `update roles set field_rules = '{"orders":{"amount":"masked"}}' where name = 'role-of-${admin.username}'`,
      ),
    )
    const [header = []] = (await csv(PERIOD, await t.login(admin.username, admin.password))).rows
    expect(header).toEqual(
      movementColumns.filter((column) => !column.endsWith('_mrr') && column.includes('_')),
    )
    const reader = await t.createAdmin(['list-daily-revenue', 'all-channels'])
    expect((await csv(PERIOD, reader.token)).status).toBe(403)
  })

  it.each([
    'start_date=2026-02-01&end_date=2026-01-01',
    'start_date=2026-01-01&end_date=2026-02-01&by=week',
    'start_date=2026-01-01&end_date=2026-02-01&plan_id=abc',
    'start_date=2026-01-01&end_date=2026-02-01&lang=fr',
  ])('answers %s with a 4xx in the API shape', async (path) => {
    const { answer } = await csv(path)
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.status).toBeLessThan(500)
    expect(answer.body).toHaveProperty('message')
  })
})
