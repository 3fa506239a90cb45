import {
  campaignsAnswer,
  channelsAnswer,
  dailySeriesAnswer,
  devicesAnswer,
  planFiguresAnswer,
  typeRevenueAnswer,
} from '@vod/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { queryRows } from '../../src/db/client.ts'
import { foldFigures } from '../../src/modules/analytics/keeping/index.ts'
import { pruneVisits, syncBusinessZone, syncZoneDays } from '../../src/modules/analytics/upkeep.ts'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'

/**
 * Every figure of the dashboard and analytics calls against an independent computation: plain SQL over the
 * raw rows (orders, order_events, users, subscriptions, visits), never the rollups. The data holds refunds,
 * chargebacks, an order moved across midnight, an amount corrected by SQL, a day with nothing (10 March in
 * every zone), New York's spring-forward day (8 March 2026) and Kathmandu's +05:45.
 */

const START = '2026-03-05'
const END = '2026-03-12'
/** Where the rows of fillEarlier start: periods from here hold February whole. */
const EARLY = '2026-01-20'
/** Nothing happens from 9 March 12:00 to 11 March 12:00 UTC: 10 March is empty in every zone tested. */
const QUIET = [Date.parse('2026-03-09T12:00:00Z'), Date.parse('2026-03-11T12:00:00Z')] as const

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface World {
  channels: number[]
  campaigns: number[]
  plans: number[]
}

/**
 * A request once everything written before it is in the figures: the member site's writes are queued and
 * folded in the background (fold.ts); the tests fold at once rather than wait for it.
 */
async function figures(t: TestApp, path: string, options: Parameters<TestApp['request']>[1] = {}) {
  await foldFigures(t.db)
  return t.request(path, options)
}

/** Raw rows written by plain SQL, as the member site writes them. */
async function fill(t: TestApp): Promise<World> {
  const rnd = random(21)
  const q = (text: string) => t.db.execute(sql.raw(text))
  const pick = <T>(items: T[]) => items[Math.floor(rnd() * items.length)] as T
  const from = Date.parse(`${START}T00:00:00Z`) - 12 * 3600_000
  const to = Date.parse(`${END}T00:00:00Z`) + 36 * 3600_000
  const when = () => {
    for (;;) {
      const at = from + Math.floor(rnd() * (to - from))
      if (at < QUIET[0] || at >= QUIET[1]) return new Date(at).toISOString()
    }
  }
  const one = async (text: string) => (await queryRows<{ id: number }>(t.db, sql.raw(text)))[0]?.id as number
  const plans = [
    await one(
      `insert into plans (name, initial_period_count, initial_period_unit, initial_original_price) values ('Monthly', 1, 'month', '9.99') returning id`,
    ),
    await one(
      `insert into plans (name, initial_period_count, initial_period_unit, initial_original_price) values ('Yearly', 1, 'year', '99.99') returning id`,
    ),
  ]
  const channels = [
    await one(`insert into channels (utm_source, type) values ('google', 'advertising') returning id`),
    await one(`insert into channels (utm_source, type) values ('partner-x', 'affiliate') returning id`),
  ]
  const campaigns = [
    await one(`insert into campaigns (channel_id, name) values (${channels[0]}, 'Spring') returning id`),
    await one(`insert into campaigns (channel_id, name) values (${channels[0]}, 'Brand') returning id`),
  ]
  const attribution = () => {
    const r = rnd()
    if (r < 0.3) return [channels[0], campaigns[0]]
    if (r < 0.45) return [channels[0], campaigns[1]]
    if (r < 0.55) return [channels[0], null]
    if (r < 0.8) return [channels[1], null]
    return [null, null]
  }
  const users: string[] = []
  for (let i = 0; i < 60; i++) {
    const [ch, cm] = attribution()
    users.push(`('member${i}', ${ch ?? 'null'}, ${cm ?? 'null'}, '${when()}')`)
  }
  await q(`insert into users (username, channel_id, campaign_id, created_at) values ${users.join(', ')}`)
  const subs: string[] = []
  for (let i = 0; i < 40; i++) {
    const [ch, cm] = attribution()
    const cancelled = rnd() < 0.3 ? `'${when()}'` : 'null'
    subs.push(
      `((select min(id) from users) + ${i % 60}, ${pick(plans)}, ${ch ?? 'null'}, ${cm ?? 'null'}, '${when()}', ${cancelled}, ${cancelled === 'null' ? "'active'" : "'cancelled'"})`,
    )
  }
  await q(
    `insert into subscriptions (user_id, plan_id, channel_id, campaign_id, started_at, cancelled_at, status) values ${subs.join(', ')}`,
  )
  const orders: string[] = []
  for (let i = 0; i < 120; i++) {
    const [ch, cm] = attribution()
    const amount = (Math.floor(rnd() * 9000) + 100) / 100
    const fee = Math.floor(amount * 3) / 100
    orders.push(
      `('ORD${i}', (select min(id) from users) + ${i % 60}, ${pick(plans)}, ${ch ?? 'null'}, ${cm ?? 'null'}, ${amount.toFixed(2)}, 'segpay', ${
        i === 119 ? 'null' : `'${when()}'`
      }, ${fee.toFixed(2)}, ${(amount - fee).toFixed(2)})`,
    )
  }
  await q(
    `insert into orders (order_no, user_id, plan_id, channel_id, campaign_id, amount, payment_method, paid_at, transaction_fee, total_amount) values ${orders.join(', ')}`,
  )
  const events: string[] = []
  for (let i = 0; i < 25; i++)
    events.push(
      `((select id from orders where order_no = 'ORD${i * 4}'), '${i % 3 === 0 ? 'chargeback' : 'refund'}', 1.${String(i).padStart(2, '0')}, '${when()}')`,
    )
  await q(`insert into order_events (order_id, kind, amount, occurred_at) values ${events.join(', ')}`)
  const devices = ['desktop', 'mobile', 'tablet']
  const visits: string[] = []
  for (let i = 0; i < 500; i++) {
    const [ch, cm] = attribution()
    visits.push(
      `('v${Math.floor(rnd() * 80)}', '${pick(devices)}', ${ch ?? 'null'}, ${cm ?? 'null'}, '${when()}')`,
    )
  }
  // In several statements, as visits arrive.
  for (let i = 0; i < visits.length; i += 100)
    await q(
      `insert into visits (visitor, device, channel_id, campaign_id, visited_at) values ${visits.slice(i, i + 100).join(', ')}`,
    )
  await fillEarlier(t, { channels, campaigns, plans })
  // Corrections by plain SQL: a payment moved across midnight, an amount corrected, a channel changed.
  await q(`update orders set paid_at = '2026-03-07T23:58:00Z' where order_no = 'ORD1'`)
  await q(`update orders set paid_at = paid_at + interval '3 minutes' where order_no = 'ORD1'`)
  await q(`update orders set amount = amount + 10, total_amount = total_amount + 10 where order_no = 'ORD2'`)
  await q(`update orders set channel_id = ${channels[1]}, campaign_id = null where order_no = 'ORD4'`)
  await q(
    `update subscriptions set cancelled_at = '2026-03-08T07:30:00Z', status = 'cancelled' where id = (select min(id) from subscriptions)`,
  )
  await foldFigures(t.db)
  return { channels, campaigns, plans }
}

