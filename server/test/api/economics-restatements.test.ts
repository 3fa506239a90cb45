import { addDays, dayIn, type EconomicsRestatement, economicsRestatedFigures, nextMonth } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { queryRows } from '../../src/db/client.ts'
import { foldFigures } from '../../src/modules/analytics/keeping/index.ts'
import { closeMonths, syncBusinessZone, syncZoneDays } from '../../src/modules/analytics/upkeep.ts'
import { channelAdmin, idOf, monthBefore, narrowRole, twoChannels } from '../support/closed-months.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

/**
 * Restatements of subscription economics (issue 66 item 3, docs/analytics.md "Restatements of subscription
 * economics"), in a business zone at +05:45: what a month's subscriptions did while it was open is not noted;
 * once it is closed, subscriptions back-dated into it (started, ended) and a plan's price change are, each
 * figure of each closed month with its value before and after equal to the movements answer before and after
 * the change, in every kept scope a caller reads, under the table whose change it was, and each retention
 * cohort's members, members paying and MRR as the cohorts answer says them; a change of the open month is not. A channel admin reads its channel's only and no plan; a role that may not read the prices, no
 * MRR figure.
 */
const ZONE = 'Asia/Kathmandu'

type Figure = (typeof economicsRestatedFigures)[number]
type Row = Record<Figure, string | number>
interface CohortRow {
  cohort: string
  members: number
  months: { month: string; members: number; mrr: string }[]
}

