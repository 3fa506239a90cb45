import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { addDays, dayIn, economicsTable } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../src/db/client.ts'
import { foldFigures } from '../../src/modules/analytics/keeping/index.ts'
import { keptIn } from '../../src/modules/economics/kept-movements.ts'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'
import { seeded } from '../support/seeded.ts'

/**
 * Subscription economics (issue 66 item 1, docs/figures.md "Subscription economics") against a walk of the
 * raw rows in JavaScript: every subscription's paying spans worked out here (integer cents, exact ratios), each
 * member's MRR read just before every business midnight, in three business zones (one at +05:45) of one app
 * whose zone the test sets, and keeps (the movements and churn then read from what is kept, docs/analytics.md
 * "Subscription economics kept"). Rows written by SQL as the member site writes them: discounted first periods,
 * plan changes (one ended, another started at that instant), cancellations, members coming back, two
 * channels and direct members, over fourteen months.
 */

const START = '2025-09-01'
const END = '2026-10-31'
const ZONES = ['America/New_York', 'Asia/Kathmandu', 'Australia/Adelaide']

type Unit = 'day' | 'week' | 'month' | 'year'
interface Plan {
  id: number
  initial: [count: number, unit: Unit, price: string]
  recurring: [count: number, unit: Unit, price: string] | null
}
interface Sub {
  id: number
  user: number
  plan: Plan
  channel: number | null
  campaign: number | null
  start: number
  end: number | null
}
interface Span {
  user: number
  lo: number
  hi: number
  cents: bigint
}

/** A price's cents from its text ("24.99"), never through a float. */
const cents = (price: string) => {
  const [whole, part = ''] = price.split('.')
  return BigInt(whole ?? '0') * 100n + BigInt(part.padEnd(2, '0'))
}
/** n / d rounded half up (both above or at zero). */
const halfUp = (n: bigint, d: bigint) => (2n * n + d) / (2n * d)
const money = (value: bigint) =>
  `${value < 0n ? '-' : ''}${(value < 0n ? -value : value) / 100n}.${String((value < 0n ? -value : value) % 100n).padStart(2, '0')}`
/** n / d to four places as PostgreSQL writes it, null without d. */
const ratio = (n: bigint, d: bigint) => {
  if (d === 0n) return null
  const scaled = halfUp(n * 10_000n, d)
  return `${scaled / 10_000n}.${String(scaled % 10_000n).padStart(4, '0')}`
}

/** A period's MRR in cents: its price over its length in months (a day 12/365.25 of one), rounded half up. */
function monthlyCents([count, unit, price]: [number, Unit, string]): bigint {
  const days = { day: 1n, week: 7n } as Record<Unit, bigint>
  if (unit === 'month' || unit === 'year')
    return halfUp(cents(price), BigInt(count) * (unit === 'year' ? 12n : 1n))
  // price / (count * days * 12 / 365.25) = price * 36525 / (count * days * 1200)
  return halfUp(cents(price) * 36_525n, BigInt(count) * (days[unit] as bigint) * 1200n)
}

/** An instant plus a period on the UTC calendar, a month's day cut to the month's last (31 Jan + 1 month = 28 Feb). */
function after(at: number, [count, unit]: [number, Unit, string]): number {
  if (unit === 'day' || unit === 'week') return at + count * (unit === 'week' ? 7 : 1) * 86_400_000
  const date = new Date(at)
  const months = date.getUTCMonth() + count * (unit === 'year' ? 12 : 1)
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), months + 1, 0)).getUTCDate()
  return Date.UTC(
    date.getUTCFullYear(),
    months,
    Math.min(date.getUTCDate(), lastDay),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  )
}

