/**
 * What keeping the figures costs the member site's writes, with the figures following PostgreSQL's change
 * stream (docs/analytics.md "How the figures are kept"), on a cluster of the bench's own with wal_level =
 * logical (server/test/support/logical-cluster.ts) and one real server following the stream throughout:
 *
 * 1. one-row inserts into visits and orders at 16 connections (pgbench), into the table and into a bare copy
 *    of it (the same columns, defaults, checks, indexes and foreign keys; in no publication, default replica
 *    identity),
 *    taking turns twice;
 * 2. corrections at READ COMMITTED, REPEATABLE READ and SERIALIZABLE, each client on rows of its own (a
 *    block of a thousand, so that SERIALIZABLE's page locks rarely meet another client's): an order's amount,
 *    then its member's channel, in one transaction, on the tables and on bare copies; tps, mean latency and
 *    failed transactions (pgbench --failures-detailed);
 * 3. freshness: under 16 writers of single visits at 1,000, 5,000 and 10,000 a second and unbounded, how long
 *    after its commit an order is in the figures (figure_stream's position past the commit), p50 and p99;
 * 4. a transaction of a million visits: how long after its commit the figures hold it, and the freshness of
 *    single orders committed meanwhile.
 * Floors, in the same run: the bare copies (1, 2); for 3 and 4, a bare consumer of the same stream on a slot
 * of its own (support/bare-consumer.ts: each commit acknowledged as it arrives, nothing applied), which is
 * what PostgreSQL's decoding costs whoever follows the stream. Asserts nothing.
 *
 *   npx tsx bench/ingest.ts      BENCH_SECONDS=5, BENCH_CASES=3,4 (the cases to run; all by default)
 */

import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { startServer } from '../e2e/support/server.ts'
import { HELD_AT } from '../server/test/support/figure-truth.ts'
import { startLogicalCluster } from '../server/test/support/logical-cluster.ts'
import { startBareConsumer } from './support/bare-consumer.ts'
import { pgbenchBinary, scriptTps } from './support/pgbench.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const cases = new Set((process.env.BENCH_CASES ?? '1,2,3,4').split(','))
/** The items of a case, none when it is not asked for. */
const ifCase = <T>(n: string, items: T[]) => (cases.has(n) ? items : [])
const CLIENTS = 16
/** Case 4's transaction: BENCH_BIG_ROWS visits (a million by default). */
const BIG_ROWS = Number(process.env.BENCH_BIG_ROWS ?? 1_000_000)
const run = promisify(execFile)

const cluster = await startLogicalCluster()
const url = await cluster.createDatabase('vod')
const server = await startServer({ DATABASE_URL: url, SEED_DEMO: '0' })
const raw = new pg.Pool({ connectionString: url, max: 4 })
const dir = await mkdtemp(join(tmpdir(), 'vod-ingest-'))
const one = async (text: string, values: unknown[] = []) => (await raw.query(text, values)).rows[0]
const started = new Date()
const load = loadavg()[0]?.toFixed(1)
let floorConsumer: Awaited<ReturnType<typeof startBareConsumer>> | undefined

/** A process's resident memory now (VmRSS) or at its peak so far (VmHWM), in kB, from /proc. */
async function residentKb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const pattern = field === 'VmRSS' ? /^VmRSS:\s+(\d+)/m : /^VmHWM:\s+(\d+)/m
  return Number(pattern.exec(status)?.[1] ?? 0)
}