describeEachEngine('restatements of subscription economics', (engine) => {
  let t: TestApp
  let token: string
  /** The two closed months read, and the one still open; read when the tests run. */
  let months: string[] = []
  let ids: {
    a: number
    b: number
    campaign: number
    monthly: number
    annual: number
    member: number
    ancient: number
  }
  const at = (day: string, time: string) => `'${day} ${time}'::timestamp at time zone '${ZONE}'`
  const scopes = () => [
    '',
    `&channel_id=${ids.a}`,
    `&channel_id=${ids.b}`,
    `&campaign_id=${ids.campaign}`,
    `&plan_id=${ids.monthly}`,
  ]

  const restatements = async (query: string, as = token) => {
    const answer = await t.request<{ data: EconomicsRestatement[]; meta: { closed_before: string | null } }>(
      `/api/analytics/subscriptions/restatements?start_date=${months[0]}&end_date=${dayIn(ZONE)}${query}`,
      { token: as },
    )
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body
  }
  /** The movements answer of each closed month, per scope: what a restatement's before and after must equal. */
  const figures = async () => {
    const seen: Record<string, Record<string, Row>> = {}
    for (const scope of scopes()) {
      const end = addDays(nextMonth(months[1] as string), -1)
      const answer = await t.request<{ data: (Row & { start_date: string })[] }>(
        `/api/analytics/subscriptions/movements?start_date=${months[0]}&end_date=${end}&by=month${scope}`,
        { token },
      )
      expect(answer.status).toBe(200)
      seen[scope] = Object.fromEntries(answer.body.data.map((row) => [row.start_date, row]))
    }
    return seen
  }
  /** Each figure that changed between `before` and `after` noted once under `source`, as they say; no other. */
  const expectNoted = async (
    before: Record<string, Record<string, Row>>,
    after: Record<string, Record<string, Row>>,
    source: string,
  ) => {
    let changed = 0
    for (const scope of scopes()) {
      const { data } = await restatements(scope)
      const noted = data.filter((entry) => entry.source === source && entry.cohort === null)
      expect(
        data.every((entry) => months.slice(0, 2).includes(entry.month)),
        scope,
      ).toBe(true)
      for (const month of months.slice(0, 2))
        for (const figure of economicsRestatedFigures) {
          const was = String(before[scope]?.[month]?.[figure])
          const is = String(after[scope]?.[month]?.[figure])
          const entries = noted.filter((entry) => entry.month === month && entry.figure === figure)
          if (was === is) expect(entries, `${scope} ${month} ${figure}`).toEqual([])
          else {
            changed++
            expect(entries, `${scope} ${month} ${figure}`).toMatchObject([{ before: was, after: is }])
          }
        }
    }
    return changed
  }

  /**
   * The cohorts answer per scope, from a month before the first read (the annual member's cohort) to the last
   * closed one: each cohort's members, and its members paying and their MRR at each month's end, by
   * `cohort|month|figure` (first days, as a restatement names them).
   */
  const cohortFigures = async () => {
    const seen: Record<string, Map<string, string>> = {}
    for (const scope of scopes()) {
      const end = addDays(nextMonth(months[1] as string), -1)
      const answer = await t.request<{ data: CohortRow[] }>(
        `/api/analytics/subscriptions/cohorts?start_date=${monthBefore(ZONE, 3)}&end_date=${end}${scope}`,
        { token },
      )
      expect(answer.status).toBe(200)
      const cells = new Map<string, string>()
      for (const row of answer.body.data) {
        const cohort = `${row.cohort}-01`
        cells.set(`${cohort}|${cohort}|cohort_members`, String(row.members))
        for (const cell of row.months) {
          cells.set(`${cohort}|${cell.month}-01|cohort_paying_members`, String(cell.members))
          cells.set(`${cohort}|${cell.month}-01|cohort_mrr`, cell.mrr)
        }
      }
      seen[scope] = cells
    }
    return seen
  }
  /** Each cohort figure of the months read that changed noted once under `source`, as they say; no other. */
  const expectCohortsNoted = async (
    before: Record<string, Map<string, string>>,
    after: Record<string, Map<string, string>>,
    source: string,
  ) => {
    let changed = 0
    const none = (key: string) => (key.endsWith('cohort_mrr') ? '0.00' : '0')
    for (const scope of scopes()) {
      const noted = (await restatements(scope)).data.filter(
        (entry) => entry.source === source && entry.cohort !== null,
      )
      const was = before[scope] ?? new Map<string, string>()
      const is = after[scope] ?? new Map<string, string>()
      const keys = [...new Set([...was.keys(), ...is.keys()])].filter((key) =>
        months.slice(0, 2).includes(key.split('|')[1] as string),
      )
      const expected = keys.flatMap((key) => {
        const [from, to] = [was.get(key) ?? none(key), is.get(key) ?? none(key)]
        return from === to ? [] : [{ key, before: from, after: to }]
      })
      changed += expected.length
      expect(
        noted
          .map((entry) => ({
            key: `${entry.cohort}|${entry.month}|${entry.figure}`,
            before: entry.before,
            after: entry.after,
          }))
          .sort((x, y) => x.key.localeCompare(y.key)),
        scope,
      ).toEqual(expected.sort((x, y) => x.key.localeCompare(y.key)))
    }
    return changed
  }

  beforeAll(async () => {
    months = [monthBefore(ZONE, 2), monthBefore(ZONE, 1), monthBefore(ZONE, 0)]
    const [closed] = months as [string]
    t = await startTestApp(engine, {
      env: { BUSINESS_TIME_ZONE: ZONE },
      // The closed month's first subscriptions are written before the app starts, while nothing is closed.
      async beforeListen(_app, db) {
        const { a, b, campaign } = await twoChannels(db, 'econ')
        const plan = async (values: string) =>
          idOf(
            db,
            `insert into plans (name, initial_period_count, initial_period_unit, initial_original_price,
              recurring_period_count, recurring_period_unit, recurring_original_price) values (${values}) returning id`,
          )
        const monthly = await plan(`'Monthly', 1, 'month', 9.99, 1, 'month', 9.99`)
        const annual = await plan(`'Annual', 1, 'year', 99.99, 1, 'year', 99.99`)
        const member = async (name: string, channel: number) =>
          idOf(db, `insert into users (username, channel_id) values ('${name}', ${channel}) returning id`)
        const subscribe = async (user: number, values: string) =>
          idOf(
            db,
            `insert into subscriptions (user_id, plan_id, channel_id, campaign_id, started_at, ended_at, status)
              values (${user}, ${values}) returning id`,
          )
        const first = await member('early', a)
        await subscribe(first, `${monthly}, ${a}, ${campaign}, ${at(closed, '03:00')}, null, 'active'`)
        const second = await member('annual', b)
        await subscribe(second, `${annual}, ${b}, null, ${at(addDays(closed, -20), '09:00')}, null, 'active'`)
        // A first payment the member site dated before year 1: its cohort no period can ask for.
        const ancient = await member('ancient', a)
        await subscribe(ancient, `${annual}, ${a}, null, '0050-06-01 00:00:00+00 BC', null, 'active'`)
        ids = { a, b, campaign, monthly, annual, member: second, ancient }
      },
    })
    token = await t.superToken()
    await syncBusinessZone(t.db, ZONE)
    await syncZoneDays(t.db, ZONE)
    await foldFigures(t.db)
  })
  afterAll(() => t?.close())

  it('notes nothing of what a month did while it was open, and closes it once the figures are whole', async () => {
    expect(await closeMonths(t.db)).toBe(months[2])
    const answer = await restatements('')
    expect(answer.meta.closed_before).toBe(months[2])
    expect(answer.data).toEqual([])
  })

  it('notes subscriptions back-dated into closed months, before and after as the movements say', async () => {
    const [closed, later] = months as [string, string]
    const before = await figures()
    const cohortsBefore = await cohortFigures()
    // One transaction, as the member site's: its members are made stale together and worked out in one step.
    await t.db.transaction(async (tx) => {
      // A member who started in the closed month and left in the next, and the annual member gone in the closed one.
      const late = await idOf(
        tx,
        `insert into users (username, channel_id) values ('late', ${ids.a}) returning id`,
      )
      await tx.execute(
        sql.raw(`insert into subscriptions (user_id, plan_id, channel_id, campaign_id, started_at, ended_at, status)
          values (${late}, ${ids.monthly}, ${ids.a}, ${ids.campaign}, ${at(closed, '23:30')}, ${at(later, '05:00')}, 'expired')`),
      )
      await tx.execute(
        sql.raw(`update subscriptions set ended_at = ${at(closed, '12:00')}, status = 'expired'
          where user_id = ${ids.member}`),
      )
      // The open month's subscription is no restatement.
      const now = await idOf(
        tx,
        `insert into users (username, channel_id) values ('now', ${ids.a}) returning id`,
      )
      await tx.execute(
        sql.raw(`insert into subscriptions (user_id, plan_id, channel_id, started_at, status)
          values (${now}, ${ids.monthly}, ${ids.a}, now(), 'active')`),
      )
    })
    await foldFigures(t.db)
    const after = await figures()
    expect(await expectNoted(before, after, 'subscriptions')).toBeGreaterThan(10)
    // The late member entered the closed month's cohort; the annual member's cohort lost them at its end.
    expect(await expectCohortsNoted(cohortsBefore, await cohortFigures(), 'subscriptions')).toBeGreaterThan(
      10,
    )
    // Closing MRR of both closed months restated for the whole business (the second month through its opening).
    const { data } = await restatements('')
    expect(
      data
        .filter((entry) => entry.figure === 'closing_mrr')
        .map((entry) => entry.month)
        .sort(),
    ).toEqual([closed, later])
  })

  it("notes a plan's price change under plans, after what was noted before", async () => {
    const before = await figures()
    const cohortsBefore = await cohortFigures()
    await t.db.execute(
      sql.raw(`update plans set initial_original_price = 14.99, recurring_original_price = 14.99
        where id = ${ids.monthly}`),
    )
    await foldFigures(t.db)
    const after = await figures()
    expect(await expectNoted(before, after, 'plans')).toBeGreaterThan(0)
    expect(await expectCohortsNoted(cohortsBefore, await cohortFigures(), 'plans')).toBeGreaterThan(0)
  })

  it("shows a channel admin its own channel's, no plan's, and no MRR to whom may not read the prices", async () => {
    const admin = await channelAdmin(t, ids.a)
    const mine = await restatements('', admin.token)
    expect(mine.data.length).toBeGreaterThan(0)
    expect(mine.data).toEqual((await restatements(`&channel_id=${ids.a}`)).data)
    const ask = (query: string) =>
      t.request(
        `/api/analytics/subscriptions/restatements?start_date=${months[0]}&end_date=${months[0]}${query}`,
        {
          token: admin.token,
        },
      )
    expect((await ask(`&channel_id=${ids.b}`)).status).toBe(404)
    const plan = await ask(`&plan_id=${ids.monthly}`)
    expect(plan.status).toBe(422)
    expect(Object.keys((plan.body as { errors: object }).errors)).toEqual(['plan_id'])
    const narrowed = await narrowRole(t, token, admin.id, { plans: { recurring_original_price: 'none' } })
    expect(narrowed.status).toBe(200)
    const counted = (await restatements('', admin.token)).data
    expect(counted.length).toBeGreaterThan(0)
    expect(counted.every((entry) => entry.unit === 'count')).toBe(true)
  })

  it('answers, never a 500, when a cohort restated is one no period can ask for (a first payment before year 1)', async () => {
    // The member who first paid in 50 BC (beforeAll) leaves in the closed month.
    await t.db.execute(
      sql.raw(`update subscriptions set ended_at = ${at(months[0] as string, '06:00')}, status = 'expired'
        where user_id = ${ids.ancient}`),
    )
    await foldFigures(t.db)
    const [noted] = await queryRows<{ count: number }>(
      t.db,
      sql`select count(*)::integer as count from economics_restatements where cohort < date '0001-01-01'`,
    )
    expect(noted?.count).toBeGreaterThan(0)
    const { data } = await restatements('')
    expect(data.length).toBeGreaterThan(0)
    expect(data.every((entry) => entry.cohort === null || entry.cohort >= '0001-01-01')).toBe(true)
  })
})