/**
 * Rows from 20 January to 4 March, so periods hold whole months (February) and days at their edges, with
 * moments on either side of the months' ends in each zone tested.
 */
async function fillEarlier(t: TestApp, world: World) {
  const rnd = random(7)
  const from = Date.parse(`${EARLY}T00:00:00Z`) - 12 * 3600_000
  const to = Date.parse(`${START}T00:00:00Z`)
  const edges = [
    '2026-01-31T23:50:00Z',
    '2026-02-01T03:00:00Z',
    '2026-02-28T20:00:00Z',
    '2026-03-01T04:30:00Z',
  ]
  const when = (i: number) => edges[i] ?? new Date(from + Math.floor(rnd() * (to - from))).toISOString()
  const pick = <T>(items: T[]) => items[Math.floor(rnd() * items.length)] as T
  const [google, partner] = world.channels as [number, number]
  const attribution = () =>
    pick([
      [google, world.campaigns[0]],
      [google, world.campaigns[1]],
      [google, null],
      [partner, null],
      [null, null],
    ])
  const values = (count: number, row: (i: number, ch: unknown, cm: unknown) => string) =>
    Array.from({ length: count }, (_, i) => {
      const [ch, cm] = attribution()
      return row(i, ch ?? 'null', cm ?? 'null')
    }).join(', ')
  const q = (text: string) => t.db.execute(sql.raw(text))
  await q(
    `insert into users (username, channel_id, campaign_id, created_at) values ${values(20, (i, ch, cm) => `('early${i}', ${ch}, ${cm}, '${when(i)}')`)}`,
  )
  await q(`insert into subscriptions (user_id, plan_id, channel_id, campaign_id, started_at, cancelled_at, status)
    values ${values(12, (i, ch, cm) => {
      const at = when(i)
      const end = i % 4 === 0 ? `'${at}'::timestamptz + interval '9 days', 'cancelled'` : "null, 'active'"
      return `((select min(id) from users) + ${i}, ${pick(world.plans)}, ${ch}, ${cm}, '${at}', ${end})`
    })}`)
  await q(`insert into orders (order_no, user_id, plan_id, channel_id, campaign_id, amount, payment_method, paid_at, transaction_fee, total_amount)
    values ${values(30, (i, ch, cm) => `('EARLY${i}', (select min(id) from users) + ${i % 20}, ${pick(world.plans)}, ${ch}, ${cm}, ${(i + 1) * 3}.45, 'segpay', '${when(i)}', 0.10, ${(i + 1) * 3}.35)`)}`)
  await q(`insert into order_events (order_id, kind, amount, occurred_at)
    select id, case when n % 2 = 0 then 'refund' else 'chargeback' end, 1.25, paid_at + interval '2 days'
    from (select id, paid_at, row_number() over (order by id) as n from orders where order_no like 'EARLY%') o where n % 3 = 0`)
  await q(
    `insert into visits (visitor, device, channel_id, campaign_id, visited_at) values ${values(150, (i, ch, cm) => `('v${Math.floor(rnd() * 80)}', '${pick(['desktop', 'mobile', 'tablet'])}', ${ch}, ${cm}, '${when(i)}')`)}`,
  )
}

type Figures = Record<string, number | string | null>

/**
 * The independent computation: each figure of each business day from start to end, straight from the raw
 * rows, by the definitions in docs/analytics.md. `channels` narrows it to those channels; `campaign` to one
 * campaign.
 */
