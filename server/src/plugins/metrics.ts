import { timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import pg from 'pg'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { LoginThrottle } from '../auth/throttle/index.ts'
import type { Config } from '../config.ts'
import { type Db, queryRows } from '../db/client.ts'
import { ApiError } from '../lib/errors.ts'
import type { Slots } from '../lib/slots.ts'

/** What other parts of the app tell the metrics; the rest is read at each scrape. */
interface Metrics {
  registry: Registry
  /** A kind of slots (exports, bulk, analytics, search) whose use and 429s are reported. */
  watchSlots(kind: string, slots: Pick<Slots, 'state'>): void
  /** A pool of connections (primary, replica) whose size, idle and waiting connections are reported. */
  watchPool(name: string, db: Db): void
  /** Gauges read at each scrape (the figures' fold, the replica's switches): a name, help and a reading. */
  watch(name: string, help: string, read: () => Promise<number | null> | number | null): void
  /** `read` once a scrape, however many gauges of it ask (they are collected side by side). */
  perScrape<T>(read: () => Promise<T>): () => Promise<T>
  /** A counter of events by one label (the replica's switches). */
  counter(name: string, help: string, label: string): Counter
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
}

const METRICS_PATH = '/metrics'

/** Request durations' buckets: lists answer in milliseconds, three-year reports and exports in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

/**
 * The process's own metrics (event-loop delay, memory, CPU, heap, GC), collected once a process however many
 * apps it builds (the tests build hundreds): each collection starts monitors of its own.
 */
let processMetrics: Registry | undefined
function processRegistry(): Registry {
  if (processMetrics) return processMetrics
  processMetrics = new Registry()
  collectDefaultMetrics({ register: processMetrics, prefix: 'vod_' })
  // Gauges prom-client names as counters, which Prometheus' lint (promtool check metrics) refuses.
  for (const name of ['active_handles_total', 'active_requests_total', 'active_resources_total'])
    processMetrics.removeSingleMetric(`vod_nodejs_${name}`)
  return processMetrics
}

/** How a pool looks: pg's own counts; PGlite is one connection, busy or not. */
function poolCounts(db: Db): { total: number; idle: number; waiting: number } {
  const client = (db as { $client?: unknown }).$client
  if (client instanceof pg.Pool)
    return { total: client.totalCount, idle: client.idleCount, waiting: client.waitingCount }
  return { total: 1, idle: 1, waiting: 0 }
}

/** Constant-time comparison of the Authorization header with `Bearer METRICS_TOKEN`. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '')
  const wanted = Buffer.from(`Bearer ${token}`)
  return given.length === wanted.length && timingSafeEqual(given, wanted)
}

/**
 * Prometheus metrics (docs/operations.md "Metrics"), prom-client's text format, in a registry of this app's.
 * Served at GET /metrics on the main port only with METRICS_TOKEN (as a bearer token), and without one on
 * METRICS_PORT bound to 127.0.0.1; with neither, not served. Never behind a staff login, and no label names
 * a person or a record: routes are their templates, statuses their numbers.
 */
export const metricsPlugin = fp(
  async (
    app: FastifyInstance,
    { config, db, throttle }: { config: Config; db: Db; throttle: LoginThrottle },
  ) => {
    const registry = new Registry()
    const slotKinds: Record<string, Pick<Slots, 'state'>> = {}
    const pools: Record<string, Db> = {}

    const duration = new Histogram({
      name: 'vod_http_request_duration_seconds',
      help: 'Time from a request to its answer, by route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    })
    const started = new WeakMap<object, bigint>()
    app.addHook('onRequest', async (request) => {
      started.set(request, process.hrtime.bigint())
    })
    app.addHook('onResponse', async (request, reply) => {
      const start = started.get(request)
      if (start === undefined) return
      const route = request.routeOptions.url ?? 'unmatched'
      if (route === METRICS_PATH) return
      duration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        Number(process.hrtime.bigint() - start) / 1e9,
      )
    })

    new Gauge({
      name: 'vod_db_pool_connections',
      help: 'Connections of a pool: total open, idle, and requests waiting for one (PGlite: one connection)',
      labelNames: ['pool', 'state'],
      registers: [registry],
      collect() {
        this.reset()
        for (const [pool, poolDb] of Object.entries(pools)) {
          const counts = poolCounts(poolDb)
          this.set({ pool, state: 'total' }, counts.total)
          this.set({ pool, state: 'idle' }, counts.idle)
          this.set({ pool, state: 'waiting' }, counts.waiting)
        }
      },
    })
    new Gauge({
      name: 'vod_slots_in_use',
      help: 'Slots of a kind (export, bulk, analytics, search) running work now',
      labelNames: ['kind'],
      registers: [registry],
      collect() {
        for (const [kind, slots] of Object.entries(slotKinds)) this.set({ kind }, slots.state().running)
      },
    })
    new Gauge({
      name: 'vod_slots_waiting',
      help: 'Requests waiting in line for a slot of a kind',
      labelNames: ['kind'],
      registers: [registry],
      collect() {
        for (const [kind, slots] of Object.entries(slotKinds)) this.set({ kind }, slots.state().waiting)
      },
    })
    /** A counter whose count is kept elsewhere (a slot's refusals, the throttle's): brought up to it at a scrape. */
    const mirrored = (counter: Counter<string>, labels: Record<string, string>, now: number) => {
      const key = JSON.stringify(labels)
      const before = seen.get(counter)?.get(key) ?? 0
      if (now > before) counter.inc(labels, now - before)
      const byLabels = seen.get(counter) ?? new Map<string, number>()
      byLabels.set(key, Math.max(before, now))
      seen.set(counter, byLabels)
    }
    const seen = new Map<Counter<string>, Map<string, number>>()
    new Counter({
      name: 'vod_slots_refused_total',
      help: 'Requests refused with 429 because every slot of a kind and its line were taken',
      labelNames: ['kind'],
      registers: [registry],
      collect() {
        for (const [kind, slots] of Object.entries(slotKinds)) mirrored(this, { kind }, slots.state().refused)
      },
    })
    new Counter({
      name: 'vod_login_failures_total',
      help: 'Failed login attempts (a wrong password or authenticator code)',
      registers: [registry],
      collect() {
        mirrored(this, {}, throttle.counts.failures)
      },
    })
    new Counter({
      name: 'vod_login_throttled_total',
      help: 'Login attempts refused with 429 by the login throttle',
      registers: [registry],
      collect() {
        mirrored(this, {}, throttle.counts.throttled)
      },
    })

    let scrapes = 0
    const perScrape = <T>(read: () => Promise<T>): (() => Promise<T>) => {
      let at = -1
      let reading: Promise<T> | undefined
      return () => {
        if (at !== scrapes || !reading) {
          at = scrapes
          reading = read()
        }
        return reading
      }
    }
    const readOutbox = perScrape(() =>
      queryRows<{ kind: string; depth: number; age: number | null }>(
        db,
        sql`select 'member' as kind, count(*)::integer as depth,
            extract(epoch from clock_timestamp() - min(created_at))::float8 as age
          from member_mails where pending
          union all
          select 'report', count(*)::integer, extract(epoch from clock_timestamp() - min(created_at))::float8
          from report_deliveries where pending`,
      ).catch(() => []),
    )
    new Gauge({
      name: 'vod_mail_outbox_depth',
      help: 'Mails waiting to be sent (kind: member e-mails, reports)',
      labelNames: ['kind'],
      registers: [registry],
      async collect() {
        const rows = await readOutbox()
        this.reset()
        for (const row of rows) this.set({ kind: row.kind }, row.depth)
      },
    })
    new Gauge({
      name: 'vod_mail_outbox_oldest_age_seconds',
      help: 'How long the oldest mail waiting to be sent has waited (0 when none waits)',
      labelNames: ['kind'],
      registers: [registry],
      async collect() {
        const rows = await readOutbox()
        this.reset()
        for (const row of rows) this.set({ kind: row.kind }, row.age ?? 0)
      },
    })

    const metrics: Metrics = {
      registry,
      watchSlots(kind, slots) {
        slotKinds[kind] = slots
      },
      watchPool(name, poolDb) {
        pools[name] = poolDb
      },
      watch(name, help, read) {
        new Gauge({
          name,
          help,
          registers: [registry],
          async collect() {
            this.reset()
            const value = await Promise.resolve()
              .then(read)
              .catch(() => null)
            if (value !== null) this.set(value)
          },
        })
      },
      perScrape,
      counter: (name, help, label) => new Counter({ name, help, labelNames: [label], registers: [registry] }),
    }
    app.decorate('metrics', metrics)
    metrics.watchPool('primary', db)
    metrics.watchSlots('export', app.exportSlots)
    metrics.watchSlots('bulk', app.bulkSlots)
    metrics.watchSlots('search', app.searchSlots)

    const scrape = async () => {
      scrapes++
      const [own, node] = await Promise.all([registry.metrics(), processRegistry().metrics()])
      return { type: registry.contentType, text: `${own}\n${node}` }
    }
    if (config.metricsToken) {
      const token = config.metricsToken
      app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
        if (!bearerMatches(request.headers.authorization, token))
          throw new ApiError(401, 'auth.token_invalid', {}, undefined, { 'www-authenticate': 'Bearer' })
        const { type, text } = await scrape()
        return reply.type(type).send(text)
      })
    }
    if (config.metricsPort) {
      const port = config.metricsPort
      let server: Server | undefined
      app.addHook('onReady', async () => {
        server = createServer((request, response) => {
          if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
            response.writeHead(404).end()
            return
          }
          scrape().then(
            ({ type, text }) => response.writeHead(200, { 'content-type': type }).end(text),
            () => response.writeHead(500).end(),
          )
        })
        const listening = server
        await new Promise<void>((resolve, reject) => {
          listening.once('error', reject)
          listening.listen(port, '127.0.0.1', resolve)
        })
      })
      app.addHook('onClose', async () => {
        await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
      })
    }
  },
  { name: 'metrics', dependencies: ['exports', 'bulk-slots', 'search-slots'] },
)
