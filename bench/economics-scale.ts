/**
 * Subscription economics at a million members and subscriptions and ten million orders (issue 66, "Done
 * when"). The rows are loaded by SQL into a fresh database (dropped after): loadCommerce's members and orders,
 * then support/economics-load.ts's plans, subscriptions over two years (some ended, some plan changes) and
 * renewal orders. The real server runs on it as its own process, and works every member's economics out
 * (modules/economics/keeping.ts: how long that takes is printed) before anything is timed. For each call
 * (movements by month over 12 months, by day over 31 days and over a whole month, churn, cohorts and
 * conversion over 12 months, movements by month for one channel and for one plan), prints the API's p50 and p95 over BENCH_ROUNDS sequential requests, each a
 * distinct query (its end day one day earlier each round), so none is answered from the answers of the last
 * moments (recent-answers.ts, keyed by the query), beside pgbench running the SQL the server runs for the
 * first round's query (rendered from the server's own functions, the values bound as the server binds
 * them): its p50 and average; and the floors: pgbench of one bare pass over the call's subscriptions and
 * their plans, and, as every call is answered from what is kept, a bare Fastify route with pg serving a bare
 * SELECT of the kept rows of the call's scope and periods (support/bare-route.ts), asked as often. The goal is 50 ms. Then the freshness of a subscription change: a
 * subscription inserted, then one ended, by SQL as the member site writes them, and the seconds until GET
 * movements for the current month, asked again and again as a screen would, shows it. Asserts nothing.
 *
 *   npx tsx bench/economics-scale.ts [members] [orders]    BENCH_DATABASE_URL=postgres://...
 *   BENCH_ROUNDS=20 (API requests a call)  BENCH_PGBENCH_ROUNDS=10 (pgbench transactions a call)
 *   BENCH_KEEP=1 (keep the loaded database; drop it by hand)  BENCH_REUSE_URL=postgres://.../vod_test_... (time it again)
 *   BENCH_EXPLAIN=1 (EXPLAIN ANALYZE the slowest call's SQL)
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { addDays, monthOf, nextMonth } from '@vod/contract'
import { type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { type RunningServer, startServer } from '../e2e/support/server.ts'
import { type Db, queryRows } from '../server/src/db/client.ts'
import { keptIn } from '../server/src/modules/economics/kept-movements.ts'
import { movements } from '../server/src/modules/economics/movements.ts'
import type { Filters } from '../server/src/modules/economics/paying.ts'
import { churn, cohorts, conversion } from '../server/src/modules/economics/reports.ts'
import { login } from './support/api.ts'
import { type BareRoute, startBareRoute } from './support/bare-route.ts'
import { benchDatabase } from './support/bench-database.ts'
import { loadCommerce } from './support/commerce-load.ts'
import { loadEconomics } from './support/economics-load.ts'
import { pgbenchBinary } from './support/pgbench.ts'
import { quantile } from './support/quantile.ts'

const members = Number(process.argv[2] ?? 1_000_000)
const orderCount = Number(process.argv[3] ?? 10_000_000)
const rounds = Number(process.env.BENCH_ROUNDS ?? 20)
const pgbenchRounds = Number(process.env.BENCH_PGBENCH_ROUNDS ?? 10)
const GOAL_MS = 50
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
process.env.TEST_DATABASE_URL = adminUrl
const run = promisify(execFile)

const commit = (await run('git', ['rev-parse', '--short', 'HEAD'])).stdout.trim()
const machine = () =>
  `${availableParallelism()} cores, load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`
console.log(`economics-scale at ${new Date().toISOString()}, commit ${commit}, ${machine()}`)
console.log(`size: ${members} members, ${orderCount} orders`)

const database = await benchDatabase()
const url = database.url
const db = database.database.db
let server: RunningServer | undefined
let bare: BareRoute | undefined
try {
  if (!database.reused) {
    const started = performance.now()
    await loadCommerce(db, members, orderCount)
    await loadEconomics(db)
    console.log(`loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  }
  const [counts] = await queryRows<Record<string, number>>(
    db,
    sql`select (select count(*) from users)::integer as members, (select count(*) from subscriptions)::integer as subscriptions,
      (select count(*) from orders)::integer as orders`,
  )
  console.log(
    `rows: ${counts?.members} members, ${counts?.subscriptions} subscriptions, ${counts?.orders} orders`,
  )
  // What the load left written out before anything is timed.
  await db.execute(sql`checkpoint`)

  const [ids] = await queryRows<{ channel: number; plan: number }>(
    db,
    sql`select (select min(id) + 3 from channels) as channel, (select min(id) + 1 from plans) as plan`,
  )
  const channelId = ids?.channel as number
  const planId = ids?.plan as number

  server = await startServer({ DATABASE_URL: url, SEED_DEMO: '0', BUSINESS_TIME_ZONE: 'UTC' })
  const token = await login(server)
  const running = server
  // The server works every member out at its first start (modules/economics/keeping.ts); the calls are timed
  // once it has, so that those it keeps answer from what it keeps.
  const keeping = performance.now()
  while (!(await keptIn(db, 'UTC'))) await new Promise((resolve) => setTimeout(resolve, 1000))
  console.log(
    `economics kept: every member worked out ${((performance.now() - keeping) / 1000).toFixed(0)} s after the server answered`,
  )

  const today = new Date().toISOString().slice(0, 10)
  type By = 'day' | 'month'
  interface Call {
    label: string
    path: 'movements' | 'churn' | 'cohorts' | 'conversion'
    /** The period's days ending a day earlier each round; 'month': a whole month, a month earlier each round. */
    days: number | 'month'
    by?: By
    channel?: number
    plan?: number
  }
  const calls: Call[] = [
    { label: 'movements by month, 12 months', path: 'movements', days: 365, by: 'month' },
    { label: 'movements by day, 1 month', path: 'movements', days: 31, by: 'day' },
    { label: 'movements by day, a whole month', path: 'movements', days: 'month', by: 'day' },
    { label: 'churn, 12 months', path: 'churn', days: 365 },
    { label: 'cohorts, 12 months', path: 'cohorts', days: 365 },
    { label: 'conversion, 12 months', path: 'conversion', days: 365 },
    {
      label: 'movements by month, one channel',
      path: 'movements',
      days: 365,
      by: 'month',
      channel: channelId,
    },
    { label: 'movements by month, one plan', path: 'movements', days: 365, by: 'month', plan: planId },
  ]
  /** Round `round`'s query: the period ends `round` days before today, so each round's key is its own. */
  const queryOf = (call: Call, round: number) => {
    let start = monthOf(today)
    for (let back = 0; back <= round; back++) start = monthOf(addDays(start, -1))
    const end = call.days === 'month' ? addDays(nextMonth(start), -1) : addDays(today, -round)
    return {
      start_date: call.days === 'month' ? start : addDays(end, 1 - call.days),
      end_date: end,
      ...(call.by ? { by: call.by } : {}),
      ...(call.channel ? { channel_id: String(call.channel) } : {}),
      ...(call.plan ? { plan_id: String(call.plan) } : {}),
    }
  }
  const get = async (path: string, query: Record<string, string>) => {
    const started = performance.now()
    const res = await fetch(
      `${running.url}/api/analytics/subscriptions/${path}?${new URLSearchParams(query)}`,
      { headers: { authorization: `Bearer ${token}` } },
    )
    const body = (await res.json()) as { meta?: { time_zone?: string; totals?: Record<string, unknown> } }
    return { ms: performance.now() - started, status: res.status, body }
  }

  /** The statement a call's function sends for a query, from the server's own code (nothing run). */
  const dialect = new PgDialect()
  async function statementOf(call: Call, zone: string, query: ReturnType<typeof queryOf>) {
    let captured: SQL | undefined
    const capture = {
      execute: async (statement: SQL) => {
        // The first: churn then works its months' rows out in a statement of its own, a few rows.
        captured ??= statement
        return { rows: [] }
      },
    } as unknown as Db
    const filters: Filters = {
      scope: { channels: call.channel ? [call.channel] : null },
      planId: call.plan,
    }
    const { start_date: start, end_date: end } = query
    if (call.path === 'movements')
      await movements(capture, zone, { ...query, by: call.by as By }, filters, false)
    else if (call.path === 'churn') await churn(capture, zone, start, end, filters, false)
    else if (call.path === 'cohorts') await cohorts(capture, zone, start, end, filters, false)
    else await conversion(capture, zone, start, end, filters, false)
    if (!captured) throw new Error(`${call.label}: no statement`)
    return dialect.sqlToQuery(captured)
  }

  /** pgbench, one client, `pgbenchRounds` transactions of the statement: p50 and average (ms). */
  async function pgbenchLatency(statement: { sql: string; params: unknown[] }) {
    const dir = await mkdtemp(join(tmpdir(), 'vod-economics-'))
    try {
      const defines: string[] = []
      statement.params.forEach((value, i) => {
        defines.push('-D', `p${i + 1}=${value}`)
      })
      const text = statement.sql.replace(/\$(\d+)/g, (_, n) => `:p${n}`).replace(/\s+/g, ' ')
      const script = join(dir, 'script.sql')
      await writeFile(script, `${text};\n`)
      const { stdout } = await run(
        pgbenchBinary(),
        [
          '--no-vacuum',
          '--client=1',
          `--transactions=${pgbenchRounds}`,
          '--protocol=extended',
          `--file=${script}`,
          '--log',
          `--log-prefix=${join(dir, 'log')}`,
          ...defines,
          url,
        ],
        { maxBuffer: 16 * 1024 * 1024, cwd: dir },
      )
      const average = /latency average = ([\d.]+) ms/.exec(stdout)
      if (!average?.[1]) throw new Error(`pgbench printed no latency:\n${stdout}`)
      const logs = (await readdir(dir)).filter((name) => name.startsWith('log'))
      const times: number[] = []
      for (const name of logs)
        for (const line of (await readFile(join(dir, name), 'utf8')).split('\n'))
          if (line.trim()) times.push(Number(line.split(' ')[2]) / 1000)
      return { p50: quantile(times, 0.5), average: Number(average[1]) }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  /**
   * The floor: one bare pass over the rows every call reads, the call's subscriptions joined with their plans,
   * summed (what any computation from the raw rows pays before it computes anything).
   */
  const barePass = (call: Call) => ({
    sql: `select count(*), sum(coalesce(plan.initial_discount_price, plan.initial_original_price))
      from subscriptions subscription join plans plan on plan.id = subscription.plan_id
      where ${call.channel ? `subscription.channel_id = ${call.channel}` : 'true'}
        and ${call.plan ? `subscription.plan_id = ${call.plan}` : 'true'}`,
    params: [],
  })

  /**
   * The floor of a call answered from what is kept (every call): a bare Fastify route with pg
   * (support/bare-route.ts) serving a bare SELECT of the kept rows of its scope and periods, the first
   * round's, asked as many times as the API.
   */
  const keptPage = (call: Call) => {
    const { start_date: start, end_date: end } = queryOf(call, 0)
    const [kind, id] = call.channel
      ? ['channel', call.channel]
      : call.plan
        ? ['plan', call.plan]
        : ['all', -1]
    if (call.path === 'conversion')
      return `select * from economics_dues where scope_kind = '${kind}' and scope_id = ${id}
        and day between '${start}' and '${end}' order by day, plan_id`
    if (call.path === 'cohorts')
      return `select * from economics_cohorts where scope_kind = '${kind}' and scope_id = ${id}
        and cohort between '${monthOf(start)}' and '${end}' and period <= '${end}' order by cohort, period`
    return `select * from economics_periods where scope_kind = '${kind}' and scope_id = ${id}
      and grain = '${call.by ?? 'month'}' and period between '${start}' and '${end}' order by period`
  }
  const pages = calls.map(keptPage)
  const route = await startBareRoute(url, pages)
  bare = route
  const bareP50 = async (n: number) => {
    const times: number[] = []
    for (let round = 0; round < rounds; round++) {
      const started = performance.now()
      await (await fetch(route.url(n))).json()
      times.push(performance.now() - started)
    }
    return quantile(times, 0.5)
  }

  const rows: string[][] = []
  const failures: string[] = []
  let slowest: { label: string; ms: number; statement: { sql: string; params: unknown[] } } | undefined
  let zone = 'UTC'
  for (const [n, call] of calls.entries()) {
    const times: number[] = []
    for (let round = 0; round < rounds; round++) {
      const answer = await get(call.path, queryOf(call, round))
      if (answer.status !== 200) {
        failures.push(`${call.label}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`)
        continue
      }
      zone = answer.body.meta?.time_zone ?? zone
      times.push(answer.ms)
    }
    const statement = await statementOf(call, zone, queryOf(call, 0))
    const raw = await pgbenchLatency(statement)
    const floor = await pgbenchLatency(barePass(call))
    const keptFloor = (await bareP50(n)).toFixed(0)
    const p50 = quantile(times, 0.5)
    const p95 = quantile(times, 0.95)
    if (!slowest || raw.p50 > slowest.ms) slowest = { label: call.label, ms: raw.p50, statement }
    const row = [
      call.label,
      p50.toFixed(0),
      p95.toFixed(0),
      raw.p50.toFixed(0),
      raw.average.toFixed(0),
      floor.p50.toFixed(0),
      keptFloor,
      String(GOAL_MS),
      p50 < GOAL_MS ? 'met' : 'not met',
    ]
    rows.push(row)
    console.log(`${row.join('  ')}  (${times.length} of ${rounds} answered 200)`)
  }

  console.log(
    `\n${rounds} API requests a call (distinct queries), pgbench ${pgbenchRounds} transactions a call`,
  )
  console.log(
    '| call | API p50 ms | API p95 ms | raw SQL p50 ms | raw SQL average ms | bare pass p50 ms | bare route, kept rows p50 ms | goal ms | goal |',
  )
  console.log('| --- | --: | --: | --: | --: | --: | --: | --: | --- |')
  for (const row of rows) console.log(`| ${row.join(' | ')} |`)
  for (const failure of failures) console.log(`failed: ${failure}`)

  // Freshness: the current month's movements asked again and again (as a screen open on it would), a
  // subscription change written by SQL, the seconds until an answer shows it.
  const month = { start_date: monthOf(today), end_date: today, by: 'month' }
  const closing = async () => {
    const answer = await get('movements', month)
    if (answer.status !== 200) throw new Error(`movements: ${answer.status}`)
    return answer.body.meta?.totals?.closing_mrr as string
  }
  async function freshness(label: string, change: () => Promise<unknown>) {
    const before = await closing()
    // A few answers first, so that the answers of the last moments hold one, as for staff looking.
    for (let i = 0; i < 3; i++) await closing()
    await change()
    const written = performance.now()
    let asked = 0
    for (;;) {
      asked++
      const now = await closing()
      if (now !== before) {
        const seconds = (performance.now() - written) / 1000
        console.log(
          `freshness, ${label}: closing MRR ${before} to ${now} shown ${seconds.toFixed(2)} s after the commit (${asked} requests)`,
        )
        return seconds
      }
      if (performance.now() - written > 120_000) {
        console.log(`freshness, ${label}: not shown in 120 s`)
        return Number.NaN
      }
    }
  }
  const [member] = await queryRows<{ user_id: number; plan_id: number; channel_id: number }>(
    db,
    sql`select user_id, plan_id, channel_id from subscriptions where ended_at is null order by id limit 1`,
  )
  const inserted = await freshness('a subscription inserted', () =>
    db.execute(sql`insert into subscriptions (user_id, plan_id, channel_id, status, started_at)
      values (${member?.user_id}, ${member?.plan_id}, ${member?.channel_id}, 'active', now())`),
  )
  const ended = await freshness('a subscription ended', () =>
    db.execute(sql`update subscriptions set ended_at = now(), status = 'cancelled', updated_at = now()
      where id = (select max(id) from subscriptions)`),
  )
  console.log(
    `freshness: inserted ${inserted.toFixed(2)} s, ended ${ended.toFixed(2)} s (the server keeps an answer 1.2 s, ANALYTICS_RECENT_MS's default)`,
  )

  if (process.env.BENCH_EXPLAIN === '1' && slowest) {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      const plan = await client.query(
        `explain (analyze, buffers) ${slowest.statement.sql}`,
        slowest.statement.params,
      )
      console.log(`\nEXPLAIN ANALYZE, ${slowest.label}:`)
      for (const line of plan.rows) console.log(line['QUERY PLAN'])
    } finally {
      await client.end()
    }
  }
  console.log(`\nended at ${new Date().toISOString()}, ${machine()}`)
} finally {
  await server?.stop()
  await bare?.stop()
  await database.finish()
}
