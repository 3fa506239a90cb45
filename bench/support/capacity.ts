import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { startServer } from '../../e2e/support/server.ts'
import type { Db } from '../../server/src/db/client.ts'
import { analyticsCalls } from './analytics-calls.ts'
import { buildFigures, type DiskSizes, diskSizes, loadVisits, timed } from './analytics-load.ts'
import { login } from './api.ts'
import { httpLoad } from './http-load.ts'

/**
 * The capacity run of analytics-scale.ts (issue 57, item 6; docs/operations.md "Capacity"): for one count of
 * visits beside the same orders and members, the visits loaded afresh, the figures rebuilt and recounted, the
 * disk each kind of table takes, and each call run (a server keeping no recent answers, ANALYTICS_RECENT_MS=0,
 * so every request costs what the call costs) at 1 and at 16 connections over 1, 30 and 365 days, all
 * channels, in UTC; beside the raw count of distinct visitors over the raw visits, which grows with them.
 */
export interface SizeFigures {
  orders: number
  members: number
  visits: number
  /** `uptime`'s load averages when the size's calls began: two cores shared with other work. */
  load: string
  seconds: { load: number; rebuild: number; recount: number; zoneDays: number }
  disk: DiskSizes
  /** The server's peak resident memory over the size's calls (VmHWM), MB. */
  serverPeakMb: number
  calls: { call: string; days: number | null; one: Latency; sixteen: Latency }[]
  /** count(distinct visitor) over the raw visits of the period, ms, by days. */
  rawVisitorsMs: Record<number, number>
}

interface Latency {
  p50: number
  p99: number
  failed: number
}

const seconds = Number(process.env.BENCH_SECONDS ?? 3)
const periods = (process.env.BENCH_DAYS ?? '1,30,365').split(',').map(Number)
const CALLS = [
  ...analyticsCalls(process.env.BENCH_ALL === '1'),
  // A split of visitors per campaign: each key's sketches ORed, the slowest call run afresh (docs/speed.md).
  { path: '/api/analytics/campaign/statistic', kind: 'channels', period: true },
]

export async function capacityRun(
  db: Db,
  url: string,
  size: { orders: number; members: number; visits: number },
): Promise<SizeFigures> {
  console.log(`\n== ${size.visits} visits (${size.orders} orders, ${size.members} members) ==`)
  const load = await loadVisits(db, size.visits)
  const { rebuild, recount } = await buildFigures(db)
  await db.execute(sql`insert into app_settings (key, value) values ('business_time_zone', 'UTC')
    on conflict (key) do update set value = excluded.value`)
  const zoneDays = await timed('business days built in UTC (vod_zone_days_rebuild)', () =>
    db.execute(sql`select vod_zone_days_rebuild('UTC')`),
  )
  const disk = await diskSizes(db)
  const server = await startServer({
    DATABASE_URL: url,
    SEED_DEMO: '0',
    BUSINESS_TIME_ZONE: 'UTC',
    VISIT_RETENTION_DAYS: '36500',
    ANALYTICS_RECENT_MS: '0',
  })
  const figures: SizeFigures = {
    ...size,
    load: uptimeLoad(),
    seconds: { load, rebuild, recount, zoneDays },
    disk,
    serverPeakMb: 0,
    calls: [],
    rawVisitorsMs: {},
  }
  try {
    const token = await login(server)
    const drive = async (path: string, connections: number): Promise<Latency> => {
      const run = (duration: number) =>
        httpLoad({
          url: `${server.url}${path}`,
          headers: { authorization: `Bearer ${token}` },
          connections,
          seconds: duration,
        })
      await run(1)
      const { p50, p99, failed } = await run(seconds)
      return { p50, p99, failed }
    }
    const today = new Date().toISOString().slice(0, 10)
    const back = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)
    for (const days of periods)
      for (const call of CALLS) {
        if (!call.period && days !== periods[0]) continue
        const path = `${call.path}${call.period ? `?start_date=${back(days - 1)}&end_date=${today}` : ''}`
        const one = await drive(path, 1)
        const sixteen = await drive(path, 16)
        const row = { call: call.path.replace('/api/', ''), days: call.period ? days : null, one, sixteen }
        figures.calls.push(row)
        console.log(
          `${row.call.padEnd(50)}${String(row.days ?? '-').padStart(5)}  1: ${one.p50.toFixed(1)} / ${one.p99.toFixed(1)}  16: ${sixteen.p50.toFixed(1)} / ${sixteen.p99.toFixed(1)} ms${one.failed + sixteen.failed ? `  ${one.failed + sixteen.failed} failed` : ''}`,
        )
      }
    figures.serverPeakMb = peakMb(server.pid)
  } finally {
    await server.stop()
  }
  const raw = new pg.Client({ connectionString: url })
  await raw.connect()
  try {
    for (const days of periods) {
      const started = performance.now()
      await raw.query(
        `select count(distinct visitor) from visits where visited_at >= now() - make_interval(days => $1)`,
        [days],
      )
      figures.rawVisitorsMs[days] = performance.now() - started
    }
  } finally {
    await raw.end()
  }
  return figures
}