try {
  const channel = (
    await one(`insert into channels (utm_source, type) values ('bench', 'social') returning id`)
  ).id
  const plan = (
    await one(
      `insert into plans (name, initial_period_count, initial_period_unit, initial_original_price) values ('B', 1, 'month', '9.99') returning id`,
    )
  ).id
  await raw.query(
    `insert into users (username, channel_id) select 'bench-' || g, $1 from generate_series(1, 16000) g`,
    [channel],
  )
  await raw.query(
    `insert into orders (order_no, user_id, plan_id, channel_id, amount, payment_method, paid_at, total_amount)
     select 'B' || id, id, $1, $2, 10, 'segpay', now(), 10 from users`,
    [plan, channel],
  )
  for (const table of ['visits', 'orders', 'users'])
    await raw.query(`create table bare_${table} (like ${table} including all)`)
  // Their foreign keys too, which LIKE leaves out: the bare copy checks what the table checks.
  const keys = await raw.query<{ statement: string }>(
    `select format('alter table %I add %s', 'bare_' || conrelid::regclass::text, pg_get_constraintdef(oid)) as statement
     from pg_constraint where contype = 'f' and conrelid = any ('{visits,orders,users}'::regclass[])`,
  )
  for (const { statement } of keys.rows) await raw.query(statement)
  await raw.query('insert into bare_users overriding system value select * from users')
  await raw.query('insert into bare_orders overriding system value select * from orders')
  for (const table of ['users', 'orders'])
    await raw.query(
      `select setval(pg_get_serial_sequence('bare_${table}', 'id'), (select max(id) from bare_${table}))`,
    )
  const [lo, hi] = [
    Number((await one('select min(id) as n from users')).n),
    Number((await one('select max(id) as n from users')).n),
  ]

  const script = async (name: string, text: string) => {
    const file = join(dir, `${name}.sql`)
    await writeFile(file, text)
    return file
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
  const fmt = (n: number) => Math.round(n).toLocaleString('en')

  console.log(
    `ingest bench, ${started.toISOString()}, load average ${load}, ${seconds} s a run, ${CLIENTS} clients\n`,
  )
  if (cases.has('1'))
    console.log(
      `1. one-row inserts a second (pgbench)\n  ${'table'.padEnd(8)}${'bare'.padStart(10)}${'kept'.padStart(10)}${'share'.padStart(8)}`,
    )
  const inserts: Record<string, (into: string) => string> = {
    visits: (into) =>
      `insert into ${into} (visitor, device, channel_id) values ('v' || random(), 'mobile', ${channel});\n`,
    orders: (into) =>
      `insert into ${into} (order_no, user_id, plan_id, channel_id, amount, payment_method, paid_at, total_amount) values (gen_random_uuid()::text, ${hi}, ${plan}, ${channel}, 19.99, 'segpay', now(), 19.99);\n`,
  }
  for (const [table, statement] of ifCase('1', Object.entries(inserts))) {
    const got = { bare: [] as number[], kept: [] as number[] }
    for (let round = 0; round < 2; round++)
      for (const way of ['bare', 'kept'] as const)
        got[way].push(
          await scriptTps(
            url,
            await script(`${table}-${way}`, statement(way === 'bare' ? `bare_${table}` : table)),
            {
              clients: CLIENTS,
              seconds,
            },
          ),
        )
    console.log(
      `  ${table.padEnd(8)}${fmt(mean(got.bare)).padStart(10)}${fmt(mean(got.kept)).padStart(10)}${(mean(got.kept) / mean(got.bare)).toFixed(2).padStart(8)}`,
    )
  }

  if (cases.has('2'))
    console.log(
      '\n2. corrections (an order, then its member), each client on rows of its own\n' +
        `  ${'isolation'.padEnd(17)}${'bare tps'.padStart(10)}${'kept tps'.padStart(10)}${'bare ms'.padStart(9)}${'kept ms'.padStart(9)}${'bare failed'.padStart(13)}${'kept failed'.padStart(13)}`,
    )
  // The member the inserts gave every new order to (hi) is left out: one client would otherwise update them all.
  const span = Math.floor((hi - lo) / CLIENTS)
  for (const level of ifCase('2', ['read committed', 'repeatable read', 'serializable'])) {
    const result: Record<string, { tps: number; ms: number; failed: number }> = {}
    for (const way of ['bare', 'kept'] as const) {
      const [orders, users] = way === 'bare' ? ['bare_orders', 'bare_users'] : ['orders', 'users']
      const file = await script(
        `correct-${way}`,
        `\\set id ${lo} + (:client_id * ${span}) + random(0, ${span - 1})
begin isolation level ${level};
update ${orders} set amount = amount + 0.01, total_amount = total_amount + 0.01 where user_id = :id;
update ${users} set channel_id = case when channel_id = ${channel} then null else ${channel} end where id = :id;
commit;
`,
      )
      const { stdout } = await run(
        pgbenchBinary(),
        [
          '--no-vacuum',
          `--client=${CLIENTS}`,
          '--jobs=2',
          `--time=${seconds}`,
          `--file=${file}`,
          '--failures-detailed',
          url,
        ],
        { maxBuffer: 16 * 1024 * 1024 },
      )
      result[way] = {
        tps: Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? 0),
        ms: Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1] ?? 0),
        failed: Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0),
      }
    }
    const { bare, kept } = result as Record<'bare' | 'kept', { tps: number; ms: number; failed: number }>
    console.log(
      `  ${level.padEnd(17)}${fmt(bare.tps).padStart(10)}${fmt(kept.tps).padStart(10)}${bare.ms.toFixed(2).padStart(9)}${kept.ms.toFixed(2).padStart(9)}${String(bare.failed).padStart(13)}${String(kept.failed).padStart(13)}`,
    )
  }

  /** Until the figures hold what was committed up to `lsn` (only that commit's position, when `own`). */
  const heldAt = async (lsn: string, every: number, own = false) => {
    while (!(await one(HELD_AT, [lsn, own])).done) await new Promise((resolve) => setTimeout(resolve, every))
  }
  // Where WAL is inserted, not where it is written: with synchronous_commit = off (the bench's cluster) a commit
  // just returned may not be written yet, and the written position could stand before it.
  const currentLsn = async () => (await one('select pg_current_wal_insert_lsn()::text as lsn')).lsn as string
  floorConsumer = await startBareConsumer(url, 'vod_figures')
  const { heldAt: delivered } = floorConsumer
  /** How long after its commit an order is in the figures, and at the bare consumer (ms). */
  const freshness = async () => {
    await raw.query(
      `insert into orders (order_no, user_id, plan_id, channel_id, amount, payment_method, paid_at, total_amount) values (gen_random_uuid()::text, $1, $2, $3, 1, 'segpay', now(), 1)`,
      [hi, plan, channel],
    )
    const lsn = await currentLsn()
    const committed = Date.now()
    const floor = delivered(lsn).then(() => Date.now() - committed)
    await heldAt(lsn, 5, true)
    return { kept: Date.now() - committed, floor: await floor }
  }
  const percentile = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0

  if (cases.has('3'))
    console.log(
      '\n3. freshness under 16 writers of single visits, at a rate each and unbounded\n' +
        `  ${'visits a second'.padEnd(22)}${'written'.padStart(9)}${'orders'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'floor p50'.padStart(11)}${'floor p99'.padStart(11)}`,
    )
  for (const rate of ifCase('3', [1000, 5000, 10000, 0])) {
    const writers = run(
      pgbenchBinary(),
      [
        '--no-vacuum',
        `--client=${CLIENTS}`,
        '--jobs=2',
        `--time=${seconds * 2}`,
        ...(rate ? [`--rate=${rate}`] : []),
        `--file=${await script('visits-kept', inserts.visits?.('visits') ?? '')}`,
        url,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    )
    const fresh: number[] = []
    const floors: number[] = []
    const until = Date.now() + seconds * 2000 - 500
    while (Date.now() < until) {
      const { kept, floor } = await freshness()
      fresh.push(kept)
      floors.push(floor)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const written = Number(/tps = ([\d.]+)/.exec((await writers).stdout)?.[1] ?? 0)
    // What the writers left unapplied is applied before the next rate is measured.
    await heldAt(await currentLsn(), 50)
    console.log(
      `  ${(rate ? fmt(rate) : 'unbounded').padEnd(22)}${fmt(written).padStart(9)}${String(fresh.length).padStart(8)}${fmt(percentile(fresh, 0.5)).padStart(9)}${fmt(percentile(fresh, 0.99)).padStart(9)}${fmt(percentile(floors, 0.5)).padStart(11)}${fmt(percentile(floors, 0.99)).padStart(11)}`,
    )
  }

  if (cases.has('4')) {
    console.log(`\n4. a transaction of ${fmt(BIG_ROWS)} visits`)
    const rssBefore = await residentKb(server.pid, 'VmRSS')
    const big = await raw.connect()
    const meanwhile: { kept: number; floor: number }[] = []
    try {
      const begun = Date.now()
      await big.query('begin')
      await big.query(
        `insert into visits (visitor, device, channel_id) select 'big-' || (g % 100000), 'desktop', $1 from generate_series(1, $2::integer) g`,
        [channel, BIG_ROWS],
      )
      await big.query('commit')
      const lsn = await currentLsn()
      const committed = Date.now()
      const bigDelivered = delivered(lsn).then(() => Date.now() - committed)
      const ordersMeanwhile = (async () => {
        for (let n = 0; n < 5; n++) meanwhile.push(await freshness())
      })()
      await heldAt(lsn, 50, true)
      const read = Date.now() - committed
      await heldAt(lsn, 50)
      const caught = Date.now() - committed
      await ordersMeanwhile
      console.log(
        `  written in ${fmt(committed - begun)} ms; read whole ${fmt(read)} ms after its commit (bare consumer: ${fmt(await bigDelivered)} ms), in the figures after ${fmt(caught)} ms`,
      )
      console.log(
        `  single orders committed just after it, in the figures after: ${meanwhile.map((m) => fmt(m.kept)).join(', ')} ms (bare consumer: ${meanwhile.map((m) => fmt(m.floor)).join(', ')} ms)`,
      )
      const peak = await residentKb(server.pid, 'VmHWM')
      console.log(
        `  the server's memory: ${fmt(rssBefore / 1024)} MB resident before, ${fmt(peak / 1024)} MB at its peak (+${fmt((peak - rssBefore) / 1024)} MB)`,
      )
    } finally {
      big.release()
    }
  }
} finally {
  await floorConsumer?.stop()
  await raw.end()
  await server.stop()
  await cluster.stop()
  await rm(dir, { recursive: true, force: true })
}