/** Where a subscription pays a fixed MRR above zero. */
function spansOf(sub: Sub): Span[] {
  const turn = after(sub.start, sub.plan.initial)
  const end = sub.end ?? Number.POSITIVE_INFINITY
  const spans = [
    { user: sub.user, lo: sub.start, hi: Math.min(turn, end), cents: monthlyCents(sub.plan.initial) },
  ]
  if (sub.plan.recurring)
    spans.push({ user: sub.user, lo: turn, hi: end, cents: monthlyCents(sub.plan.recurring) })
  return spans.filter((span) => span.cents > 0n && span.hi > span.lo)
}

/** The instant a business day starts in a zone, found from the zone's offset near it. */
function midnight(zone: string, day: string): number {
  const local = Date.parse(`${day}T00:00:00Z`)
  const offset = (at: number) => {
    const parts: Record<string, string> = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .formatToParts(at)
        .map((part) => [part.type, part.value]),
    )
    const part = (type: string) => Number(parts[type])
    return (
      Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) -
      at
    )
  }
  const guess = local - offset(local)
  return local - offset(guess)
}

/** What the raw rows say, walked here: each member's MRR just before an instant. */
class Walk {
  readonly spans: Span[]
  readonly firstAt = new Map<number, number>()
  constructor(subs: Sub[]) {
    this.spans = subs.flatMap(spansOf)
    for (const span of this.spans)
      this.firstAt.set(span.user, Math.min(span.lo, this.firstAt.get(span.user) ?? Number.POSITIVE_INFINITY))
  }
  state(at: number): Map<number, bigint> {
    const mrr = new Map<number, bigint>()
    for (const span of this.spans)
      if (span.lo < at && span.hi >= at) mrr.set(span.user, (mrr.get(span.user) ?? 0n) + span.cents)
    return mrr
  }
  movements(lo: number, hi: number) {
    const before = this.state(lo)
    const afterwards = this.state(hi)
    const sums = {
      opening: 0n,
      new: 0n,
      reactivation: 0n,
      expansion: 0n,
      contraction: 0n,
      churn: 0n,
      closing: 0n,
    }
    const counts = { opening: 0, new: 0, reactivated: 0, expanded: 0, contracted: 0, churned: 0, closing: 0 }
    for (const user of new Set([...before.keys(), ...afterwards.keys()])) {
      const was = before.get(user) ?? 0n
      const is = afterwards.get(user) ?? 0n
      sums.opening += was
      sums.closing += is
      if (was > 0n) counts.opening++
      if (is > 0n) counts.closing++
      if (was === 0n) {
        const returning = (this.firstAt.get(user) as number) < lo
        sums[returning ? 'reactivation' : 'new'] += is
        counts[returning ? 'reactivated' : 'new']++
      } else if (is === 0n) {
        sums.churn -= was
        counts.churned++
      } else if (is > was) {
        sums.expansion += is - was
        counts.expanded++
      } else if (is < was) {
        sums.contraction += is - was
        counts.contracted++
      }
    }
    return { sums, counts }
  }
}

