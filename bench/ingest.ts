/**
 * What keeping the figures costs the member site's writes (issue 35, items 1 and 2). For visits, orders,
 * members, subscriptions and order events, one-row inserts at 16 connections and 1,000-row inserts, each
 * with pgbench for BENCH_SECONDS, in three ways taking turns twice: a bare copy of the table (the same columns,
 * defaults, checks, indexes and foreign keys, nothing of ours on it), the table with the figures kept as now
 * (triggers queue the changes, or, for visits and order events, nothing: the fold reads their new rows), and the
 * figures kept as before migration 0027 (a trigger added them to the rollups in the writer's transaction),
 * printed side by side with the share of the bare rate, and how long after the "kept" way's writes ended the
 * server had folded them in (the next way starts then). The server folds throughout, as it would. Then,
 * under the one-row load of visits, how long a committed order takes to show in the figures (the server
 * folding in the background), p50 and p99. Asserts nothing.
 *
 *   npx tsx bench/ingest.ts      BENCH_DATABASE_URL=postgres://...  BENCH_SECONDS=5  BENCH_TABLES=visits,orders
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { startServer } from '../e2e/support/server.ts'
import { createTestDatabase } from '../server/test/support/databases.ts'
import { scriptTps } from './support/pgbench.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const CLIENTS = 16
process.env.TEST_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const tables = (process.env.BENCH_TABLES ?? 'visits,orders,users,subscriptions,order_events').split(',')

const database = await createTestDatabase('postgres')
const url = database.url as string
const raw = new pg.Pool({ connectionString: url, max: 2 })
const dir = await mkdtemp(join(tmpdir(), 'vod-ingest-'))

/**
 * The same statement into `into` (the table or its bare copy) one row at a time and 1,000 rows at a time;
 * `:n` is a random number per statement.
 */
const statements: Record<string, (rows: number, into: string) => string> = {
  visits: (rows, into) =>
    rows === 1
      ? `insert into ${into} (visitor, device, channel_id, campaign_id) values ('v' || :n, 'mobile', :channel, :campaign)`
      : `insert into ${into} (visitor, device, channel_id, campaign_id) select 'v' || (random() * 200000)::int, 'mobile', :channel, :campaign from generate_series(1, ${rows})`,
  orders: (rows, into) =>
    `insert into ${into} (order_no, user_id, plan_id, channel_id, campaign_id, amount, payment_method, paid_at, total_amount)
     select gen_random_uuid()::text, :user, :plan, :channel, :campaign, 19.99, 'segpay', now(), 19.99 from generate_series(1, ${rows})`,
  users: (rows, into) =>
    `insert into ${into} (username, channel_id, campaign_id) select gen_random_uuid()::text, :channel, :campaign from generate_series(1, ${rows})`,
  subscriptions: (rows, into) =>
    `insert into ${into} (user_id, plan_id, channel_id, campaign_id, started_at, status)
     select :user, :plan, :channel, :campaign, now(), 'active' from generate_series(1, ${rows})`,
  order_events: (rows, into) =>
    `insert into ${into} (order_id, kind, amount) select :order + (g % 1000), 'refund', 0.01 from generate_series(1, ${rows}) g`,
}

/**
 * Before 0027 the triggers merged into the rollups at once: their insert branches, as 0019 and 0023 wrote
 * them (the bench only inserts), a trigger of the bench's own while the "before" way runs, ours off.
 */