async function expected(
  t: TestApp,
  zone: string,
  start: string,
  end: string,
  where: { channels?: number[]; campaign?: number | 'none' } = {},
): Promise<Expected> {
  const channelCut = (alias: string) =>
    where.channels ? sql.raw(`and ${alias}.channel_id in (${where.channels.join(',')})`) : sql``
  const campaignCut = (alias: string) =>
    where.campaign === undefined
      ? sql``
      : where.campaign === 'none'
        ? sql.raw(`and ${alias}.campaign_id is null`)
        : sql.raw(`and ${alias}.campaign_id = ${where.campaign}`)
  const cut = (alias: string) => sql`${channelCut(alias)} ${campaignCut(alias)}`
  const day = (column: string) => sql.raw(`to_char((${column} at time zone '${zone}')::date, 'YYYY-MM-DD')`)
  const inPeriod = (column: string) =>
    sql.raw(`(${column} at time zone '${zone}')::date between '${start}' and '${end}'`)
  const rows = await queryRows<Figures & { day: string }>(
    t.db,
    sql`
    with o as (select ${day('o.paid_at')} as day, count(*)::int as orders, sum(o.amount) as gross,
        sum(o.transaction_fee + o.settlement_fee + o.reserve_fee) as fees
      from orders o where o.paid_at is not null and ${inPeriod('o.paid_at')} ${cut('o')} group by 1),
    r as (select ${day('e.occurred_at')} as day,
        count(*) filter (where e.kind = 'refund')::int as refund_count,
        coalesce(sum(e.amount) filter (where e.kind = 'refund'), 0) as refunds,
        count(*) filter (where e.kind = 'chargeback')::int as chargeback_count,
        coalesce(sum(e.amount) filter (where e.kind = 'chargeback'), 0) as chargebacks
      from order_events e join orders o on o.id = e.order_id where ${inPeriod('e.occurred_at')} ${cut('o')} group by 1),
    u as (select ${day('u.created_at')} as day, count(*)::int as signups from users u where ${inPeriod('u.created_at')} ${cut('u')} group by 1),
    s as (select ${day('s.started_at')} as day, count(*)::int as new_subscriptions from subscriptions s where ${inPeriod('s.started_at')} ${cut('s')} group by 1),
    c as (select ${day('s.cancelled_at')} as day, count(*)::int as cancellations from subscriptions s where s.cancelled_at is not null and ${inPeriod('s.cancelled_at')} ${cut('s')} group by 1),
    v as (select ${day('v.visited_at')} as day, count(*)::int as visits, count(distinct v.visitor)::int as visitors
      from visits v where ${inPeriod('v.visited_at')} ${cut('v')} group by 1),
    days as (select to_char(d, 'YYYY-MM-DD') as day from generate_series(0, ${end}::date - ${start}::date) i, lateral (select ${start}::date + i as d) x)
    select days.day, coalesce(v.visits, 0) as visits, coalesce(v.visitors, 0) as visitors,
      coalesce(u.signups, 0) as signups, coalesce(s.new_subscriptions, 0) as new_subscriptions,
      coalesce(c.cancellations, 0) as cancellations, coalesce(o.orders, 0) as orders,
      coalesce(o.gross, 0)::numeric(14,2)::text as gross, coalesce(o.fees, 0)::numeric(14,2)::text as fees,
      coalesce(r.refund_count, 0) as refund_count, coalesce(r.refunds, 0)::numeric(14,2)::text as refunds,
      coalesce(r.chargeback_count, 0) as chargeback_count, coalesce(r.chargebacks, 0)::numeric(14,2)::text as chargebacks,
      (coalesce(o.gross, 0) - coalesce(r.refunds, 0) - coalesce(r.chargebacks, 0))::numeric(14,2)::text as net,
      case when coalesce(v.visitors, 0) = 0 then null
        else round(coalesce(u.signups, 0)::numeric / v.visitors, 4)::text end as conversion
    from days left join o using (day) left join r using (day) left join u using (day) left join s using (day)
      left join c using (day) left join v using (day) order by days.day`,
  )
  const [period] = await queryRows<{ visitors: number }>(
    t.db,
    sql`select count(distinct v.visitor)::int as visitors from visits v where ${inPeriod('v.visited_at')} ${cut('v')}`,
  )
  return Object.assign(new Map(rows.map(({ day: d, ...figures }) => [d, figures])), {
    visitors: period?.visitors ?? 0,
  })
}

/** Each business day's figures, and the distinct visitors of the whole period. */
type Expected = Map<string, Figures> & { visitors: number }

/** The period's totals of the expected days (visitors: the period's distinct visitors). */
function totalsOf(days: Expected): Figures {
  const total: Record<string, number> = {}
  for (const figures of days.values())
    for (const [key, value] of Object.entries(figures))
      if (key !== 'conversion') total[key] = (total[key] ?? 0) + Math.round(Number(value) * 100)
  const out: Figures = {}
  for (const [key, value] of Object.entries(total))
    out[key] = ['gross', 'fees', 'refunds', 'chargebacks', 'net'].includes(key)
      ? (value / 100).toFixed(2)
      : value / 100
  out.visitors = days.visitors
  out.conversion = conversionOf(Number(out.signups), days.visitors)
  return out
}

/**
 * A period's answered totals against the expected ones, the period's distinct visitors included: exact (these
 * periods' hashes are few: docs/analytics.md "Visitors of a period"), past 1,024 an estimate within 2%, and
 * conversion, the answered sign-ups over the answered visitors.
 */
function expectTotals(answered: Figures, want: Figures, label?: string) {
  const { visitors, conversion, ...figures } = answered
  const { visitors: exact, conversion: _, ...wanted } = want
  expect(figures, label).toEqual(wanted)
  if (Number(exact) <= 1024) expect(visitors, label).toBe(exact)
  else expect(Math.abs(Number(visitors) - Number(exact)) / Number(exact), label).toBeLessThan(0.02)
  expect(conversion, label).toBe(conversionOf(Number(answered.signups), Number(visitors)))
}

/** Conversion as docs/analytics.md defines it: sign-ups / visitors to four places, null without visitors. */
const conversionOf = (signups: number, visitors: number) =>
  visitors === 0 ? null : (Math.round((signups / visitors) * 10000) / 10000).toFixed(4)

const ZONES = ['UTC', 'Asia/Kathmandu', 'America/New_York'] as const

/**
 * Every row of the rollups and visitor lists, in key order. Rows whose figures are all zero are left out:
 * the triggers leave them behind when a correction takes everything out of a bucket, a rebuild never writes them.
 */
