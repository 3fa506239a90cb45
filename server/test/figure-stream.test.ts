import { execFileSync } from 'node:child_process'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../e2e/support/server.ts'
import { scaled, until } from '../../test/support/time.ts'
import { openDatabase } from '../src/db/client.ts'
import { pruneVisits } from '../src/modules/analytics/upkeep.ts'
import { keptIn } from '../src/modules/economics/kept-movements.ts'
import { movements } from '../src/modules/economics/movements.ts'
import { conversion } from '../src/modules/economics/reports.ts'
import { describeOnPostgres } from './support/databases.ts'
import { HELD_AT, keptAndRebuilt, RAW_VISITORS, VISITOR_COUNTS } from './support/figure-truth.ts'
import { type Cluster, startLogicalCluster } from './support/logical-cluster.ts'

/**
 * The figures from PostgreSQL's change stream (docs/analytics.md "How the figures are kept"), on a cluster
 * of the test's own with wal_level = logical, kept by two real server processes. The member site writes by
 * plain SQL, every way it may; after each case the rollups equal the same rollups built again from the raw
 * rows, and the distinct visitors equal count(distinct) over the raw visits.
 */

describeOnPostgres('the figures from the change stream', () => {
  let cluster: Cluster
  let pool: pg.Pool
  const servers: RunningServer[] = []
  let channels: number[] = []
  let plan = 0

  const one = async (text: string, values: unknown[] = []) => (await pool.query(text, values)).rows[0]
  /** Everything committed so far in the figures: a mark written into the stream, awaited. */
  const caughtUp = async () => {
    const { lsn } = await one(`select pg_logical_emit_message(true, 'vod_mark', '')::text as lsn`)
    await until(
      'the figures past a mark written now',
      async () => (await one(HELD_AT, [lsn, false])).done,
      Boolean,
      {
        every: 50,
      },
    )
  }
  /** The rollups equal the rows built again (in a transaction rolled back), and the visitors the visits. */
  /** `since`: the visitors of days from it only (those of days retention emptied are kept, not in the rows). */
  const figuresEqualTheRows = async (since = '-infinity') => {
    await caughtUp()
    const client = await pool.connect()
    try {
      const { kept, rebuilt } = await keptAndRebuilt(client)
      expect(kept).toEqual(rebuilt)
      const from = (counts: string) =>
        `select * from (${counts}) counts where counts.day::date >= $1::date order by 1, 2, 3`
      expect((await client.query(from(VISITOR_COUNTS), [since])).rows).toEqual(
        (await client.query(from(RAW_VISITORS), [since])).rows,
      )
      return kept.length
    } finally {
      client.release()
    }
  }
  const member = async (name: string, channel: number | null) =>
    Number(
      (await one(`insert into users (username, channel_id) values ($1, $2) returning id`, [name, channel]))
        .id,
    )
  const order = async (user: number, channel: number | null, amount: string) =>
    Number(
      (
        await one(
          `insert into orders (order_no, user_id, plan_id, channel_id, amount, payment_method, paid_at, transaction_fee, total_amount)
           values ('S' || $1::text || '-' || clock_timestamp(), $1::int, $2, $3, $4::numeric, 'segpay', now(), 0.5, $4::numeric - 0.5) returning id`,
          [user, plan, channel, amount],
        )
      ).id,
    )

  beforeAll(async () => {
    // Transactions past 64 kB of changes are streamed before their commit (PostgreSQL's least): most cases
    // here write some.
    cluster = await startLogicalCluster(['logical_decoding_work_mem=64kB'])
    await cluster.createDatabase('vod')
    pool = new pg.Pool({ connectionString: cluster.url('vod'), max: 12 })
    // A test holds the servers' recounts of corrected days while it holds advisory lock 35026 (vod_upkeep_hold).
    await pool.query(`alter database vod set vod.upkeep_hold = 'stale days'`)
    pool.on('error', () => {})
    for (let n = 0; n < 2; n++)
      servers.push(await startServer({ DATABASE_URL: cluster.url('vod'), SEED_DEMO: '0' }))
    channels = [
      Number(
        (await one(`insert into channels (utm_source, type) values ('s-a', 'affiliate') returning id`)).id,
      ),
      Number((await one(`insert into channels (utm_source, type) values ('s-b', 'social') returning id`)).id),
    ]
    plan = Number(
      (
        await one(
          `insert into plans (name, initial_period_count, initial_period_unit, initial_original_price) values ('S', 1, 'month', '9.99') returning id`,
        )
      ).id,
    )
  }, scaled(240_000))
  afterAll(async () => {
    for (const server of servers) await server.stop()
    await pool?.end()
    await cluster?.stop()
  })

  it('runs nothing of ours in the member site: no trigger on its tables, the figures from the stream', async () => {
    const { rows } = await pool.query(
      `select tgrelid::regclass::text as t, tgname from pg_trigger
       where not tgisinternal and tgrelid = any ('{visits,orders,order_events,users,subscriptions,plans}'::regclass[])`,
    )
    expect(rows).toEqual([])
    expect(
      (await one(`select count(*)::int as n from pg_replication_slots where slot_type = 'logical'`)).n,
    ).toBe(1)
    const user = await member('s-first', channels[0] ?? null)
    await order(user, channels[0] ?? null, '12.00')
    await pool.query(`insert into visits (visitor, device, channel_id) values ('s-v1', 'mobile', $1)`, [
      channels[0],
    ])
    expect(await figuresEqualTheRows()).toBeGreaterThan(3)
  })

  it('resumes from the end of the last commit applied, not a byte past it, where the next commit may begin', async () => {
    const user = await member('s-resume', channels[0] ?? null)
    await order(user, channels[0] ?? null, '3.00')
    await caughtUp()
    const position = `select s.confirmed_flush_lsn::text as told, f.lsn::text as applied,
       s.confirmed_flush_lsn >= f.lsn as reached
       from pg_replication_slots s join figure_stream f on f.slot = s.slot_name`
    const seen = await until(
      'the slot told of the last commit applied',
      () => one(position),
      (row) => row.reached,
    )
    expect(seen.told).toBe(seen.applied)
  })

  it('follows corrections, moves and deletes of every table, refunds along their moving orders', async () => {
    const user = await member('s-moves', channels[0] ?? null)
    const first = await order(user, channels[0] ?? null, '40.00')
    const second = await order(user, channels[1] ?? null, '25.00')
    await pool.query(
      `insert into order_events (order_id, kind, amount) values ($1, 'refund', 10), ($1, 'chargeback', 5)`,
      [first],
    )
    await pool.query(
      `insert into subscriptions (user_id, plan_id, channel_id, started_at, status) values ($1, $2, $3, now(), 'active')`,
      [user, plan, channels[0]],
    )
    await pool.query(
      `insert into visits (visitor, device, channel_id, visited_at)
       select 's-move-' || g, 'desktop', $1, now() - g * interval '1 hour' from generate_series(1, 30) g`,
      [channels[0]],
    )
    await figuresEqualTheRows()
    // One transaction: the order moves while its refund is corrected; a refund moves to another order.
    const client = await pool.connect()
    try {
      await client.query('begin')
      await client.query(`update order_events set amount = 12 where order_id = $1 and kind = 'refund'`, [
        first,
      ])
      await client.query(
        `update orders set channel_id = $2, paid_at = paid_at - interval '2 days' where id = $1`,
        [first, channels[1]],
      )
      await client.query(
        `update order_events set order_id = $2 where order_id = $1 and kind = 'chargeback'`,
        [first, second],
      )
      await client.query('commit')
    } finally {
      client.release()
    }
    await pool.query(
      `update users set created_at = created_at - interval '3 days', channel_id = $2 where id = $1`,
      [user, channels[1]],
    )
    await pool.query(
      `update subscriptions set cancelled_at = now(), status = 'cancelled' where user_id = $1`,
      [user],
    )
    await pool.query(`update visits set channel_id = $1, device = 'mobile' where visitor like 's-move-1%'`, [
      channels[1],
    ])
    await pool.query(`delete from visits where visitor like 's-move-2%'`)
    await pool.query(
      `update visits set visited_at = visited_at - interval '5 days' where visitor = 's-move-3'`,
    )
    await pool.query(`delete from order_events where order_id = $1`, [second])
    await pool.query(`delete from orders where id = $1`, [second])
    await figuresEqualTheRows()
  })

  it('follows deleting a channel (SET NULL), explicit ids, COPY, a prepared transaction and rows of any age', async () => {
    const doomed = Number(
      (await one(`insert into channels (utm_source, type) values ('s-gone', 'social') returning id`)).id,
    )
    const user = await member('s-doomed', doomed)
    await order(user, doomed, '30.00')
    await pool.query(
      `insert into visits (visitor, device, channel_id) select 's-doomed-' || g, 'tablet', $1 from generate_series(1, 25) g`,
      [doomed],
    )
    await figuresEqualTheRows()
    await pool.query(`update orders set channel_id = null where channel_id = $1`, [doomed])
    await pool.query(`update users set channel_id = null where channel_id = $1`, [doomed])
    await pool.query('delete from channels where id = $1', [doomed])
    const { max } = await one('select max(id)::bigint as max from visits')
    await pool.query(
      `insert into visits (id, visitor, device, visited_at) overriding system value values ($1 + 1000, 's-explicit', 'mobile', '2019-03-04 05:06:07+00')`,
      [max],
    )
    await pool.query(`update visits set id = default where visitor = 's-explicit'`)
    await pool.query(
      `copy visits (visitor, device, visited_at) from program 'seq 1 40 | sed "s/.*/s-copy-&,desktop,2020-01-01 00:&:00+00/"' with (format csv)`,
    )
    const client = await pool.connect()
    try {
      await client.query('begin')
      await client.query(`insert into users (username, created_at) values ('s-prepared', '2001-02-03+00')`)
      await client.query(`prepare transaction 's-prepared'`)
    } finally {
      client.release()
    }
    await pool.query(`insert into users (username) values ('s-after-prepared')`)
    await caughtUp()
    await pool.query(`commit prepared 's-prepared'`)
    expect(await one(`select count(*)::int as n from users where username = 's-prepared'`)).toEqual({ n: 1 })
    await figuresEqualTheRows()
  })

  it('goes on past a corrected day while its visitors wait to be counted again, then counts them once', async () => {
    const day = `timestamptz '2026-03-03 10:00:00+00'`
    await pool.query(
      `insert into visits (visitor, device, channel_id, visited_at)
       select 's-stale-' || g % 5, 'mobile', $1, ${day} + g * interval '1 minute' from generate_series(1, 20) g`,
      [channels[0]],
    )
    await figuresEqualTheRows()
    const visitors = `select visitors from visitor_day_counts
      where (channel_id, campaign_id, day) = (-1, -1, date '2026-03-03')`
    const counted = (await one(visitors)).visitors
    const hold = await pool.connect()
    try {
      await hold.query('select pg_advisory_lock(35026)')
      // Every visit of one visitor gone, in transactions of their own: the day has a visitor fewer.
      const gone = (await pool.query(`select id from visits where visitor = 's-stale-1'`)).rows
      for (const { id } of gone) await pool.query('delete from visits where id = $1', [id])
      const user = await member('s-stale-order', channels[0] ?? null)
      await pool.query(
        `insert into orders (order_no, user_id, plan_id, channel_id, amount, payment_method, paid_at, total_amount)
         values ('S-stale', $1, $2, $3, 7.00, 'segpay', now(), 7.00)`,
        [user, plan, channels[0]],
      )
      const { lsn } = await one(`select pg_logical_emit_message(true, 'vod_mark', '')::text as lsn`)
      await until(
        'the order after the corrections applied',
        async () => (await one(HELD_AT, [lsn, true])).done,
        Boolean,
        {
          every: 50,
        },
      )
      // The runs went on: the order is counted while the day waits, noted, with its visitors as they were.
      expect(
        (
          await one(
            `select sum(orders)::int as n from rollup_quarters where (channel_id, campaign_id, plan_id, device) = (-1, -1, -1, '*')`,
          )
        ).n,
      ).toBe(Number((await one(`select count(*)::int as n from orders`)).n))
      expect((await pool.query(`select day::text from visitor_days_stale`)).rows).toEqual([
        { day: '2026-03-03' },
      ])
      expect((await one(visitors)).visitors).toBe(counted)
    } finally {
      await hold.query('select pg_advisory_unlock(35026)')
      hold.release()
    }
    await figuresEqualTheRows()
    expect((await one(visitors)).visitors).toBe(counted - 1)
  })

  it("keeps subscription economics from the stream: subscriptions written, moved, ended and deleted, a renewal, a plan's price", async () => {
    const database = await openDatabase({ url: cluster.url('vod'), pgliteDir: null })
    const { db } = database
    try {
      const zone = (await one(`select vod_business_zone() as zone`)).zone as string
      const priced = Number(
        (
          await one(`insert into plans (name, initial_period_count, initial_period_unit, initial_original_price,
            recurring_period_count, recurring_period_unit, recurring_original_price)
            values ('S-trial', 7, 'day', '1.00', 1, 'month', '19.99') returning id`)
        ).id,
      )
      const ids: number[] = []
      for (const [n, started, ended] of [
        [0, '2026-01-05T10:00:00Z', null],
        [1, '2026-02-10T10:00:00Z', '2026-04-02T00:00:00Z'],
        [2, '2026-03-01T00:00:00Z', null],
      ] as const) {
        const user = await member(`s-economics-${n}`, channels[n % 2] ?? null)
        ids.push(
          Number(
            (
              await one(
                `insert into subscriptions (user_id, plan_id, channel_id, started_at, ended_at) values ($1, $2, $3, $4, $5) returning id`,
                [user, priced, channels[n % 2], started, ended],
              )
            ).id,
          ),
        )
      }
      const range = { start_date: '2026-01-01', end_date: '2026-12-31', by: 'month' } as const
      /** Kept against raw, for all and each channel, once the servers worked out what the stream made stale. */
      const keptEqualsRaw = async () => {
        await caughtUp()
        await until(
          'the stale members worked out',
          async () =>
            (await keptIn(db, zone)) &&
            (await one(`select not exists (select 1 from economics_stale) as done`)).done,
          Boolean,
          { every: 50 },
        )
        for (const channel of [null, ...channels]) {
          const filters = { scope: { channels: channel === null ? null : [channel] } }
          expect(await movements(db, zone, range, filters, true)).toEqual(
            await movements(db, zone, range, filters, false),
          )
          const { start_date: start, end_date: end } = range
          expect(await conversion(db, zone, start, end, filters, true)).toEqual(
            await conversion(db, zone, start, end, filters, false),
          )
        }
        // This test's plan alone: other tests' subscriptions start today, in whatever year that is.
        return movements(db, zone, range, { scope: { channels: null }, planId: priced }, true)
      }
      const first = await keptEqualsRaw()
      // Over the year, the member who left in April is no movement: the other two are new.
      expect(first.meta.totals.new_members).toBe(2)
      // A renewal of the first member's trial converts it.
      await pool.query(
        `insert into orders (order_no, user_id, plan_id, subscription_id, amount, payment_method, paid_at, total_amount)
          select 'S-renewal', user_id, plan_id, id, 19.99, 'segpay', '2026-02-12T10:00:00Z', 19.99
          from subscriptions where id = $1`,
        [ids[0]],
      )
      await keptEqualsRaw()
      const converted = await conversion(
        db,
        zone,
        range.start_date,
        range.end_date,
        {
          scope: { channels: null },
          planId: priced,
        },
        true,
      )
      expect(converted.data).toMatchObject([{ plan_id: priced, due: 3, converted: 1 }])
      await pool.query(`update subscriptions set channel_id = $1 where id = $2`, [channels[1], ids[0]])
      await pool.query(`update subscriptions set ended_at = '2026-06-01T00:00:00Z' where id = $1`, [ids[2]])
      await pool.query(`delete from subscriptions where id = $1`, [ids[1]])
      await keptEqualsRaw()
      await pool.query(`update plans set recurring_original_price = '29.99' where id = $1`, [priced])
      const repriced = await keptEqualsRaw()
      expect(repriced.meta.totals.closing_mrr).not.toBe(first.meta.totals.closing_mrr)
      // The closed months these changed are noted, under the table whose change it was.
      const noted = await pool.query(`select distinct source from economics_restatements order by source`)
      expect(noted.rows.map((row) => row.source)).toEqual(['plans', 'subscriptions'])
    } finally {
      await database.close()
    }
  })

  it('takes TRUNCATE and what is written after it', async () => {
    await pool.query(`insert into visits (visitor, device) values ('s-before-truncate', 'mobile')`)
    await figuresEqualTheRows()
    await pool.query('truncate visits')
    await pool.query(`insert into visits (visitor, device) values ('s-after-truncate', 'mobile')`)
    await figuresEqualTheRows()
  })

  it('counts a row a microsecond before midnight on the day it ends, and one at midnight on the next (issue 65, item 14)', async () => {
    const user = await member('s-midnight', channels[0] ?? null)
    const paid = async (no: string, at: string) =>
      pool.query(
        `insert into orders (order_no, user_id, plan_id, channel_id, amount, payment_method, paid_at, total_amount)
         values ($1, $2, $3, $4, 1.00, 'segpay', $5::timestamptz, 1.00)`,
        [no, user, plan, channels[0], at],
      )
    await paid('S-MIDNIGHT-BEFORE', '2026-10-18 23:59:59.999999+00')
    await paid('S-MIDNIGHT-AT', '2026-10-19 00:00:00+00')
    await pool.query(
      `insert into visits (visitor, device, channel_id, visited_at)
      values ('s-midnight', 'mobile', $1, '2026-10-18 23:59:59.999999+00')`,
      [channels[0]],
    )
    await caughtUp()
    const days = await pool.query(
      `select day::text, orders, visits from rollup_days
       where (channel_id, campaign_id, plan_id, device) = ($1, -1, -1, '*') and day in ('2026-10-18', '2026-10-19')
       order by day`,
      [channels[0]],
    )
    expect(days.rows).toEqual([
      { day: '2026-10-18', orders: 1, visits: 1 },
      { day: '2026-10-19', orders: 1, visits: 0 },
    ])
    await figuresEqualTheRows()
  })

  it('takes a row out of the day it left for a moment no business day holds, and puts it back when it returns', async () => {
    const { id } = await one(
      `insert into visits (visitor, device, channel_id) values ('s-far-moved', 'mobile', $1) returning id`,
      [channels[1]],
    )
    await caughtUp()
    const visits = `select coalesce(sum(visits), 0)::int as n from rollup_months
       where (channel_id, campaign_id, plan_id, device) = ($1, -1, -1, '*')`
    const before = (await one(visits, [channels[1]])).n
    await pool.query(`update visits set visited_at = '4714-11-24 00:00:00+00 BC' where id = $1`, [id])
    await caughtUp()
    expect((await one(visits, [channels[1]])).n).toBe(before - 1)
    // Nothing failed: a moment no business day holds adds nothing (server/src/db/datable.ts).
    expect((await pool.query('select source from figure_set_aside')).rows).toEqual([])
    await pool.query(`update visits set visited_at = now() where id = $1`, [id])
    await figuresEqualTheRows()
  })

  it('takes a row no business day holds in the kept zone, and a sum past numeric(16,2), failing nothing', async () => {
    const client = await pool.connect()
    try {
      await client.query(`set timezone = 'UTC'`)
      await client.query(
        `insert into visits (visitor, device, visited_at) values ('s-far', 'mobile', '294276-12-31 23:00:00+00')`,
      )
    } finally {
      client.release()
    }
    await pool.query(`update app_settings set value = 'Asia/Shanghai' where key = 'business_time_zone'`)
    const user = await member('s-rich', channels[0] ?? null)
    // 10,001 orders of the largest amount in one quarter-hour: past numeric(16,2), within the rollups' 22.
    await pool.query(
      `insert into orders (order_no, user_id, plan_id, channel_id, amount, payment_method, paid_at, total_amount)
       select 'S-rich-' || g, $1, $2, $3, 9999999999.99, 'segpay', '2026-01-01 00:05+00', 9999999999.99
       from generate_series(1, 10001) g`,
      [user, plan, channels[0]],
    )
    await caughtUp()
    expect((await pool.query('select source from figure_set_aside')).rows).toEqual([])
    const gross = await one(
      `select gross::text from rollup_months where (channel_id, campaign_id, plan_id, device) = ($1, -1, -1, '*') and month = '2026-01-01'`,
      [channels[0]],
    )
    expect(gross).toEqual({ gross: '100009999999899.99' })
    await pool.query(`update app_settings set value = 'UTC' where key = 'business_time_zone'`)
    // The rebuild leaves the far visit out too.
    await figuresEqualTheRows()
    await pool.query(`delete from visits where visitor = 's-far'`)
  })

  it('never fails or holds a member transaction at any isolation level, and an open one stalls nothing', async () => {
    const users = await Promise.all([0, 1, 2, 3].map((n) => member(`s-iso-${n}`, channels[0] ?? null)))
    const orders = await Promise.all(users.map((user) => order(user, channels[0] ?? null, '5.00')))
    const open = await pool.connect()
    try {
      await open.query('begin')
      await open.query(`update orders set amount = 6, total_amount = 5.5 where id = $1`, [orders[0]])
      const errors: string[] = []
      const levels = ['read committed', 'repeatable read', 'serializable']
      await Promise.all(
        levels.map(async (level, n) => {
          const client = await pool.connect()
          try {
            // A number of transactions, not a time: the verdict is that none failed.
            for (let round = 0; round < 60; round++) {
              try {
                await client.query(`begin isolation level ${level}`)
                await client.query(`update users set channel_id = $2 where id = $1`, [
                  users[n + 1],
                  channels[n % 2],
                ])
                await client.query(
                  `update orders set amount = amount + 1, total_amount = total_amount + 1 where id = $1`,
                  [orders[n + 1]],
                )
                await client.query(`insert into visits (visitor, device) values ($1, 'mobile')`, [
                  `s-iso-${level}`,
                ])
                await client.query('commit')
              } catch (error) {
                errors.push(`${level}: ${(error as Error).message}`)
                await client.query('rollback')
              }
            }
          } finally {
            client.release()
          }
        }),
      )
      expect(errors).toEqual([])
      // The open transaction holds nothing back: what committed meanwhile is in (it stays open until then).
      await caughtUp()
      await open.query('commit')
    } finally {
      open.release()
    }
    await figuresEqualTheRows()
  })

  // Visitors few enough that each day's distinct count is exact (beyond a few hundred it is HyperLogLog's).
  it('takes transactions streamed before their commit: aborted, a subtransaction rolled back, rows changed after', async () => {
    const streamed = async () =>
      Number((await one('select coalesce(sum(stream_txns), 0)::int as n from pg_stat_replication_slots')).n)
    const before = await streamed()
    const client = await pool.connect()
    try {
      await client.query('begin')
      await client.query(
        `insert into visits (visitor, device, channel_id) select 's-aborted-' || g % 50, 'mobile', $1 from generate_series(1, 3000) g`,
        [channels[0]],
      )
      await client.query('rollback')
      await client.query('begin')
      await client.query(
        `insert into visits (visitor, device, channel_id) select 's-kept-' || g % 50, 'mobile', $1 from generate_series(1, 3000) g`,
        [channels[0]],
      )
      await client.query('savepoint undone')
      await client.query(
        `insert into visits (visitor, device) select 's-undone-' || g % 50, 'tablet' from generate_series(1, 3000) g`,
      )
      await client.query(`update visits set device = 'tablet' where visitor like 's-kept-1%'`)
      await client.query('rollback to savepoint undone')
      await client.query(
        `update visits set device = 'desktop', channel_id = $1 where visitor like 's-kept-2%'`,
        [channels[1]],
      )
      await client.query('commit')
    } finally {
      client.release()
    }
    await figuresEqualTheRows()
    // Both were streamed before their end (the slot's statistics come when the walsender reports them).
    await expect.poll(streamed, { timeout: scaled(30_000) }).toBeGreaterThanOrEqual(before + 2)

    // Rows of a streamed transaction still being applied, changed by the next ones: it goes in first.
    const user = await member('s-streamed-orders', channels[0] ?? null)
    await pool.query(
      `insert into orders (order_no, user_id, plan_id, channel_id, amount, payment_method, paid_at, total_amount)
       select 'S-streamed-' || g, $1, $2, $3, 10, 'segpay', now() - g * interval '1 minute', 10
       from generate_series(1, 2000) g`,
      [user, plan, channels[0]],
    )
    const moved = Number((await one(`select id from orders where order_no = 'S-streamed-7'`)).id)
    await pool.query(`insert into order_events (order_id, kind, amount) values ($1, 'refund', 4)`, [moved])
    await pool.query(`update orders set channel_id = $2 where id = $1`, [moved, channels[1]])
    await pool.query(`delete from visits where visitor like 's-kept-3%'`)
    await figuresEqualTheRows()
  })

  it('lets a transaction committed after a large streamed one into the figures before all of it', async () => {
    await pool.query(
      `insert into visits (visitor, device, channel_id) select 's-large-' || g % 100, 'mobile', $1 from generate_series(1, 100000) g`,
      [channels[0]],
    )
    const user = await member('s-after-large', channels[1] ?? null)
    await order(user, channels[1] ?? null, '7.00')
    const { lsn } = await one('select pg_current_wal_lsn()::text as lsn')
    let seen: { past: boolean; applying: boolean } | undefined
    await expect
      .poll(
        async () => {
          seen = await one(
            `select lsn >= $1::pg_lsn as past, exists (select 1 from figure_stream_applying) as applying
             from figure_stream`,
            [lsn],
          )
          return seen?.past
        },
        { timeout: scaled(60_000), interval: 20 },
      )
      .toBe(true)
    // The order was in while the large transaction's changes were still going in.
    expect(seen?.applying).toBe(true)
    await figuresEqualTheRows()
  })

  /** The walsender holding the product's slot (0 while none does). */
  const walsender = async () =>
    Number(
      (await one(`select active_pid from pg_replication_slots where slot_type = 'logical'`)).active_pid ?? 0,
    )
  /** The walsender holding the slot ended, and another holding it (the other process, or this one again). */
  const takenOver = async () => {
    const ended = await walsender()
    await pool.query('select pg_terminate_backend($1)', [ended])
    await until('another walsender holding the slot', walsender, (pid) => pid !== 0 && pid !== ended)
    await caughtUp()
  }
  /** Visits written while the figures' apply waits on a lock of the test's, then the lock let go. */
  const whileApplyWaits = async (during: () => Promise<void>) => {
    const blocker = await pool.connect()
    try {
      await blocker.query('begin')
      await blocker.query('lock table rollup_quarters in exclusive mode')
      await pool.query(
        `insert into visits (visitor, device, channel_id) select 's-wait-' || g, 'mobile', $1 from generate_series(1, 200) g`,
        [channels[0]],
      )
      await until(
        'the run waiting on the lock',
        () =>
          one(`select count(*)::int as n from pg_stat_activity
               where application_name = 'vod-figures-apply' and wait_event_type = 'Lock'`),
        (row) => row.n === 1,
      )
      await during()
    } finally {
      await blocker.query('rollback')
      blocker.release()
    }
  }

  it('notes what a change of a closed month makes of its figures, a large transaction as a small one', async () => {
    // The servers close the months the figures are whole for when they start (docs/analytics.md "Closed
    // months and restatements").
    await until(
      'the months before this one closed',
      async () => (await one(`select value from app_settings where key = 'figures_closed_before'`))?.value,
      Boolean,
    )
    const channel = Number(
      (await one(`insert into channels (utm_source, type) values ('s-restated', 'social') returning id`)).id,
    )
    const user = await member('s-restated', channel)
    // Two months back (UTC, the servers' business zone): closed, and within the visits' retention, which a
    // server's start applies.
    const { month } = await one(
      `select (date_trunc('month', now() at time zone 'UTC') - interval '2 months')::date::text as month`,
    )
    await pool.query(
      `insert into orders (order_no, user_id, plan_id, channel_id, amount, payment_method, paid_at, total_amount)
       values ('S-restated', $1, $2, $3, 4.56, 'segpay', ($4::date + interval '9 days 12 hours') at time zone 'UTC', 4.56)`,
      [user, plan, channel, month],
    )
    // Past 64 kB of changes: streamed before its commit, applied in steps after it. A hundred visitors, whose
    // count the checks after this compare with the rows' exactly (past 1,024 a day it is an estimate).
    await pool.query(
      `insert into visits (visitor, device, channel_id, visited_at)
       select 's-late-' || (n % 100), 'mobile', $1,
         ($2::date + interval '10 days 8 hours') at time zone 'UTC' + n * interval '1 second'
       from generate_series(1, 2000) n`,
      [channel, month],
    )
    await caughtUp()
    const { rows } = await pool.query(
      `select figure, month::text as month, sum(change)::text as change from figure_restatements
       where channel_id = $1 and campaign_id = -1 and plan_id = -1 and device = '*'
       group by 1, 2 order by 1`,
      [channel],
    )
    expect(rows).toEqual([
      { figure: 'gross', month, change: '4.56' },
      { figure: 'orders', month, change: '1.00' },
      { figure: 'visits', month, change: '2000.00' },
    ])
  })

  it('commits nothing from a process that lost the slot while it applied: the run goes in once', {
    timeout: scaled(120_000),
  }, async () => {
    await caughtUp()
    await whileApplyWaits(async () => {
      // Committed behind the waiting run: the process that takes over reads both as one run, longer than it.
      await pool.query(
        `insert into visits (visitor, device, channel_id) select 's-wait-more-' || g, 'mobile', $1 from generate_series(1, 100) g`,
        [channels[1]],
      )
      const first = await walsender()
      await pool.query('select pg_terminate_backend($1)', [first])
      await until('another walsender holding the slot', walsender, (pid) => pid !== 0 && pid !== first)
      await until(
        'the run of the process that took over waiting on the lock too',
        () =>
          one(`select count(*)::int as n from pg_stat_activity
               where application_name = 'vod-figures-apply' and wait_event_type = 'Lock'`),
        (row) => row.n === 2,
      )
    })
    await figuresEqualTheRows()
  })

  it('keeps the slot through an apply that waits longer than the walsender waits for a reply', {
    timeout: scaled(120_000),
  }, async () => {
    // The server answers every third of it: on a loaded host a fixed 2 s ended the stream for want of a reply
    // (CI, one core), which is the host's speed, not the product's fault.
    const timeout = scaled(2_000)
    await pool.query(`alter database vod set wal_sender_timeout = '${timeout}ms'`)
    try {
      // Walsenders started from now on have it.
      await takenOver()
      const holding = await walsender()
      await whileApplyWaits(async () => {
        // More runs queued behind the waiting one: the stream is no longer read meanwhile (flow control).
        for (const n of [1, 2, 3])
          await pool.query(`insert into visits (visitor, device, channel_id) values ($1, 'mobile', $2)`, [
            `s-held-${n}`,
            channels[1],
          ])
        await until(
          'the run waiting on the lock three times the walsender timeout',
          () =>
            one(
              `select count(*)::int as n from pg_stat_activity
                 where application_name = 'vod-figures-apply' and wait_event_type = 'Lock'
                   and now() - state_change > make_interval(secs => $1)`,
              [(3 * timeout) / 1000],
            ),
          (row) => row.n === 1,
        )
        expect(await walsender()).toBe(holding)
      })
    } finally {
      await pool.query('alter database vod reset wal_sender_timeout')
    }
    await takenOver()
    await figuresEqualTheRows()
  })

  it('loses and doubles nothing when the process that follows the stream is killed, and the other takes over', {
    timeout: scaled(120_000),
  }, async () => {
    const holder = async () =>
      Number(
        (await one(`select active_pid from pg_replication_slots where slot_type = 'logical'`)).active_pid ??
          0,
      )
    // Writes go on until both kills are done, and a number of rounds after: the verdict is on what was written,
    // not how much. The writer stays a few rounds ahead of the figures at most: what is left to apply when it
    // ends is then bounded, not the host's speed times how long the kills and a server's start took
    // (docs/speed.md "The test run").
    const AHEAD = 10
    const rounds: string[] = []
    let killed = false
    const writing = (async () => {
      let n = 0
      let after = 0
      while (!killed || after++ < 20) {
        n++
        const behind = rounds[n - 1 - AHEAD]
        if (behind)
          await until(
            `the figures within ${AHEAD} rounds of the writes`,
            () => one('select lsn >= $1::pg_lsn as within from figure_stream', [behind]),
            (row) => row.within,
            { ms: 60_000 },
          )
        // Every fifth, a transaction streamed before its commit.
        await pool.query(
          `insert into visits (visitor, device, channel_id) select 's-kill-' || ($1 * 7 + g) % 200, 'mobile', $2 from generate_series(1, $3) g`,
          [n, channels[n % 2], n % 5 === 0 ? 5000 : 20],
        )
        const user = await member(`s-kill-${n}`, channels[n % 2] ?? null)
        await order(user, channels[n % 2] ?? null, '3.00')
        rounds.push((await one('select pg_current_wal_lsn()::text as lsn')).lsn)
      }
    })()
    try {
      for (const index of [0, 1]) {
        await expect.poll(holder, { timeout: scaled(30_000) }).not.toBe(0)
        const walsender = await holder()
        // The server process that holds the slot is the one whose connection the walsender serves.
        const { port } = await one(`select client_port as port from pg_stat_activity where pid = $1`, [
          walsender,
        ])
        const server = servers.find((s) => s.alive() && portOwner(s, port))
        process.kill((server ?? servers[index])?.pid as number, 'SIGKILL')
        await expect.poll(holder, { timeout: scaled(30_000) }).not.toBe(walsender)
        if (index === 0) servers.push(await startServer({ DATABASE_URL: cluster.url('vod'), SEED_DEMO: '0' }))
      }
    } finally {
      killed = true
    }
    await writing
    await figuresEqualTheRows().catch((error) => {
      for (const server of servers) console.log(server.output())
      throw error
    })
  })

  // Last: from here on the figures hold visits the rows no longer do.
  /** Every visit the figures hold, over all months. */
  const total = async () =>
    Number(
      (
        await one(
          `select coalesce(sum(visits), 0)::int as n from rollup_months where (channel_id, campaign_id, plan_id, device) = (-1, -1, -1, '*')`,
        )
      ).n,
    )

  it('keeps the figures of the visits retention deletes, and takes out those anyone else deletes', async () => {
    await pool.query(
      `insert into visits (visitor, device, visited_at) select 's-old-' || g, 'mobile', now() - interval '400 days' from generate_series(1, 20) g`,
    )
    await caughtUp()
    const before = await total()
    const database = await openDatabase({ url: cluster.url('vod'), pgliteDir: null })
    try {
      expect(await pruneVisits(database.db, 365)).toBe(20)
    } finally {
      await database.close()
    }
    await caughtUp()
    expect(await total()).toBe(before)
    await pool.query(`insert into visits (visitor, device) values ('s-deleted', 'mobile')`)
    await caughtUp()
    expect(await total()).toBe(before + 1)
    await pool.query(`delete from visits where visitor = 's-deleted'`)
    await caughtUp()
    expect(await total()).toBe(before)
  })

  it('makes a lost slot again by itself and builds the figures anew, keeping what retention deleted', async () => {
    // After the test before: the figures hold visits whose rows retention deleted.
    const kept = await total()
    const { slot } = await one('select slot from figure_stream')
    const status = async () =>
      (await one('select wal_status from pg_replication_slots where slot_name = $1', [slot]))?.wal_status ??
      'none'
    const living = servers.filter((server) => server.alive())
    for (const server of living) process.kill(server.pid, 'SIGSTOP')
    try {
      await pool.query(`alter system set max_slot_wal_keep_size = '1MB'`)
      await pool.query('select pg_reload_conf()')
      await pool.query(
        `insert into visits (visitor, device) select 's-lost-' || g, 'mobile' from generate_series(1, 30) g`,
      )
      // WAL past what the slot may keep, removed at a checkpoint: the slot is lost.
      await until(
        'the slot lost',
        async () => {
          await pool.query(`insert into visits (visitor, device) values ('s-lost-wal', 'mobile')`)
          await pool.query('select pg_switch_wal()')
          await pool.query('checkpoint')
          return status()
        },
        (now) => now === 'lost',
        { every: 100 },
      )
    } finally {
      await pool.query('alter system reset max_slot_wal_keep_size')
      await pool.query('select pg_reload_conf()')
      for (const server of living) process.kill(server.pid, 'SIGCONT')
    }
    await until('a slot made again', status, (now) => now !== 'lost' && now !== 'none', { every: 100 })
    await figuresEqualTheRows(
      (await one(`select (vod_visits_pruned_before() at time zone 'UTC')::date::text as day`)).day,
    )
    const added = Number((await one(`select count(*)::int as n from visits where visitor like 's-lost%'`)).n)
    expect(await total()).toBe(kept + added)
    expect(living.some((server) => server.output().includes('a new one is made'))).toBe(true)
  })
})

/** Whether the server process holds a connection from this local port (the walsender's client). */
function portOwner(server: RunningServer, port: number): boolean {
  let sockets = ''
  try {
    sockets = execFileSync('ss', ['-tnp'], { encoding: 'utf8' })
  } catch {
    // No ss here: the caller kills the first server it started instead.
  }
  return sockets.split('\n').some((line) => line.includes(`:${port} `) && line.includes(`pid=${server.pid},`))
}