const mergedAtOnce: Record<string, string> = {
  visits: `DECLARE zone text := vod_business_zone();
BEGIN
  PERFORM vod_rollup_merge(ARRAY(
    SELECT ROW(n.visited_at, n.channel_id, n.campaign_id, NULL, n.device, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)::vod_rollup_delta
    FROM new_rows n));
  WITH seen AS (
    SELECT DISTINCT (n.visited_at AT TIME ZONE zone)::date AS day, l.c, l.m, n.visitor FROM new_rows n
    CROSS JOIN LATERAL (VALUES (-1, -1), (coalesce(n.channel_id, 0), -1),
      (coalesce(n.channel_id, 0), coalesce(n.campaign_id, 0))) AS l(c, m)),
  added AS (
    INSERT INTO visitor_days (day, channel_id, campaign_id, visitor) SELECT day, c, m, visitor FROM seen
    ORDER BY c, m, day, visitor ON CONFLICT DO NOTHING RETURNING channel_id, campaign_id, day),
  days AS (
    INSERT INTO visitor_day_counts AS v (channel_id, campaign_id, day, visitors)
    SELECT channel_id, campaign_id, day, count(*) FROM added GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (channel_id, campaign_id, day) DO UPDATE SET visitors = v.visitors + excluded.visitors)
  INSERT INTO visitor_month_counts AS v (channel_id, campaign_id, month, visitors)
  SELECT channel_id, campaign_id, date_trunc('month', day)::date, count(*) FROM added GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (channel_id, campaign_id, month) DO UPDATE SET visitors = v.visitors + excluded.visitors;
  RETURN NULL;
END`,
  orders:
    'BEGIN PERFORM vod_rollup_merge(ARRAY(SELECT vod_order_delta(n, 1) FROM new_rows n)); RETURN NULL; END',
  order_events: `BEGIN PERFORM vod_rollup_merge(ARRAY(SELECT vod_event_delta(e, o, 1) FROM new_rows e JOIN orders o ON o.id = e.order_id));
  RETURN NULL; END`,
  users:
    'BEGIN PERFORM vod_rollup_merge(ARRAY(SELECT vod_user_delta(n, 1) FROM new_rows n)); RETURN NULL; END',
  subscriptions:
    'BEGIN PERFORM vod_rollup_merge(ARRAY(SELECT d FROM new_rows n, vod_subscription_deltas(n, 1) d)); RETURN NULL; END',
}

type Way = 'bare' | 'kept' | 'before'

/** A copy of the table with its columns, defaults, identity, checks, indexes and foreign keys, nothing else. */
async function bareCopy(table: string): Promise<string> {
  const copy = `bare_${table}`
  await raw.query(`create table ${copy} (like ${table} including all)`)
  const { rows } = await raw.query(
    `select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = '${table}'::regclass and contype = 'f'`,
  )
  for (const { def } of rows) await raw.query(`alter table ${copy} add ${def}`)
  return copy
}

/** The "before" way: the table's triggers of ours off, the bench's merging one on; otherwise as it is. */
async function setWay(table: string, way: Way) {
  await raw.query(`drop trigger if exists bench_before_0027 on ${table}`)
  await raw.query(`alter table ${table} enable trigger user`)
  if (way !== 'before') return
  await raw.query(`alter table ${table} disable trigger user`)
  await raw.query(
    `CREATE OR REPLACE FUNCTION bench_before_0027_${table}() RETURNS trigger LANGUAGE plpgsql AS $f$ ${mergedAtOnce[table]} $f$`,
  )
  await raw.query(`CREATE TRIGGER bench_before_0027 AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION bench_before_0027_${table}()`)
}