async function rollupRows(t: TestApp) {
  await foldFigures(t.db)
  const figures = `orders, gross::text, fees::text, refund_count, refunds::text, chargeback_count, chargebacks::text,
    signups, subscriptions, cancellations, visits`
  const nonZero = `(orders, gross, fees, refund_count, refunds, chargeback_count, chargebacks, signups, subscriptions,
    cancellations, visits) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)`
  const rows = (text: string) => queryRows<Record<string, unknown>>(t.db, sql.raw(text))
  return {
    quarters:
      await rows(`select channel_id, campaign_id, plan_id, device, vod_wire(bucket) as bucket, ${figures}
      from rollup_quarters where ${nonZero} order by channel_id, campaign_id, plan_id, device, bucket`),
    days: await rows(`select channel_id, campaign_id, plan_id, device, day::text, ${figures}
      from rollup_days where ${nonZero} order by channel_id, campaign_id, plan_id, device, day`),
    zoneDays: await rows(`select channel_id, campaign_id, plan_id, device, day::text, ${figures}
      from rollup_zone_days where ${nonZero} order by channel_id, campaign_id, plan_id, device, day`),
    months: await rows(`select channel_id, campaign_id, plan_id, device, month::text, ${figures}
      from rollup_months where ${nonZero} order by channel_id, campaign_id, plan_id, device, month`),
    visitorDays:
      await rows(`select channel_id, campaign_id, day::text, array(select unnest(hashes) order by 1)::text as hashes
      from visitor_day_hashes order by channel_id, campaign_id, day`),
    visitorPlanes:
      await rows(`select channel_id, campaign_id, day::text, plane, bits::text from visitor_day_planes
      order by channel_id, campaign_id, day, plane`),
    visitorCounts: await rows(`select channel_id, campaign_id, day::text, visitors from visitor_day_counts
      where visitors <> 0 order by channel_id, campaign_id, day`),
    visitorMonths: await rows(`select channel_id, campaign_id, month::text, visitors from visitor_month_counts
      where visitors <> 0 order by channel_id, campaign_id, month`),
  }
}

/** An answer's figures, without when they were read (`fresh_as_of` moves with the fold). */
const figuresOf = (body: Json) => ({ data: body.data, meta: body.meta })

