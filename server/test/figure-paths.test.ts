import { keptFigures, rawFigureSql } from '@vod/contract'
import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { scaled } from '../../test/support/time.ts'
import type { Db } from '../src/db/client.ts'
import { queryRows } from '../src/db/client.ts'
import { foldStatus } from '../src/modules/analytics/fold-status.ts'
import { truncatedColumns } from '../src/modules/analytics/keeping/apply.ts'
import type { FigureSource } from '../src/modules/analytics/keeping/changes.ts'
import { createTestDatabase, describeEachEngine, type TestDatabase } from './support/databases.ts'

/**
 * Every way the figures are kept keeps every kept figure of the registry (contract/src/figures.ts): the fold
 * of new rows (figure-tails.sql), of corrections and deletions (figure-corrections.sql), the rebuild from the
 * rows (figure-rebuild.sql), the business days and months (business-days.sql) and the change stream's apply
 * (figure-stream.sql) and its truncations (vod_figures_truncate), each checked column by column against the
 * registry's plain SQL over the raw rows. The
 * columns are the registry's, so a kept figure added there and left out of any of these paths fails here.
 */

/** The rollup tables and the column each is dated by; the zone's days are kept as the zone is not UTC. */
const rollups = ['rollup_quarters', 'rollup_days', 'rollup_zone_days', 'rollup_months'] as const
const columns = keptFigures.map((figure) => figure.column)
const everything = { lo: "timestamptz '2000-01-01 00:00:00+00'", hi: "timestamptz '2100-01-01 00:00:00+00'" }
/** Figures compared as text of two places: counts and money alike. */
const asText = (value: string) => `coalesce(${value}, 0)::numeric(22, 2)::text`

type Figures = Record<string, string>

async function one(db: Db, statement: SQL): Promise<Figures> {
  const [row] = await queryRows<Figures>(db, statement)
  return row ?? {}
}

/** Each kept figure as the registry's plain SQL over the raw rows gives it. */
const truth = (db: Db) =>
  one(
    db,
    sql.raw(
      `select ${keptFigures.map((figure) => `${asText(rawFigureSql(figure.name, everything.lo, everything.hi))} as ${figure.column}`).join(', ')}`,
    ),
  )

/** Each kept figure as a rollup table holds it over all its rows of the all-channel level. */
const kept = (db: Db, table: (typeof rollups)[number]) =>
  one(
    db,
    sql.raw(
      `select ${columns.map((column) => `${asText(`sum(${column})`)} as ${column}`).join(', ')} from ${table}
        where channel_id = -1 and campaign_id = -1 and plan_id = -1 and device = '*'`,
    ),
  )

/** Every rollup table holds each kept figure as the raw rows give it. */
async function expectKeptAsRows(db: Db) {
  const rows = await truth(db)
  for (const table of rollups) expect({ table, ...(await kept(db, table)) }).toEqual({ table, ...rows })
}

/** The rollups' kept figures all zero, as if nothing had been kept. */
async function forget(db: Db) {
  for (const table of rollups)
    await db.execute(sql.raw(`update ${table} set ${columns.map((column) => `${column} = 0`).join(', ')}`))
}

async function fold(db: Db) {
  while (
    Number((await queryRows<{ more: number }>(db, sql`select vod_figures_fold(true) as more`))[0]?.more) > 0
  );
}

