import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../src/db/client.ts'
import { foldFigures } from '../../src/modules/analytics/keeping/index.ts'
import { syncZoneDays } from '../../src/modules/analytics/upkeep.ts'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'

/**
 * A microsecond before a business midnight belongs to the day it ends (issue 65, item 14): an order paid,
 * a refund, a sign-up and a visit at 23:59:59.999999 of 18 October in the business zone count on 18 October,
 * and the same at midnight exactly on 19 October, in every daily figure, as plain SQL over the raw rows
 * dates them.
 */
const ZONES = {
  'America/New_York': { before: '2026-10-19 03:59:59.999999+00', at: '2026-10-19 04:00:00+00' },
  'Asia/Shanghai': { before: '2026-10-18 15:59:59.999999+00', at: '2026-10-18 16:00:00+00' },
} as const

const START = '2026-10-17'
const END = '2026-10-20'

describeEachEngine('a business midnight to the microsecond', (engine) => {
  for (const [zone, moments] of Object.entries(ZONES))
    describe(zone, () => {
      let t: TestApp
      let token: string
      const q = (text: string) => t.db.execute(sql.raw(text))

      beforeAll(async () => {
        t = await startTestApp(engine, { env: { BUSINESS_TIME_ZONE: zone } })
        token = await t.superToken()
        await syncZoneDays(t.db, zone)
        await q(
          `insert into plans (name, initial_period_count, initial_period_unit, initial_original_price) values ('Edge', 1, 'month', '9.99')`,
        )
        await q(`insert into users (username, created_at) values ('edge-before', '${moments.before}'),
          ('edge-at', '${moments.at}')`)
        await q(`insert into orders (order_no, user_id, plan_id, amount, payment_method, paid_at, total_amount)
          select 'EDGE-BEFORE', (select min(id) from users), (select min(id) from plans), 1.00, 'segpay', '${moments.before}'::timestamptz, 1.00
          union all
          select 'EDGE-AT', (select min(id) from users), (select min(id) from plans), 2.00, 'segpay', '${moments.at}'::timestamptz, 2.00`)
        await q(`insert into order_events (order_id, kind, amount, occurred_at)
          select id, 'refund', 0.25, '${moments.before}'::timestamptz from orders where order_no = 'EDGE-AT'
          union all
          select id, 'refund', 0.50, '${moments.at}'::timestamptz from orders where order_no = 'EDGE-BEFORE'`)
        // Corrections by plain SQL too: an order paid the day after, moved to the microsecond before midnight.
        await q(`insert into orders (order_no, user_id, plan_id, amount, payment_method, paid_at, total_amount)
          select 'EDGE-MOVED', (select min(id) from users), (select min(id) from plans), 4.00, 'segpay', '${moments.at}'::timestamptz + interval '1 day', 4.00`)
        await foldFigures(t.db)
        await q(`update orders set paid_at = '${moments.before}' where order_no = 'EDGE-MOVED'`)
        await q(`insert into visits (visitor, device, visited_at) values ('edge-1', 'desktop', '${moments.before}'),
          ('edge-2', 'mobile', '${moments.at}')`)
      })
      afterAll(() => t?.close())

      it('counts each row on the business day of its moment', async () => {
        const day = (column: string) => `to_char((${column} at time zone '${zone}')::date, 'YYYY-MM-DD')`
        const want = await queryRows<Json>(
          t.db,
          sql.raw(`select to_char(d, 'YYYY-MM-DD') as date,
              (select count(*)::int from orders o where ${day('o.paid_at')} = to_char(d, 'YYYY-MM-DD')) as orders,
              (select coalesce(sum(amount), 0)::numeric(14,2)::text from orders o where ${day('o.paid_at')} = to_char(d, 'YYYY-MM-DD')) as gross,
              (select count(*)::int from order_events e where ${day('e.occurred_at')} = to_char(d, 'YYYY-MM-DD')) as refund_count,
              (select coalesce(sum(amount), 0)::numeric(14,2)::text from order_events e where ${day('e.occurred_at')} = to_char(d, 'YYYY-MM-DD')) as refunds,
              (select count(*)::int from users u where ${day('u.created_at')} = to_char(d, 'YYYY-MM-DD')) as signups,
              (select count(*)::int from visits v where ${day('v.visited_at')} = to_char(d, 'YYYY-MM-DD')) as visits
            from generate_series('${START}'::date, '${END}'::date, interval '1 day') d order by 1`),
        )
        // The independent check holds each row on its own day.
        expect(want.map((row) => [row.date, row.orders])).toEqual([
          ['2026-10-17', 0],
          ['2026-10-18', 2],
          ['2026-10-19', 1],
          ['2026-10-20', 0],
        ])
        // Written as the member site writes, then folded (the tests fold at once rather than wait for it).
        await foldFigures(t.db)
        for (const source of ['business days', 'quarter-hours'] as const) {
          // The quarter-hours answer while the business days are being built for a new zone.
          if (source === 'quarter-hours')
            await t.db.execute(sql`delete from app_settings where key = 'rollup_zone_days_zone'`)
          for (const path of [
            '/api/analytics/data/daily',
            '/api/analytics/revenue/companyDataDaily',
            '/api/analytics/channel/records',
            '/api/dashboard/revenueTrend',
          ]) {
            const res = await t.request(`${path}?start_date=${START}&end_date=${END}`, { token })
            expect(res.status, path).toBe(200)
            const got = (res.body.data as Json[]).map((d) =>
              Object.fromEntries(
                Object.keys(want[0] ?? {})
                  .filter((k) => k in d)
                  .map((k) => [k, d[k]]),
              ),
            )
            const wanted = want.map((w) =>
              Object.fromEntries(Object.keys(got[0] ?? {}).map((k) => [k, w[k]])),
            )
            expect(got, `${source} ${path}`).toEqual(wanted)
          }
          // The daily export writes the same days.
          const csv = await t.request(
            `/api/analytics/revenue/exportCsv?start_date=${START}&end_date=${END}`,
            { token },
          )
          expect(csv.status).toBe(200)
          const [header = '', ...lines] = String(csv.body)
            .replace(/^\uFEFF/, '')
            .trim()
            .split('\n')
          const columns = header.split(',')
          const orders = columns.indexOf('orders')
          expect(orders, header).toBeGreaterThan(0)
          const byDay = Object.fromEntries(
            lines.map((line) => line.split(',')).map((cells) => [cells[0], cells[orders]]),
          )
          for (const row of want)
            expect(byDay[String(row.date)], `${source} export ${row.date}`).toBe(String(row.orders))
        }
      })
    })
})