describeEachEngine('analytics figures', (engine) => {
  for (const zone of ZONES)
    describe(zone, () => {
      let t: TestApp
      let token: string
      let world: World
      const get = (path: string) => figures(t, path, { token })
      const period = `start_date=${START}&end_date=${END}`

      beforeAll(async () => {
        t = await startTestApp(engine, { env: { BUSINESS_TIME_ZONE: zone } })
        token = await t.superToken()
        // What the start does in the background, awaited (false if it is done already).
        await syncZoneDays(t.db, zone)
        world = await fill(t)
      })
      afterAll(() => t?.close())

      // The same answers from the business days and months kept by the triggers, and from the UTC days and
      // quarter-hours, which answer while those are being built for a new zone.
      for (const source of ['business days', 'quarter-hours'] as const)
        describe(`from the ${source}`, () => {
          beforeAll(async () => {
            const kept = await queryRows<{ zone: string | null }>(
              t.db,
              sql`select vod_zone_days_zone() as zone`,
            )
            expect(kept[0]?.zone).toBe(zone)
            if (source === 'quarter-hours')
              await t.db.execute(sql`delete from app_settings where key = 'rollup_zone_days_zone'`)
          })

          it('answers every day of the daily calls as the raw rows give it, empty days as zeros', async () => {
            const want = await expected(t, zone, START, END)
            expect(want.get('2026-03-10')).toMatchObject({ orders: 0, visits: 0, gross: '0.00', signups: 0 })
            for (const path of [
              '/api/analytics/data/daily',
              '/api/analytics/revenue/companyDataDaily',
              '/api/analytics/channel/records',
              '/api/dashboard/revenueTrend',
            ]) {
              const res = await get(`${path}?${period}`)
              expect(res.status, path).toBe(200)
              expect(res.body.meta.time_zone).toBe(zone)
              expect(res.body.data.map((d: Json) => d.date)).toEqual([...want.keys()])
              for (const day of res.body.data)
                expect(day, `${path} ${day.date}`).toEqual({ date: day.date, ...want.get(day.date) })
              expectTotals(res.body.meta.totals, totalsOf(want), path)
            }
          })

          it("writes each answer PostgreSQL builds in its schema's shape, nothing more", async () => {
            const [google] = world.channels as [number]
            const answers: [string, z.ZodType][] = [
              ['/api/analytics/channel/records', dailySeriesAnswer],
              ['/api/analytics/channel/revenuePieChart', channelsAnswer],
              [`/api/analytics/channel/${google}/revenuePieChart`, campaignsAnswer],
              ['/api/analytics/channel/type-revenue-distribution', typeRevenueAnswer],
              ['/api/dashboard/planList', planFiguresAnswer],
              ['/api/dashboard/devices', devicesAnswer],
            ]
            for (const [path, answer] of answers) {
              const res = await get(`${path}?${period}`)
              expect(res.status, path).toBe(200)
              expect(res.headers.get('content-type'), path).toBe('application/json; charset=utf-8')
              expect(res.body.data.length, path).toBeGreaterThan(0)
              // Parsing drops keys the schema lacks and fails on a wrong type or a missing key.
              expect(answer.parse(res.body), path).toEqual(res.body)
            }
          })

          it('compares a period with the one before, and one channel alone', async () => {
            const res = await get(
              `/api/analytics/channel/periodStatistic?start_date=2026-03-08&end_date=2026-03-12`,
            )
            expect(res.status).toBe(200)
            expectTotals(res.body.data.current, totalsOf(await expected(t, zone, '2026-03-08', '2026-03-12')))
            expectTotals(
              res.body.data.previous,
              totalsOf(await expected(t, zone, '2026-03-03', '2026-03-07')),
            )
            expect(res.body.meta).toMatchObject({
              previous_start_date: '2026-03-03',
              previous_end_date: '2026-03-07',
            })
            const [google] = world.channels
            const one = await get(`/api/analytics/channel/${google}/records?${period}`)
            const want = await expected(t, zone, START, END, { channels: [google as number] })
            for (const day of one.body.data) expect(day).toEqual({ date: day.date, ...want.get(day.date) })
          })

          // The first period is days alone; then February whole, with days before and after it or none; then
          // months read whole less the days outside the period (February less its first and last day; January
          // less its first, February, March less its last four).
          it.each([
            [START, END],
            [EARLY, END],
            ['2026-02-01', '2026-02-28'],
            ['2026-01-31', '2026-03-01'],
            ['2026-02-02', '2026-02-27'],
            ['2026-01-02', '2026-03-27'],
          ])(
            'splits %s to %s by channel, campaign, channel type, plan and device as the rows do',
            async (start, end) => {
              const period = `start_date=${start}&end_date=${end}`
              const channels = await get(`/api/analytics/channel/revenuePieChart?${period}`)
              expect(channels.status).toBe(200)
              for (const row of channels.body.data) {
                if (row.channel_id === null) continue
                const { channel_id, channel_name, ...figures } = row
                expectTotals(
                  figures,
                  totalsOf(await expected(t, zone, start, end, { channels: [channel_id] })),
                  channel_name,
                )
              }
              expect(channels.body.data.map((r: Json) => r.channel_name)).toEqual(
                expect.arrayContaining(['google', 'partner-x', null]),
              )
              const [google] = world.channels as [number]
              const campaigns = await get(`/api/analytics/channel/${google}/subscriptionReferrals?${period}`)
              for (const row of campaigns.body.data) {
                const { channel_id, channel_name, campaign_id, campaign_name, ...figures } = row
                expect(channel_id).toBe(google)
                expectTotals(
                  figures,
                  totalsOf(
                    await expected(t, zone, start, end, {
                      channels: [google],
                      campaign: campaign_id ?? 'none',
                    }),
                  ),
                  campaign_name,
                )
              }
              expect(campaigns.body.data.map((r: Json) => r.campaign_name).sort()).toEqual(
                ['Brand', 'Spring', null].sort(),
              )
              const everyCampaign = await get(`/api/analytics/channel/subscriptionReferrals?${period}`)
              expect(everyCampaign.body.data.filter((r: Json) => r.channel_id === google)).toEqual(
                campaigns.body.data,
              )
              expect(everyCampaign.body.data.map((r: Json) => r.channel_name)).toEqual(
                expect.arrayContaining(['partner-x', null]),
              )
              const plans = await get(`/api/dashboard/planList?${period}`)
              // Each plan's five money figures: its orders' amounts and fees, its refunds and chargebacks.
              const inPeriod = (column: string) =>
                `(${column} at time zone '${zone}')::date between '${start}' and '${end}'`
              const planSums = await queryRows<Json>(
                t.db,
                sql.raw(`with o as (select plan_id, count(*)::int as orders, sum(amount) as gross,
                sum(transaction_fee + settlement_fee + reserve_fee) as fees
              from orders where paid_at is not null and ${inPeriod('paid_at')} group by plan_id),
            e as (select o.plan_id, coalesce(sum(e.amount) filter (where e.kind = 'refund'), 0) as refunds,
                coalesce(sum(e.amount) filter (where e.kind = 'chargeback'), 0) as chargebacks
              from order_events e join orders o on o.id = e.order_id where ${inPeriod('e.occurred_at')} group by o.plan_id)
            select plan_id, coalesce(o.orders, 0) as orders, coalesce(o.gross, 0)::numeric(14, 2)::text as gross,
              coalesce(o.fees, 0)::numeric(14, 2)::text as fees, coalesce(e.refunds, 0)::numeric(14, 2)::text as refunds,
              coalesce(e.chargebacks, 0)::numeric(14, 2)::text as chargebacks,
              (coalesce(o.gross, 0) - coalesce(e.refunds, 0) - coalesce(e.chargebacks, 0))::numeric(14, 2)::text as net
            from o full join e using (plan_id)`),
              )
              expect(planSums.length).toBeGreaterThan(0)
              for (const want of planSums)
                expect(plans.body.data.find((r: Json) => r.plan_id === want.plan_id)).toMatchObject(want)
              const devices = await get(`/api/dashboard/devices?${period}`)
              const deviceSums = await queryRows<{ device: string; visits: number }>(
                t.db,
                sql.raw(`select device, count(*)::int as visits from visits
            where (visited_at at time zone '${zone}')::date between '${start}' and '${end}' group by device order by device`),
              )
              expect(devices.body.data).toEqual(deviceSums)
              const types = await get(`/api/analytics/channel/type-revenue-distribution?${period}`)
              const affiliate = totalsOf(
                await expected(t, zone, start, end, { channels: [world.channels[1] as number] }),
              )
              expect(types.body.data.find((r: Json) => r.type === 'affiliate')).toMatchObject({
                orders: affiliate.orders,
                gross: affiliate.gross,
                fees: affiliate.fees,
                refunds: affiliate.refunds,
                chargebacks: affiliate.chargebacks,
                net: affiliate.net,
              })
            },
          )
        })

      it('builds the business days again from the quarter-hours, as the triggers keep them', async () => {
        const forget = sql`delete from app_settings where key = 'rollup_zone_days_zone'`
        await t.db.execute(forget)
        expect(await syncZoneDays(t.db, zone)).toBe(true)
        expect(await syncZoneDays(t.db, zone)).toBe(false)
        const daily = async () => {
          const res = await get(`/api/analytics/data/daily?${period}`)
          const want = await expected(t, zone, START, END)
          for (const day of res.body.data) expect(day).toEqual({ date: day.date, ...want.get(day.date) })
        }
        await daily()
        // Kept by the triggers from here: orders around midnight in Kathmandu, Kolkata and New York, and one
        // in and out again (its rows stay behind as zeros, which a build does not write).
        const order = (no: string, at: string) =>
          t.db.execute(sql`insert into orders (order_no, user_id, plan_id, channel_id, amount, payment_method, paid_at, total_amount)
            values (${no}, (select min(id) from users), ${world.plans[0]}, ${world.channels[1]}, '3.21', 'epoch', ${at}, '3.21')`)
        await order('ZONE-1', '2026-03-06T18:10:00Z')
        await order('ZONE-2', '2026-03-06T18:40:00Z')
        await order('ZONE-3', '2026-03-08T04:50:00Z')
        await order('ZONE-4', '2026-03-07T12:00:00Z')
        await t.db.execute(sql`delete from orders where order_no = 'ZONE-4'`)
        await daily()
        const nonZero = sql.raw(
          `(orders, gross, fees, refund_count, refunds, chargeback_count, chargebacks, signups, subscriptions, cancellations, visits) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)`,
        )
        const zoneDays = async () => [
          await queryRows(t.db, sql`select * from rollup_zone_days where ${nonZero} order by 1, 2, 3, 4, 5`),
          await queryRows(t.db, sql`select * from rollup_months where ${nonZero} order by 1, 2, 3, 4, 5`),
        ]
        const kept = await zoneDays()
        await t.db.execute(forget)
        expect(await syncZoneDays(t.db, zone)).toBe(true)
        expect(await zoneDays()).toEqual(kept)
      })

      it('exports a row a day and a column a figure, with the totals the API gives', async () => {
        const res = await figures(
          t,
          `/api/analytics/channel/exportCsv?${period}&channel_id=${world.channels[0]}`,
          { token },
        )
        expect(res.status).toBe(200)
        expect(res.headers.get('content-disposition')).toContain('dailyChannel.csv')
        const [header, ...lines] = String(res.body)
          .replace(/^\ufeff/, '')
          .trim()
          .split('\n')
        expect(header?.split(',')[0]).toBe('date')
        expect(lines).toHaveLength(8)
        const want = await expected(t, zone, START, END, { channels: [world.channels[0] as number] })
        const columns = (header ?? '').split(',')
        for (const line of lines) {
          const cells = line.split(',')
          const date = cells[0] as string
          for (const [i, column] of columns.entries())
            if (column !== 'date')
              expect(cells[i]?.replace(/^""$/, ''), `${date} ${column}`).toBe(
                String(want.get(date)?.[column] ?? ''),
              )
        }
        const revenue = await figures(t, `/api/analytics/revenue/exportCsv?${period}`, { token })
        expect(revenue.headers.get('content-disposition')).toContain('dailyRevenue.csv')
      })
    })

  describe('refunds, chargebacks, scope and periods', () => {
    let t: TestApp
    let token: string
    let world: World
    const api = (path: string, options: Parameters<TestApp['request']>[1] = {}) =>
      figures(t, path, { token, ...options })

    beforeAll(async () => {
      t = await startTestApp(engine)
      token = await t.superToken()
      await syncZoneDays(t.db, 'UTC')
      world = await fill(t)
    })
    afterAll(() => t?.close())

    it('refunds and charges back at most the amount, also at once, and shows them on the order', async () => {
      const [order] = await queryRows<{ id: number; amount: string }>(
        t.db,
        sql.raw(
          `select id, amount::text from orders where paid_at is not null and id not in (select order_id from order_events) order by id limit 1`,
        ),
      )
      const id = order?.id as number
      const amount = Math.round(Number(order?.amount) * 100)
      const part = ((amount - 1) / 100 / 2).toFixed(2)
      const refund = await api(`/api/orders/${id}/refund`, {
        method: 'POST',
        body: { amount: part, reason: 'asked' },
      })
      expect(refund.status).toBe(200)
      expect(refund.body.data.refunded).toBe(part)
      expect(refund.body.data.events).toMatchObject([
        { kind: 'refund', amount: part, reason: 'asked', created_by: 'admin' },
      ])
      // The rest, asked for twice at once: one passes, the other is 422 on amount.
      const rest = ((amount - Math.round(Number(part) * 100)) / 100).toFixed(2)
      const answers = await Promise.all([
        api(`/api/orders/${id}/chargeback`, { method: 'POST', body: { amount: rest } }),
        api(`/api/orders/${id}/refund`, { method: 'POST', body: { amount: rest } }),
      ])
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422])
      const refused = answers.find((a) => a.status === 422)
      expect(refused?.body.errors.amount).toHaveLength(1)
      const [sum] = await queryRows<{ total: string }>(
        t.db,
        sql`select sum(amount)::text as total from order_events where order_id = ${id}`,
      )
      expect(sum?.total).toBe(order?.amount)
      const shown = await api(`/api/orders/${id}`)
      expect(shown.body.data.events).toHaveLength(2)
      const audit = await queryRows<{ action: string }>(
        t.db,
        sql`select action from audit_logs where resource = 'orders' and record_id = ${id} order by id`,
      )
      expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['refund']))
      const unpaid = await queryRows<{ id: number }>(
        t.db,
        sql`select id from orders where paid_at is null limit 1`,
      )
      expect(
        (await api(`/api/orders/${unpaid[0]?.id}/refund`, { method: 'POST', body: { amount: '1.00' } }))
          .status,
      ).toBe(409)
      expect((await api(`/api/orders/${id}/refund`, { method: 'POST', body: { amount: '0' } })).status).toBe(
        422,
      )
    })

    it('moves the figures with a refund at once', async () => {
      const today = new Date().toISOString().slice(0, 10)
      const before = await api(`/api/analytics/refund-statistics?start_date=${today}&end_date=${today}`)
      const [order] = await queryRows<{ id: number }>(
        t.db,
        sql.raw(
          `select id from orders where paid_at is not null and id not in (select order_id from order_events) order by id limit 1`,
        ),
      )
      await api(`/api/orders/${order?.id}/refund`, { method: 'POST', body: { amount: '0.50' } })
      const after = await api(`/api/analytics/refund-statistics?start_date=${today}&end_date=${today}`)
      expect(after.body.meta.totals.refund_count).toBe(before.body.meta.totals.refund_count + 1)
      expect(Math.round(Number(after.body.meta.totals.refunds) * 100)).toBe(
        Math.round(Number(before.body.meta.totals.refunds) * 100) + 50,
      )
    })

    it('refuses periods out of order or over three years, and unknown parameters, with 422', async () => {
      const bad = [
        'start_date=2026-03-05&end_date=2026-03-04',
        'start_date=2020-01-01&end_date=2026-03-04',
        'start_date=2026-02-30&end_date=2026-03-04',
        'start_date=2026-03-01',
        'start_date=2026-03-01&end_date=2026-03-04&channel=1',
      ]
      for (const query of bad) {
        const res = await api(`/api/analytics/data/daily?${query}`)
        expect(res.status, query).toBe(422)
        expect(Object.keys(res.body.errors).length, query).toBeGreaterThan(0)
      }
      expect(
        (await api('/api/dashboard/revenueTrend?start_date=2026-03-05&end_date=2026-03-01')).status,
      ).toBe(422)
      expect(
        (await api('/api/analytics/channel/2147483000/records?start_date=2026-03-05&end_date=2026-03-06'))
          .status,
      ).toBe(404)
    })

    it("sums each day over a channel admin's channels, its visitors counted once across them, in the series and CSV", async () => {
      const [google, partner] = world.channels as [number, number]
      const admin = await t.createAdmin(['list-daily-channel', 'export-daily-channel'])
      for (const channel of [google, partner])
        await api(`/api/channels/${channel}/admins`, { method: 'POST', body: { admin_id: admin.id } })
      const period = `start_date=${START}&end_date=${END}`
      const records = await figures(t, `/api/analytics/channel/records?${period}`, { token: admin.token })
      // docs/analytics.md "Definitions": a day's visitors are distinct over the day, across a channel admin's
      // channels too, as a period's are: a visitor of both channels on one day is one visitor of that day.
      const want = await expected(t, 'UTC', START, END, { channels: [google, partner] })
      const each = await Promise.all(
        [google, partner].map((channel) => expected(t, 'UTC', START, END, { channels: [channel] })),
      )
      // The world has such visitors: the channels' days added would count them twice.
      const added = (date: string) => each.reduce((sum, days) => sum + Number(days.get(date)?.visitors), 0)
      expect([...want].some(([date, day]) => day.visitors !== added(date))).toBe(true)
      expect(records.body.data).toEqual([...want].map(([date, day]) => ({ date, ...day })))
      // The CSV of its channels has the same days.
      const csv = await figures(t, `/api/analytics/channel/exportCsv?${period}`, { token: admin.token })
      expect(csv.status).toBe(200)
      const [header, ...lines] = String(csv.body)
        .replace(/^\ufeff/, '')
        .trim()
        .split('\n')
      const columns = (header ?? '').split(',')
      expect(lines).toHaveLength(want.size)
      for (const line of lines) {
        const cells = line.split(',')
        const date = cells[0] as string
        for (const [i, column] of columns.entries())
          if (column !== 'date')
            expect(cells[i]?.replace(/^""$/, ''), `${date} ${column}`).toBe(
              String(want.get(date)?.[column] ?? ''),
            )
      }
      // A day as a period of its own gives the same visitors as its row of the series.
      for (const [date, day] of want) {
        const one = await figures(t, `/api/analytics/channel/records?start_date=${date}&end_date=${date}`, {
          token: admin.token,
        })
        expect(one.body.meta.totals.visitors, date).toBe(day.visitors)
      }
    })

    it("gives a channel admin its channels' figures only", async () => {
      const [google, partner] = world.channels as [number, number]
      const admin = await t.createAdmin(['list-daily-channel', 'view-dashboard', 'export-daily-channel'])
      await api(`/api/channels/${partner}/admins`, { method: 'POST', body: { admin_id: admin.id } })
      const as = (path: string) => figures(t, path, { token: admin.token })
      const period = `start_date=${START}&end_date=${END}`
      const records = await as(`/api/analytics/channel/records?${period}`)
      expectTotals(
        records.body.meta.totals,
        totalsOf(await expected(t, 'UTC', START, END, { channels: [partner] })),
      )
      const pie = await as(`/api/analytics/channel/userPieChart?${period}`)
      expect(pie.body.data.map((r: Json) => r.channel_id)).toEqual([partner])
      expect((await as(`/api/analytics/channel/${google}/records?${period}`)).status).toBe(404)
      expect((await as(`/api/analytics/channel/exportCsv?${period}&channel_id=${google}`)).status).toBe(404)
      expect((await as(`/api/analytics/channel/${partner}/records?${period}`)).status).toBe(200)
      const dashboard = await as('/api/dashboard')
      expect(dashboard.status).toBe(200)
      expect((await as(`/api/analytics/revenue/companyDataDaily?${period}`)).status).toBe(403)
    })

    it('builds the same figures anew from the rows, and counts visitors again when the zone changes', async () => {
      const period = `start_date=${START}&end_date=${END}`
      const before = await api(`/api/analytics/data/daily?${period}`)
      const kept = await rollupRows(t)
      await t.db.execute(sql`select vod_rollup_rebuild()`)
      const rebuilt = await rollupRows(t)
      expect(rebuilt.quarters.length).toBeGreaterThan(0)
      expect(rebuilt).toEqual(kept)
      expect(figuresOf((await api(`/api/analytics/data/daily?${period}`)).body)).toEqual(
        figuresOf(before.body),
      )
      // The recount lists visitors from the first day of kept visits on (that one too); earlier days keep their counts.
      const [first] = await queryRows<{ day: string }>(
        t.db,
        sql`select ((min(visited_at) at time zone 'UTC')::date)::text as day from visits`,
      )
      await t.db.execute(sql`select vod_visitors_recount()`)
      // The days' hashes and planes as the fold kept them, from the first day of kept visits on.
      const recounted = await rollupRows(t)
      const from = (rows: Json[]) => rows.filter((row) => String(row.day) >= String(first?.day))
      expect(recounted).toEqual(kept)
      expect(from(recounted.visitorDays).length).toBeGreaterThan(0)
      expect(from(recounted.visitorPlanes).length).toBeGreaterThan(0)
      expect(await syncBusinessZone(t.db, 'Asia/Kolkata')).toBe(true)
      const counted = await queryRows<{ day: string; visitors: number }>(
        t.db,
        sql`select to_char(day, 'YYYY-MM-DD') as day, visitors from visitor_day_counts
          where channel_id = -1 and campaign_id = -1 and day between ${START}::date and ${END}::date order by day`,
      )
      const raw = await queryRows<{ day: string; visitors: number }>(
        t.db,
        sql`select to_char((visited_at at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD') as day, count(distinct visitor)::int as visitors
          from visits where (visited_at at time zone 'Asia/Kolkata')::date between ${START}::date and ${END}::date group by 1 order by 1`,
      )
      expect(counted).toEqual(raw)
      expect(await syncBusinessZone(t.db, 'Asia/Kolkata')).toBe(false)
      expect(await syncBusinessZone(t.db, 'UTC')).toBe(true)
      expect(figuresOf((await api(`/api/analytics/data/daily?${period}`)).body)).toEqual(
        figuresOf(before.body),
      )
    })

    it('keeps the figures when old visits are deleted', async () => {
      const period = `start_date=${START}&end_date=${END}`
      const before = await api(`/api/analytics/data/daily?${period}`)
      const gone = await pruneVisits(t.db, 1)
      expect(gone).toBeGreaterThan(0)
      const [left] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from visits where visited_at < '2026-04-01'`,
      )
      expect(left?.n).toBe(0)
      const after = await api(`/api/analytics/data/daily?${period}`)
      // The same figures; how fresh they are moves with any fold step meanwhile.
      expect({ ...after.body, fresh_as_of: null }).toEqual({ ...before.body, fresh_as_of: null })
    })

    it('answers the live dashboard panels from what just arrived', async () => {
      const now = new Date().toISOString()
      await t.db.execute(
        sql`insert into visits (visitor, device, visited_at) values ('live-1', 'mobile', ${now}), ('live-2', 'desktop', ${now}), ('live-1', 'mobile', ${now})`,
      )
      const [order] = await queryRows<{ id: number }>(t.db, sql`select min(id) as id from users`)
      await t.db.execute(
        sql`insert into orders (order_no, user_id, plan_id, amount, payment_method, paid_at, total_amount)
          values ('LIVE-1', ${order?.id}, ${world.plans[0]}, '12.34', 'epoch', ${now}, '12.34')`,
      )
      // Today's refund and chargeback of an order paid today, and its fees.
      const [paid] = await queryRows<{ id: number }>(
        t.db,
        sql`select id from orders where order_no = 'LIVE-1'`,
      )
      await t.db.execute(
        sql`update orders set transaction_fee = '0.37', settlement_fee = '0.05', total_amount = '11.92' where id = ${paid?.id}`,
      )
      await t.db.execute(
        sql`insert into order_events (order_id, kind, amount, occurred_at) values (${paid?.id}, 'refund', '1.10', ${now}), (${paid?.id}, 'chargeback', '2.20', ${now})`,
      )
      const dashboard = await api('/api/dashboard')
      expect(dashboard.status).toBe(200)
      expect(dashboard.body.data.online_now).toBe(2)
      // The five money figures of today so far, as plain SQL over the raw rows gives them (UTC's day, up to now).
      const [raw] = await queryRows<Json>(
        t.db,
        sql`with o as (select coalesce(sum(amount), 0) as gross, coalesce(sum(transaction_fee + settlement_fee + reserve_fee), 0) as fees
            from orders where paid_at >= current_date::timestamp at time zone 'UTC' and paid_at <= now()),
          e as (select coalesce(sum(amount) filter (where kind = 'refund'), 0) as refunds,
              coalesce(sum(amount) filter (where kind = 'chargeback'), 0) as chargebacks
            from order_events where occurred_at >= current_date::timestamp at time zone 'UTC' and occurred_at <= now())
          select o.gross::numeric(14, 2)::text as gross, o.fees::numeric(14, 2)::text as fees,
            e.refunds::numeric(14, 2)::text as refunds, e.chargebacks::numeric(14, 2)::text as chargebacks,
            (o.gross - e.refunds - e.chargebacks)::numeric(14, 2)::text as net from o, e`,
      )
      const panel = dashboard.body.data
      const todayOf = (figure: string) => panel[figure].today
      expect({
        gross: todayOf('gross'),
        fees: todayOf('fees'),
        refunds: todayOf('refunds'),
        chargebacks: todayOf('chargebacks'),
        net: todayOf('net'),
      }).toEqual(raw)
      expect(Number(todayOf('chargebacks'))).toBeGreaterThanOrEqual(2.2)
      // The trend's row of today holds the same five figures as the panel.
      const trend = await api('/api/dashboard/revenueTrend')
      const row = trend.body.data.find((day: Json) => day.date === panel.date)
      expect(row).toMatchObject(raw as Json)
      expect(Math.round(Number(dashboard.body.data.gross.today) * 100)).toBeGreaterThanOrEqual(1234)
      const users = await api('/api/dashboard/real-time-users')
      expect(users.body.data.online_now).toBe(2)
      expect(users.body.data.minutes).toHaveLength(30)
      const revenues = await api('/api/dashboard/real-time-revenues')
      expect(revenues.body.data.gross).toBe(dashboard.body.data.gross.today)
      const today = await api('/api/analytics/channel/todayRecord')
      expect(today.body.data.today.gross).toBe(dashboard.body.data.gross.today)
      expect(today.body.data.today.visitors).toBeGreaterThanOrEqual(2)
    })
  })
})