describeEachEngine('every keeping path keeps every kept figure', (engine) => {
  let database: TestDatabase
  let db: Db
  beforeAll(async () => {
    database = await createTestDatabase(engine)
    db = database.database.db
    // Business days in a zone that is not UTC, so its days are kept apart (rollup_zone_days).
    await db.execute(sql`select vod_zone_days_rebuild('Asia/Kathmandu')`)
  }, scaled(60_000))
  afterAll(() => database?.drop())

  it('has a column for each kept figure in the delta type, the queue and every rollup table', async () => {
    const named = await queryRows<{ relation: string; columns: string[] }>(
      db,
      sql`select class.relname as relation, array_agg(attribute.attname::text) as columns
        from pg_class class join pg_attribute attribute on attribute.attrelid = class.oid
        where class.relname = any(${`{${['vod_rollup_delta', 'figure_queue', ...rollups].join(',')}}`}::text[])
          and class.relnamespace = 'public'::regnamespace and attribute.attnum > 0 and not attribute.attisdropped
        group by 1 order by 1`,
    )
    expect(named.map((relation) => relation.relation).sort()).toEqual(
      ['figure_queue', 'vod_rollup_delta', ...rollups].sort(),
    )
    for (const relation of named)
      expect(relation.columns, relation.relation).toEqual(expect.arrayContaining(columns))
  })

  it('folds the new rows of every source into every kept figure', async () => {
    const id = async (text: string) => (await queryRows<{ id: number }>(db, sql.raw(text)))[0]?.id as number
    const channel = await id(
      `insert into channels (utm_source, type) values ('paths', 'social') returning id`,
    )
    const campaign = await id(
      `insert into campaigns (channel_id, name) values (${channel}, 'Paths') returning id`,
    )
    const plan = await id(
      `insert into plans (name, initial_period_count, initial_period_unit, initial_original_price) values ('Paths', 1, 'month', '9.99') returning id`,
    )
    await db.execute(
      sql.raw(`insert into users (username, channel_id, campaign_id, created_at) select 'paths-' || g, ${channel},
        case when g % 2 = 0 then ${campaign} end, timestamptz '2026-04-01 20:00:00+00' + g * interval '50 minutes'
        from generate_series(1, 6) g`),
    )
    await db.execute(
      sql.raw(`insert into subscriptions (user_id, plan_id, channel_id, started_at, cancelled_at, status)
        select id, ${plan}, ${channel}, created_at + interval '1 hour',
          case when id % 2 = 0 then created_at + interval '3 days' end, 'active'
        from users where username like 'paths-%'`),
    )
    await db.execute(
      sql.raw(`insert into orders (order_no, user_id, plan_id, channel_id, campaign_id, amount, payment_method, paid_at,
          transaction_fee, settlement_fee, reserve_fee, total_amount)
        select 'P' || id, id, ${plan}, ${channel}, campaign_id, 10 + id % 5, 'segpay', created_at + interval '2 hours',
          0.40, 0.10, 0.25, 9.25 + id % 5
        from users where username like 'paths-%'`),
    )
    await db.execute(
      sql.raw(`insert into order_events (order_id, kind, amount, occurred_at)
        select id, case when id % 2 = 0 then 'refund' else 'chargeback' end, 3.50, paid_at + interval '1 day'
        from orders where order_no like 'P%'`),
    )
    await db.execute(
      sql.raw(`insert into visits (visitor, device, channel_id, campaign_id, visited_at)
        select 'pv' || g % 4, (array['desktop', 'mobile', 'tablet'])[1 + g % 3], ${channel},
          case when g % 3 = 0 then ${campaign} end, timestamptz '2026-04-01 18:00:00+00' + g * interval '37 minutes'
        from generate_series(1, 30) g`),
    )
    // Every kept figure has something to keep, so one left out of a path shows.
    for (const [column, value] of Object.entries(await truth(db)))
      expect(Number(value), column).toBeGreaterThan(0)
    await fold(db)
    await expectKeptAsRows(db)
  })

  it('folds corrections and deletions of every source into every kept figure', async () => {
    await db.execute(
      sql`update orders set amount = amount * 2, reserve_fee = 0.30,
        total_amount = amount * 2 - transaction_fee - settlement_fee - 0.30, paid_at = paid_at + interval '5 hours'`,
    )
    await db.execute(
      sql`update order_events set amount = 1.25, occurred_at = occurred_at - interval '9 hours'`,
    )
    await db.execute(sql`update users set created_at = created_at + interval '1 day' where id % 3 = 0`)
    await db.execute(
      sql`update subscriptions set cancelled_at = started_at + interval '1 day' where cancelled_at is null and id % 3 = 0`,
    )
    await db.execute(sql`delete from order_events where id = (select min(id) from order_events)`)
    await db.execute(sql`delete from subscriptions where id = (select max(id) from subscriptions)`)
    await db.execute(
      sql`delete from orders where id = (select max(id) from orders where id not in (select order_id from order_events))`,
    )
    await fold(db)
    await expectKeptAsRows(db)
  })

  it('builds every kept figure again from the rows (vod_rollup_rebuild)', async () => {
    await forget(db)
    await db.execute(sql`select vod_rollup_rebuild()`)
    await expectKeptAsRows(db)
  })

  it("fills every kept figure's business days and months from the quarter-hours (vod_zone_days_rebuild)", async () => {
    await db.execute(sql`update rollup_zone_days set orders = 0, visits = 0`)
    await db.execute(sql`select vod_zone_days_rebuild('America/New_York')`)
    await expectKeptAsRows(db)
  })

  it("applies the stream's changes of every source to every kept figure (vod_figures_apply)", async () => {
    await forget(db)
    await db.execute(sql`delete from figure_events`)
    const images = (table: string, image: 'old' | 'new') =>
      `select jsonb_build_object('table', '${table}', 'old', ${image === 'old' ? 'to_jsonb(source_row)' : 'null'},
        'new', ${image === 'new' ? 'to_jsonb(source_row)' : 'null'}) as change from ${table} source_row`
    const changes = (image: 'old' | 'new') =>
      sql.raw(
        `select vod_figures_apply((select jsonb_agg(all_changes.change) from (${['visits', 'users', 'subscriptions', 'orders', 'order_events'].map((table) => images(table, image)).join(' union all ')}) all_changes))`,
      )
    // Every row put in, as the stream's start would see it written.
    await db.execute(changes('new'))
    await expectKeptAsRows(db)
    // Every row taken out again: nothing is left of any kept figure.
    await db.execute(changes('old'))
    const none = Object.fromEntries(columns.map((column) => [column, '0.00']))
    for (const table of rollups) expect({ table, ...(await kept(db, table)) }).toEqual({ table, ...none })
  })

  it("empties each source's kept figures, and only those, when the stream sees it truncated", async () => {
    const sourceTables: FigureSource[] = ['visits', 'users', 'subscriptions', 'orders', 'order_events']
    const emptied = new Set<string>()
    for (const source of sourceTables) {
      await forget(db)
      await db.execute(sql`select vod_rollup_rebuild()`)
      const taken = truncatedColumns([source])
      await db.execute(
        sql`select vod_figures_truncate(${`{${source}}`}::text[], ${`{${taken.join(',')}}`}::text[])`,
      )
      for (const column of taken) emptied.add(column)
      const rows = await truth(db)
      const left = Object.fromEntries(
        Object.entries(rows).map(([column, value]) => [column, taken.includes(column) ? '0.00' : value]),
      )
      for (const table of rollups)
        expect({ source, table, ...(await kept(db, table)) }).toEqual({ source, table, ...left })
    }
    // Every kept figure is some source's: none is left standing when its rows are emptied.
    expect([...emptied].sort()).toEqual([...columns].sort())
  })

  it('keeps a row no business day holds out of every path, fails none, and counts it as set aside', async () => {
    await forget(db)
    await db.execute(sql`select vod_rollup_rebuild()`)
    const { setAside } = await foldStatus(db)
    // The last microsecond PostgreSQL dates (no business day east of UTC holds it) and its first.
    const late = "timestamptz '294276-12-31 23:59:59.999999+00'"
    const early = "timestamptz '4714-11-24 00:00:00+00 BC'"
    await db.execute(
      sql.raw(`insert into visits (visitor, device, visited_at) values ('far-late', 'mobile', ${late}),
        ('far-early', 'desktop', ${early})`),
    )
    await db.execute(sql.raw(`insert into users (username, created_at) values ('far-member', ${late})`))
    // A paid order moved there (its old image comes out), and its event and subscription with it.
    await db.execute(sql.raw(`update orders set paid_at = ${late} where id = (select min(id) from orders)`))
    await db.execute(
      sql.raw(`update order_events set occurred_at = ${early} where id = (select min(id) from order_events)`),
    )
    await db.execute(
      sql.raw(`update subscriptions set started_at = ${early}, cancelled_at = ${late}
        where id = (select min(id) from subscriptions)`),
    )
    await fold(db)
    await expectKeptAsRows(db)
    expect((await foldStatus(db)).setAside).toBe(setAside + 7)
    await forget(db)
    await db.execute(sql`select vod_rollup_rebuild()`)
    await db.execute(sql`select vod_visitors_recount()`)
    await expectKeptAsRows(db)
    await forget(db)
    await db.execute(
      sql.raw(`select vod_figures_apply((select jsonb_agg(jsonb_build_object('table', 'visits', 'old', null,
        'new', to_jsonb(visit))) from visits visit where visitor like 'far-%'))`),
    )
    for (const table of rollups)
      expect({ table, ...(await kept(db, table)) }).toEqual({
        table,
        ...Object.fromEntries(columns.map((column) => [column, '0.00'])),
      })
    await db.execute(sql`delete from visits where visitor like 'far-%'`)
    await db.execute(sql`delete from users where username = 'far-member'`)
    await db.execute(sql`update orders set paid_at = created_at + interval '2 hours' where paid_at > now()`)
    await fold(db)
    await db.execute(sql`select vod_rollup_rebuild()`)
    await expectKeptAsRows(db)
  })
})