/** Waits until the server has folded every change written; answers how long that took. */
async function folded(): Promise<number> {
  const started = performance.now()
  for (;;) {
    const { rows } = await raw.query('select vod_figures_unfolded() as n')
    if (Number(rows[0].n) === 0) return performance.now() - started
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Rows a second of one statement shape into `into` at 16 connections. */
async function rate(
  table: string,
  rows: number,
  values: Record<string, number>,
  into = table,
): Promise<number> {
  const script = join(dir, `${table}-${rows}-${into}.sql`)
  await writeFile(
    script,
    `\\set n random(1, 200000)\n${statements[table]?.(rows, into).replace(/\s+/g, ' ')};\n`,
  )
  const defines = Object.entries(values).flatMap(([name, value]) => ['-D', `${name}=${value}`])
  return (await scriptTps(url, script, { clients: CLIENTS, seconds }, defines)) * rows
}

try {
  // The visitor lists the visits' trigger kept before 0030 (the "before 0027" way writes them).
  await raw.query(`create table visitor_days (day date not null, channel_id integer not null,
    campaign_id integer not null, visitor text not null, primary key (channel_id, campaign_id, day, visitor))`)
  const one = async (text: string) => Number((await raw.query(text)).rows[0].id)
  const channel = await one(
    `insert into channels (utm_source, type) values ('bench', 'affiliate') returning id`,
  )
  const campaign = await one(
    `insert into campaigns (channel_id, name) values (${channel}, 'bench') returning id`,
  )
  const plan = await one(
    `insert into plans (name, initial_period_count, initial_period_unit, initial_original_price) values ('bench', 1, 'month', '9.99') returning id`,
  )
  const user = await one(`insert into users (username) values ('bench-member') returning id`)
  await raw.query(
    `insert into orders (order_no, user_id, plan_id, amount, payment_method, paid_at, total_amount)
     select 'seed-' || g, ${user}, ${plan}, 1000000, 'segpay', now(), 1000000 from generate_series(1, 1000) g`,
  )
  const order = await one(`select min(id) as id from orders`)
  const values = { channel, campaign, plan, user, order }
  // The real server folds the queue meanwhile, as it would under the member site's writes.
  const server = await startServer({ DATABASE_URL: url, SEED_DEMO: '0', DEMO_TRAFFIC_SECONDS: '0' })

  console.log(
    `insert rates at ${CLIENTS} connections, rows a second (${seconds} s each, the ways taking turns twice):`,
  )
  console.log(
    `  ${'table'.padEnd(14)}${'rows'.padStart(6)}${'bare'.padStart(10)}${'kept'.padStart(10)}${'share'.padStart(7)}${'before 0027'.padStart(13)}${'share'.padStart(7)}${'folded after'.padStart(14)}`,
  )
  for (const table of tables) {
    const copy = await bareCopy(table)
    for (const rows of [1, 1000]) {
      const got: Record<Way, number[]> = { bare: [], kept: [], before: [] }
      const catchUp: number[] = []
      for (let turn = 0; turn < 2; turn++)
        for (const way of ['bare', 'kept', 'before'] as const) {
          await setWay(table, way)
          got[way].push(await rate(table, rows, values, way === 'bare' ? copy : table))
          // The fold's backlog is this way's cost: the next way starts once it is folded.
          if (way === 'kept') catchUp.push(await folded())
        }
      await setWay(table, 'kept')
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
      const [bare, kept, before] = [mean(got.bare), mean(got.kept), mean(got.before)]
      console.log(
        `  ${table.padEnd(14)}${String(rows).padStart(6)}${Math.round(bare).toLocaleString('en').padStart(10)}${Math.round(kept).toLocaleString('en').padStart(10)}${(kept / bare).toFixed(2).padStart(7)}${Math.round(before).toLocaleString('en').padStart(13)}${(before / bare).toFixed(2).padStart(7)}${`${Math.round(Math.max(...catchUp)).toLocaleString('en')} ms`.padStart(14)}`,
      )
    }
  }

  // Freshness, once the runs' queue is folded: a marker order committed now shows in the figures after how long?
  try {
    await folded()
    const probe = await one(`insert into channels (utm_source, type) values ('probe', 'other') returning id`)
    const load = rate('visits', 1, values)
    const lags: number[] = []
    for (let n = 1; n <= Math.max(20, seconds * 8); n++) {
      await raw.query(
        `insert into orders (order_no, user_id, plan_id, channel_id, amount, payment_method, paid_at, total_amount)
         values (gen_random_uuid()::text, ${user}, ${plan}, ${probe}, 1, 'segpay', now(), 1)`,
      )
      const committed = performance.now()
      for (;;) {
        const { rows } = await raw.query(
          `select coalesce(sum(orders), 0)::int as n from rollup_days where channel_id = ${probe} and campaign_id = -1 and plan_id = -1 and device = '*'`,
        )
        if (rows[0].n >= n) break
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      lags.push(performance.now() - committed)
    }
    await load
    lags.sort((a, b) => a - b)
    const at = (q: number) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))]?.toFixed(0)
    console.log(
      `\nfreshness under one-row visits at ${CLIENTS} connections: an order shows in the figures after ${at(0.5)} ms p50, ${at(0.99)} ms p99 (${lags.length} orders; goal 2,000 ms p99)`,
    )
  } finally {
    await server.stop()
  }
} finally {
  await raw.end()
  await rm(dir, { recursive: true, force: true })
  await database.drop()
}