/** A movements row as the answer writes it. */
function wireMovements({ sums, counts }: ReturnType<Walk['movements']>) {
  return {
    opening_mrr: money(sums.opening),
    new: money(sums.new),
    reactivation: money(sums.reactivation),
    expansion: money(sums.expansion),
    contraction: money(sums.contraction),
    churn: money(sums.churn),
    closing_mrr: money(sums.closing),
    opening_members: counts.opening,
    new_members: counts.new,
    reactivated_members: counts.reactivated,
    expanded_members: counts.expanded,
    contracted_members: counts.contracted,
    churned_members: counts.churned,
    closing_members: counts.closing,
  }
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`
const nextMonth = (day: string) => monthStart(addDays(monthStart(day), 32))
/** The months from a day's to another's, each [first, last] cut to the range. */
function months(start: string, end: string): [string, string][] {
  const found: [string, string][] = []
  for (let first = start; first <= end; first = nextMonth(first)) {
    const last = addDays(nextMonth(first), -1)
    found.push([first, last < end ? last : end])
  }
  return found
}
const monthsBack = (day: string, count: number) => {
  let first = monthStart(day)
  for (let step = 0; step < count; step++) first = monthStart(addDays(first, -1))
  return first
}

function expectedMovements(walk: Walk, zone: string, by: 'day' | 'month') {
  const edge = (day: string) => midnight(zone, day)
  const periods: [string, string][] = []
  if (by === 'month') periods.push(...months(START, END))
  else for (let day = START; day <= END; day = addDays(day, 1)) periods.push([day, day])
  return {
    data: periods.map(([first, last]) => ({
      start_date: first,
      end_date: last,
      ...wireMovements(walk.movements(edge(first), edge(addDays(last, 1)))),
    })),
    totals: wireMovements(walk.movements(edge(START), edge(addDays(END, 1)))),
  }
}

function expectedChurn(walk: Walk, zone: string) {
  const rows = months(monthsBack(START, 2), END).map(([first, last]) => ({
    first,
    last,
    ...walk.movements(midnight(zone, first), midnight(zone, addDays(last, 1))),
  }))
  return rows.flatMap((row, index) => {
    if (row.first < START) return []
    const trailing = rows.slice(Math.max(0, index - 2), index + 1)
    const members = BigInt(trailing.reduce((sum, month) => sum + month.counts.opening, 0))
    const churned = BigInt(trailing.reduce((sum, month) => sum + month.counts.churned, 0))
    const paying = BigInt(row.counts.closing)
    return [
      {
        month: row.first.slice(0, 7),
        start_date: row.first,
        end_date: row.last,
        opening_members: row.counts.opening,
        churned_members: row.counts.churned,
        closing_members: row.counts.closing,
        churn_rate: ratio(BigInt(row.counts.churned), BigInt(row.counts.opening)),
        revenue_churn_rate: ratio(-(row.sums.churn + row.sums.contraction), row.sums.opening),
        arpu: paying === 0n ? null : money(halfUp(row.sums.closing, paying)),
        ltv:
          paying === 0n || churned === 0n
            ? null
            : money(halfUp(row.sums.closing * members, paying * churned)),
        ltv_months: trailing.map((month) => month.first.slice(0, 7)),
      },
    ]
  })
}

function expectedCohorts(walk: Walk, zone: string) {
  const ends = months(START, END).map(([first, last]) => ({
    month: first.slice(0, 7),
    state: walk.state(midnight(zone, addDays(last, 1))),
  }))
  const cohorts = new Map<string, number[]>()
  for (const [user, first] of walk.firstAt) {
    const month = dayIn(zone, new Date(first)).slice(0, 7)
    if (month >= START.slice(0, 7) && month <= END.slice(0, 7))
      cohorts.set(month, [...(cohorts.get(month) ?? []), user])
  }
  return [...cohorts.keys()].sort().map((cohort) => {
    const users = cohorts.get(cohort) as number[]
    const cells = ends
      .filter((end) => end.month >= cohort)
      .map((end, index) => {
        const paying = users.filter((user) => end.state.has(user))
        return {
          month_after: index,
          month: end.month,
          members: paying.length,
          mrr: paying.reduce((sum, user) => sum + (end.state.get(user) as bigint), 0n),
        }
      })
    const base = cells[0]?.mrr ?? 0n
    return {
      cohort,
      members: users.length,
      mrr: money(base),
      months: cells.map((cell) => ({
        ...cell,
        mrr: money(cell.mrr),
        logo_retention: ratio(BigInt(cell.members), BigInt(users.length)),
        revenue_retention: ratio(cell.mrr, base),
      })),
    }
  })
}

function expectedConversion(subs: Sub[], renewals: { sub: number; at: number }[], zone: string) {
  const lo = midnight(zone, START)
  const hi = midnight(zone, addDays(END, 1))
  const byPlan = new Map<number, { due: number; converted: number }>()
  for (const sub of subs) {
    const { initial, recurring, id } = sub.plan
    if (!recurring || monthlyCents(initial) >= monthlyCents(recurring)) continue
    const turn = after(sub.start, initial)
    if (turn < lo || turn >= hi) continue
    const counts = byPlan.get(id) ?? { due: 0, converted: 0 }
    counts.due++
    if (renewals.some((renewal) => renewal.sub === sub.id && renewal.at >= turn)) counts.converted++
    byPlan.set(id, counts)
  }
  return [...byPlan.entries()]
    .sort(([a], [b]) => a - b)
    .map(([plan_id, { due, converted }]) => ({
      plan_id,
      due,
      converted,
      first_period_conversion: ratio(BigInt(converted), BigInt(due)),
    }))
}

describeEachEngine('subscription economics', (engine) => {
  let t: TestApp
  let token: string
  const subs: Sub[] = []
  const renewals: { sub: number; at: number }[] = []
  const channels: number[] = []
  const plans: Plan[] = []

  const one = async (text: string) => (await queryRows<{ id: number }>(t.db, sql.raw(text)))[0]?.id as number
  const ask = (path: string, as = token) => t.request(`/api/analytics/subscriptions/${path}`, { token: as })

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
    for (const name of ['alpha', 'beta'])
      channels.push(
        await one(`insert into channels (utm_source, type) values ('${name}', 'affiliate') returning id`),
      )
    const campaign = await one(
      `insert into campaigns (channel_id, name) values (${channels[0]}, 'spring') returning id`,
    )
    const planRows: [string, Plan['initial'], string | null, Plan['recurring'], string | null][] = [
      ['Monthly', [1, 'month', '9.99'], '4.99', [1, 'month', '9.99'], null],
      ['Trial week', [7, 'day', '1.00'], null, [1, 'month', '29.99'], '24.99'],
      ['Annual once', [1, 'year', '99.99'], null, null, null],
      ['Biweekly', [1, 'week', '2.00'], null, [2, 'week', '5.00'], null],
      ['Quarterly', [3, 'month', '27.00'], null, [3, 'month', '29.97'], null],
      ['Free month', [30, 'day', '0.00'], null, [1, 'month', '14.99'], null],
    ]
    for (const [name, initial, initialDiscount, recurring, recurringDiscount] of planRows) {
      const id =
        await one(`insert into plans (name, initial_period_count, initial_period_unit, initial_original_price,
          initial_discount_price, recurring_period_count, recurring_period_unit, recurring_original_price, recurring_discount_price)
        values ('${name}', ${initial[0]}, '${initial[1]}', ${initial[2]}, ${initialDiscount ?? 'null'},
          ${recurring?.[0] ?? 'null'}, ${recurring ? `'${recurring[1]}'` : 'null'}, ${recurring?.[2] ?? 'null'},
          ${recurringDiscount ?? 'null'}) returning id`)
      // What the member pays: the discount price where set.
      plans.push({
        id,
        initial: [initial[0], initial[1], initialDiscount ?? initial[2]],
        recurring: recurring && [recurring[0], recurring[1], recurringDiscount ?? recurring[2]],
      })
    }
    const random = seeded(66)
    const first = Date.parse('2025-07-15T00:00:00Z')
    const last = Date.parse('2026-10-20T00:00:00Z')
    const minute = 60_000
    const day = 86_400_000
    const planned: Omit<Sub, 'id'>[] = []
    for (let member = 0; member < 36; member++) {
      const channel = [channels[0], channels[1], null][member % 3] ?? null
      const user = await one(
        `insert into users (username, channel_id, created_at) values ('economics${member}', ${channel}, '2025-07-01T00:00:00Z') returning id`,
      )
      let at = first + random(Math.floor((last - first) / minute)) * minute
      // Some start on a business midnight of the zones, where a day's edge is.
      if (member === 1) at = Date.parse('2026-01-31T00:00:00Z')
      if (member === 2) at = Date.parse('2026-02-28T18:15:00Z')
      if (member === 3) at = Date.parse('2026-03-31T13:30:00Z')
      while (at < last) {
        const plan = plans[random(plans.length)] as Plan
        const open = random(5) === 0
        const end = open ? null : at + (1 + random(200)) * day + random(1440) * minute
        const campaign_ = channel === channels[0] && random(2) === 0 ? campaign : null
        planned.push({
          user,
          plan,
          channel: random(7) === 0 ? (channels[1] ?? null) : channel,
          campaign: campaign_,
          start: at,
          end,
        })
        if (end === null) break
        const next = random(4)
        // A plan change (the next starts as this one ends), a return after a gap, or gone.
        if (next === 0) break
        at = next === 1 ? end : end + (10 + random(90)) * day
      }
    }
    // One who ends exactly as their initial period does.
    planned.push({
      user: planned[0]?.user as number,
      plan: plans[0] as Plan,
      channel: null,
      campaign: null,
      start: Date.parse('2026-05-10T08:00:00Z'),
      end: after(Date.parse('2026-05-10T08:00:00Z'), (plans[0] as Plan).initial),
    })
    const iso = (at: number | null) => (at === null ? 'null' : `'${new Date(at).toISOString()}'`)
    for (const sub of planned) {
      const id =
        await one(`insert into subscriptions (user_id, plan_id, channel_id, campaign_id, started_at, ended_at, status)
        values (${sub.user}, ${sub.plan.id}, ${sub.channel}, ${sub.campaign}, ${iso(sub.start)}, ${iso(sub.end)},
          '${sub.end === null ? 'active' : 'expired'}') returning id`)
      subs.push({ ...sub, id })
      // The first payment, and a renewal an hour into the recurring period for most that reach it.
      const turn = after(sub.start, sub.plan.initial)
      const payments = [sub.start]
      if (sub.plan.recurring && (sub.end === null || sub.end > turn + 3_600_000) && id % 4 !== 0)
        payments.push(turn + 3_600_000)
      for (const paid of payments) {
        await t.db.execute(
          sql.raw(`insert into orders (order_no, user_id, plan_id, subscription_id, channel_id, amount, payment_method, paid_at, total_amount)
          values ('ECO-${id}-${paid}', ${sub.user}, ${sub.plan.id}, ${id}, ${sub.channel}, 9.99, 'segpay', ${iso(paid)}, 9.99)`),
        )
        if (paid !== sub.start) renewals.push({ sub: id, at: paid })
      }
    }
  })
  afterAll(() => t?.close())

  it('holds a set worth the name: plan changes, returns, discounted first periods, both channels', () => {
    const users = new Set(subs.map((sub) => sub.user))
    expect(subs.length).toBeGreaterThan(40)
    expect(
      subs.filter((sub) => subs.some((other) => other.user === sub.user && other.start === sub.end)).length,
    ).toBeGreaterThan(2)
    expect(
      subs.filter((sub) =>
        subs.some((other) => other.user === sub.user && sub.end !== null && other.start > sub.end),
      ).length,
    ).toBeGreaterThan(2)
    expect(new Set(subs.map((sub) => sub.channel)).size).toBe(3)
    expect(users.size).toBe(36)
  })

  it.each(ZONES)('answers every figure as the walk of the raw rows does, in %s', async (zone) => {
    t.config.businessTimeZone = zone
    // The zone kept too, and every member worked out in it: movements and churn answer from what is kept.
    await t.db.execute(sql`update app_settings set value = ${zone} where key = 'business_time_zone'`)
    await foldFigures(t.db)
    expect(await keptIn(t.db, zone)).toBe(true)
    const walk = new Walk(subs)
    const period = `start_date=${START}&end_date=${END}`
    for (const by of ['day', 'month'] as const) {
      const answer = await ask(`movements?${period}&by=${by}`)
      expect(answer.status).toBe(200)
      const expected = expectedMovements(walk, zone, by)
      expect(answer.body.meta).toEqual({
        start_date: START,
        end_date: END,
        time_zone: zone,
        by,
        totals: expected.totals,
      })
      expect(answer.body.data).toEqual(expected.data)
      // Opening + movements = closing, and each period opens where the one before closed.
      const toCents = (text: string) => cents(text.replace('-', '')) * (text.startsWith('-') ? -1n : 1n)
      answer.body.data.forEach((row: Json, index: number) => {
        const moved = ['new', 'reactivation', 'expansion', 'contraction', 'churn'].reduce(
          (sum, key) => sum + toCents(row[key]),
          toCents(row.opening_mrr),
        )
        expect(moved, `${by} ${row.start_date}`).toBe(toCents(row.closing_mrr))
        if (index > 0) expect(row.opening_mrr).toBe(answer.body.data[index - 1].closing_mrr)
      })
    }
    const churn = await ask(`churn?${period}`)
    expect(churn.status, JSON.stringify(churn.body)).toBe(200)
    expect(churn.body.data).toEqual(expectedChurn(walk, zone))
    const cohorts = await ask(`cohorts?${period}`)
    expect(cohorts.status).toBe(200)
    expect(cohorts.body.data).toEqual(expectedCohorts(walk, zone))
    const conversion = await ask(`conversion?${period}`)
    expect(conversion.status).toBe(200)
    expect(conversion.body.data).toEqual(expectedConversion(subs, renewals, zone))
    expect(conversion.body.data.length).toBeGreaterThan(2)

    // A plan's, a campaign's and a channel's subscriptions alone.
    const [alpha] = channels
    const plan = plans[1] as Plan
    for (const [filter, kept] of [
      [`plan_id=${plan.id}`, (sub: Sub) => sub.plan.id === plan.id],
      [`channel_id=${alpha}`, (sub: Sub) => sub.channel === alpha],
      [`campaign_id=${subs.find((sub) => sub.campaign)?.campaign}`, (sub: Sub) => sub.campaign !== null],
    ] as const) {
      const answer = await ask(`movements?${period}&by=month&${filter}`)
      expect(answer.body.data, filter).toEqual(
        expectedMovements(new Walk(subs.filter(kept)), zone, 'month').data,
      )
    }
  })

  it("gives a channel admin its channels' subscriptions only, and 404 for another's", async () => {
    t.config.businessTimeZone = 'Asia/Kathmandu'
    const [alpha, beta] = channels
    const admin = await t.createAdmin(['list-daily-revenue'])
    await t.db.execute(
      sql.raw(`insert into channel_admins (channel_id, admin_id) values (${alpha}, ${admin.id})`),
    )
    const period = `start_date=${START}&end_date=${END}`
    const mine = await ask(`movements?${period}&by=month`, admin.token)
    expect(mine.status).toBe(200)
    const own = expectedMovements(
      new Walk(subs.filter((sub) => sub.channel === alpha)),
      'Asia/Kathmandu',
      'month',
    )
    expect(mine.body.data).toEqual(own.data)
    expect(mine.body.data).not.toEqual(expectedMovements(new Walk(subs), 'Asia/Kathmandu', 'month').data)
    expect((await ask(`cohorts?${period}&channel_id=${beta}`, admin.token)).status).toBe(404)
  })

  it("leaves every MRR figure out for who may not read the plans' prices or the orders' amounts", async () => {
    const period = `start_date=${START}&end_date=${END}`
    for (const narrowing of [
      { plans: { recurring_discount_price: 'none' } },
      { orders: { amount: 'masked' } },
    ]) {
      const admin = await t.createAdmin(['list-daily-revenue', 'all-channels'])
      await t.db.execute(
        sql.raw(
          `update roles set field_rules = '${JSON.stringify(narrowing)}' where name = 'role-of-${admin.username}'`,
        ),
      )
      const narrowed = await t.login(admin.username, admin.password)
      const moved = await ask(`movements?${period}&by=month`, narrowed)
      expect(moved.status).toBe(200)
      const row = moved.body.data[3]
      expect(row.closing_members).toBeGreaterThan(0)
      for (const key of ['opening_mrr', 'new', 'expansion', 'contraction', 'churn', 'closing_mrr'])
        expect(row, key).not.toHaveProperty(key)
      expect(moved.body.meta.totals).not.toHaveProperty('closing_mrr')
      const churn = (await ask(`churn?${period}`, narrowed)).body.data[5]
      expect(churn).toHaveProperty('churn_rate')
      for (const key of ['arpu', 'ltv', 'revenue_churn_rate']) expect(churn, key).not.toHaveProperty(key)
      const cohort = (await ask(`cohorts?${period}`, narrowed)).body.data[0]
      expect(cohort).not.toHaveProperty('mrr')
      expect(cohort.months[0]).not.toHaveProperty('revenue_retention')
    }
    // Not asked for an MRR: the rule of another field leaves them.
    const admin = await t.createAdmin(['list-daily-revenue', 'all-channels'])
    const shown = await ask(`movements?${period}&by=month`, admin.token)
    expect(shown.body.data[3]).toHaveProperty('closing_mrr')
    const stranger = await t.createAdmin(['list-daily-channel'])
    expect((await ask(`movements?${period}`, stranger.token)).status).toBe(403)
  })

  it.each([
    ['movements?start_date=2026-02-01&end_date=2026-01-01', 422],
    ['movements?start_date=2026-01-01&end_date=2026-02-01&by=week', 422],
    ['churn?start_date=2026-01-01&end_date=2026-02-01&plan_id=abc', 422],
    ['cohorts?start_date=2026-01-01', 422],
    ['conversion?start_date=2026-01-01&end_date=2026-02-01&extra=1', 422],
  ])('answers %s with a 4xx in the API shape', async (path) => {
    const answer = await ask(path)
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.status).toBeLessThan(500)
    expect(answer.body).toHaveProperty('message')
  })

  // Last: its rows are in no other test's figures. Plans the member site may store that no period walk can use.
  it('answers for plans of a zero or negative recurring period and an initial period past any date', async () => {
    const odd = [
      `1, 'month', 5.00, 0, 'month', 5.00`,
      `1, 'month', 5.00, -3, 'week', 5.00`,
      `2000000000, 'year', 5.00, 1, 'month', 5.00`,
    ]
    for (const [n, values] of odd.entries()) {
      const plan =
        await one(`insert into plans (name, initial_period_count, initial_period_unit, initial_original_price,
          recurring_period_count, recurring_period_unit, recurring_original_price) values ('Odd ${n}', ${values}) returning id`)
      const member = await one(`insert into users (username) values ('odd${n}') returning id`)
      await one(`insert into subscriptions (user_id, plan_id, started_at)
          values (${member}, ${plan}, '2026-01-10T00:00:00Z') returning id`)
      for (const call of ['movements', 'churn', 'cohorts', 'conversion']) {
        const answer = await ask(`${call}?start_date=2026-01-01&end_date=2026-03-31&plan_id=${plan}`)
        expect(answer.status, `${call} of plan ${values}: ${JSON.stringify(answer.body)}`).toBe(200)
      }
    }
  })
})

describe('the definitions of subscription economics', () => {
  it("are docs/figures.md's (npx tsx scripts/figures-doc.ts)", async () => {
    // Cells compared without the padding biome gives a table.
    const flat = (text: string) =>
      text
        .split('\n')
        .map((line) => line.replace(/\s*\|\s*/g, '|').replace(/-{3,}/g, '---'))
        .join('\n')
    const doc = await readFile(join(import.meta.dirname, '..', '..', '..', 'docs', 'figures.md'), 'utf8')
    expect(flat(doc).includes(flat(economicsTable()))).toBe(true)
  })
})