/** `uptime`'s load averages (1, 5, 15 minutes). */
function uptimeLoad(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')
}

function peakMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Math.round(Number(match[1]) / 1024) : Number.NaN
}

/** Milliseconds, or `-` where wrk saw no answer within the case (each took longer). */
const ms = (value: number) => (value > 0 ? value.toFixed(0) : '-')
const mb = (bytes: number) => `${Math.round(bytes / 1048576).toLocaleString('en')} MB`

/** Every size measured so far, side by side: the upkeep, the disk, then each call's p50 / p99 at 1 and 16. */
export function printCapacity(sizes: SizeFigures[]) {
  const head = (label: string) => label.padEnd(46)
  const cells = (values: string[]) => values.map((v) => v.padStart(24)).join('')
  const line = (label: string, values: string[]) => console.log(`${head(label)}${cells(values)}`)
  console.log(`\ncapacity, ${sizes[0]?.orders} orders, ${sizes[0]?.members} members, ${seconds} s a case`)
  line(
    'visits',
    sizes.map((s) => s.visits.toLocaleString('en')),
  )
  line(
    'uptime load (1, 5, 15 min)',
    sizes.map((s) => s.load),
  )
  line(
    'visits load s',
    sizes.map((s) => s.seconds.load.toFixed(0)),
  )
  line(
    'rollup rebuild s',
    sizes.map((s) => s.seconds.rebuild.toFixed(0)),
  )
  line(
    'visitors recount s',
    sizes.map((s) => s.seconds.recount.toFixed(0)),
  )
  line(
    'business days (UTC) s',
    sizes.map((s) => s.seconds.zoneDays.toFixed(0)),
  )
  for (const key of ['visits', 'commerce', 'rollups', 'visitors', 'database'] as const)
    line(
      `disk: ${key}`,
      sizes.map((s) => mb(s.disk[key])),
    )
  line(
    'server peak resident',
    sizes.map((s) => `${s.serverPeakMb} MB`),
  )
  for (const days of periods)
    line(
      `raw count(distinct visitor) ${days} d ms`,
      sizes.map((s) => (s.rawVisitorsMs[days] ?? Number.NaN).toFixed(0)),
    )
  console.log(`${head('call, days: p50 / p99 ms at 1 | at 16')}`)
  for (const [i, call] of (sizes[0]?.calls ?? []).entries())
    line(
      `${call.call} ${call.days ?? '-'}`,
      sizes.map((s) => {
        const c = s.calls[i]
        return c ? `${ms(c.one.p50)}/${ms(c.one.p99)} | ${ms(c.sixteen.p50)}/${ms(c.sixteen.p99)}` : '-'
      }),
    )
}
