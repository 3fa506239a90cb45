import { createHash } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { SQL } from 'drizzle-orm'
import type { MigrationConfig } from 'drizzle-orm/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { Lru } from '../lru.ts'
import { lockPgliteDir } from './pglite-lock.ts'
import * as schema from './schema/index.ts'

/** The one database type the code sees, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  engine: 'pglite' | 'postgres'
  /** Runs `work` while holding a lock shared by every process on this database (PostgreSQL advisory lock). */
  exclusive<T>(work: () => Promise<T>): Promise<T>
  /** Applies drizzle-kit migrations with the engine's own migrator; see migrate.ts. */
  applyMigrations(config: MigrationConfig): Promise<void>
  /** Notifications on a channel, from every process on this database (on PGlite, the one process it has). */
  listen: Listen
  /** PGlite only: the whole data directory, for `pgliteTemplate` (the tests' migrated template). */
  dump?: () => Promise<Blob>
  close(): Promise<void>
}

/**
 * Subscribes `onChange` to NOTIFY on `channel`. It is also called whenever the subscription drops or comes
 * back, since notifications may have been missed in between: "forget what you know" in both cases. A
 * notification's payload comes with it; a change of the subscription's state has none.
 */
export type Listen = (channel: string, onChange: (payload?: string) => void) => Subscription | null

interface Subscription {
  /** True only while notifications are known to arrive: listening, and no round trip on it failed or was late. */
  live(): boolean
  /**
   * Resolves once every notification of a transaction committed before the call has been handled (true),
   * or false when that cannot be known (the connection is not live, failed or answered late).
   */
  sync(): Promise<boolean>
  close(): Promise<void>
}

/** The requests' pool where none is given (tests, tools); the server gives DATABASE_POOL_SIZE (config.ts). */
const POOL_SIZE = 10

export interface DatabaseOptions {
  /** postgres:// URL; absent means embedded PGlite. */
  url: string | null
  /** Connections of the requests' pool on PostgreSQL. */
  poolSize?: number
  /** Where PGlite keeps its files; null keeps it in memory (tests). */
  pgliteDir: string | null
  /** A PGlite data directory to start from (`dumpDataDir()`), instead of an empty cluster (tests). */
  pgliteTemplate?: Blob
  onPoolError?: (error: Error) => void
  /** Statements slower than this are told to `slow.log` (SLOW_QUERY_MS). */
  slow?: SlowStatements
}

/** What is told of a slow statement: its name and time, never its text's values or its parameters. */
export interface SlowStatement {
  /** The verb, the first table it names and a hash of its text: `select tags #1f3a9c2e`. */
  name: string
  ms: number
}

export interface SlowStatements {
  ms: number
  log: (statement: SlowStatement) => void
}

/**
 * A statement's name for the log: what it does and to which table, and a hash of its text that tells one
 * statement from another (the same text has the same hash in every process), with nothing of its values.
 */
export function statementName(text: string): string {
  const verb = /^\s*(?:with\b[\s\S]*?\)\s*)?(\w+)/i.exec(text)?.[1]?.toLowerCase() ?? 'statement'
  const table = /\b(?:from|into|update|join)\s+"?([a-z_][\w]*)"?/i.exec(text)?.[1] ?? '-'
  return `${verb} ${table} #${createHash('sha256').update(text).digest('hex').slice(0, 8)}`
}

/** A stopwatch for one statement: called once it ends, it tells `slow` when it took longer than its bound. */
function stopwatch(slow: SlowStatements, text: string): () => void {
  const started = performance.now()
  return () => {
    const ms = performance.now() - started
    if (ms >= slow.ms) slow.log({ name: statementName(text), ms: Math.round(ms) })
  }
}

/** Times a statement run by `run(args)`, whether it answers by a promise or a callback (pg-pool's query). */
function timed(
  slow: SlowStatements | undefined,
  text: unknown,
  args: unknown[],
  run: (args: unknown[]) => unknown,
) {
  if (!slow || typeof text !== 'string') return run(args)
  const done = stopwatch(slow, text)
  const last = args.at(-1)
  if (typeof last === 'function')
    return run([
      ...args.slice(0, -1),
      (...answer: unknown[]) => {
        done()
        return last(...answer)
      },
    ])
  const result = run(args)
  if (result instanceof Promise) result.then(done, done)
  return result
}

// Any fixed number works; it only has to be the same in every process of this application.
const STARTUP_LOCK = 7_210_514_001

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url)
    return openPostgres(options.url, options.poolSize ?? POOL_SIZE, options.onPoolError, options.slow)
  return openPglite(options.pgliteDir, options.pgliteTemplate, options.slow)
}

async function openPglite(dir: string | null, template?: Blob, slow?: SlowStatements): Promise<Database> {
  if (dir) await mkdir(path.dirname(dir), { recursive: true })
  const unlock = dir ? lockPgliteDir(dir) : () => {}
  let client: PGlite
  try {
    client = await PGlite.create({
      ...(dir ? { dataDir: dir } : {}),
      ...(template ? { loadDataDir: template } : {}),
      extensions: { pg_trgm },
    })
  } catch (error) {
    unlock()
    throw error
  }
  if (slow) {
    const query = client.query.bind(client)
    client.query = ((text: string, ...rest: unknown[]) =>
      timed(slow, text, rest, (args) =>
        (query as (...all: unknown[]) => unknown)(text, ...args),
      )) as typeof client.query
  }
  const db = drizzlePglite(client, { schema })
  return {
    db,
    engine: 'pglite',
    // PGlite lives in this one process, so there is nobody to race with.
    exclusive: (work) => work(),
    applyMigrations: (config) => migratePglite(db, config),
    listen: pgliteListen(client),
    dump: () => client.dumpDataDir('none'),
    async close() {
      await client.close()
      unlock()
    },
  }
}

/**
 * PGlite's notifications: they arrive with the answer to the statement that committed them, and PGlite calls
 * the listener before whoever committed goes on, so by the time anyone asks, everything committed before has
 * been heard: `sync` has nothing to wait for. What it saves: the session lookup a request would otherwise
 * query, the longest statement of a read on PGlite (docs/speed.md "Where the CPU goes").
 */
function pgliteListen(client: PGlite): Listen {
  return (channel, onChange) => {
    let live = false
    let closed = false
    const listening = client
      .listen(channel, (payload) => onChange(payload))
      .then(
        (unlisten) => {
          if (closed) return unlisten
          live = true
          onChange()
          return unlisten
        },
        () => null,
      )
    return {
      live: () => live,
      sync: async () => live,
      async close() {
        closed = true
        live = false
        // Once the database has closed there is nothing left to stop listening to.
        await (await listening)?.().catch(() => {})
      },
    }
  }
}

// Query texts a connection keeps prepared; past this the least recently used one is deallocated.
const MAX_PREPARED = 500

/**
 * A connection whose reads run as named prepared statements: PostgreSQL parses and rewrites each query
 * text once per connection instead of on every request (a list request is one short SELECT, so this is a
 * large part of its cost). Values stay bound parameters. Each connection keeps its most recently used
 * texts, so a process that meets new shapes all day keeps preparing them and holds a bounded number.
 */
export class PreparingClient extends pg.Client {
  /** Text -> statement name. */
  readonly #names = new Lru<string, string>(MAX_PREPARED)
  #next = 0

  readonly #slow: SlowStatements | undefined

  constructor(config: pg.ClientConfig & { slow?: SlowStatements } = {}) {
    super(config)
    this.#slow = config.slow
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this only adds a name.
  override query(config: any, ...rest: any[]): any {
    const text = typeof config === 'string' ? config : config?.text
    let named = config
    if (typeof config === 'object' && config !== null && !config.name && typeof config.text === 'string') {
      const name = this.#nameOf(config.text)
      if (name) named = { ...config, name }
    }
    // biome-ignore lint/suspicious/noExplicitAny: the same overloads, passed through.
    return timed(this.#slow, text, rest, (args) => super.query(named, ...(args as [any])))
  }

  /** The texts this connection holds prepared, least recently used first. */
  get prepared(): readonly string[] {
    return this.#names.keys()
  }

  #nameOf(text: string): string | undefined {
    const known = this.#names.get(text)
    if (known || !text.startsWith('select ')) return known
    const name = `vod_${++this.#next}`
    const displaced = this.#names.set(text, name)
    if (displaced) this.#retire(displaced[1])
    return name
  }

  /** Deallocates a statement, queued before the query that displaced it. */
  #retire(name: string) {
    const { connection } = this as unknown as { connection: { parsedStatements: Record<string, string> } }
    delete connection.parsedStatements[name]
    super.query(`deallocate ${name}`).catch(() => undefined)
  }
}

/**
 * No JIT compilation: the product's statements run for milliseconds, and the planner's estimates over
 * millions of rows (lists, the analytics' rollups) would start compilations costing hundreds of them.
 */
export const CONNECTION_SETTINGS = '-c jit=off'

/** The requests' connections to one PostgreSQL, as drizzle reads them. */
function openPool(
  url: string,
  size: number,
  settings: string,
  onPoolError?: (error: Error) => void,
  slow?: SlowStatements,
) {
  // A request waits at most this long for a connection; past it, it answers 503 instead of hanging.
  const pool = new pg.Pool({
    // Handed to each PreparingClient the pool makes.
    ...(slow ? { slow } : {}),
    Client: PreparingClient,
    connectionString: url,
    max: size,
    connectionTimeoutMillis: 5000,
    keepAlive: true,
    options: settings,
  })
  // A connection dropped by the server (a restart, pg_terminate_backend, a network cut) must never crash
  // the process. pg emits 'error' on the client, where nobody listens while a request holds it checked
  // out; the query under way fails by itself (503, lib/db-errors.ts), and the pool discards the broken
  // client when it comes back and opens a new one for the next request.
  pool.on('error', (error) => onPoolError?.(error))
  pool.on('connect', (client) => client.on('error', (error) => onPoolError?.(error)))
  return { pool, db: drizzlePg(pool, { schema }) }
}

/** Where reports read (ANALYTICS_DATABASE_URL): a pool of its own, and a Db over it. */
export interface Replica {
  db: Db
  close(): Promise<void>
}

/**
 * The streaming replica the dashboard, the analytics and CSV exports read (README "Configuration"). Its
 * connections are read-only as well, so nothing can be written there even when the URL names a primary.
 * Nothing is checked here either: a replica out of reach fails the reads that need it (503), not the start.
 */
export function openReplica(
  url: string,
  onPoolError?: (error: Error) => void,
  poolSize = POOL_SIZE,
  slow?: SlowStatements,
): Replica {
  const { pool, db } = openPool(
    url,
    poolSize,
    `${CONNECTION_SETTINGS} -c default_transaction_read_only=on`,
    onPoolError,
    slow,
  )
  return { db, close: () => pool.end() }
}

async function openPostgres(
  url: string,
  poolSize: number,
  onPoolError?: (error: Error) => void,
  slow?: SlowStatements,
): Promise<Database> {
  // Nothing is checked here: the database may be unreachable at start, and main.ts waits for it.
  const { pool, db } = openPool(url, poolSize, CONNECTION_SETTINGS, onPoolError, slow)
  return {
    db,
    engine: 'postgres',
    async exclusive(work) {
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK])
        try {
          return await work()
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK])
        }
      } finally {
        client.release()
      }
    },
    applyMigrations: (config) => migrateNodePg(db, config),
    listen: (channel, onChange) => subscribe(url, channel, onChange),
    close: () => pool.end(),
  }
}

/** The listening connections, as pg_stat_activity shows them. */
export const LISTENER_NAME = 'vod-listener'
const HEARTBEAT_MS = 5_000
const SYNC_TIMEOUT_MS = 2_000
const RECONNECT_MS = 1_000

/**
 * A connection of its own that only listens. It is live from LISTEN on, and stops being live when the
 * connection fails or a round trip on it goes unanswered; it then reconnects. Each change of state calls
 * `onChange`. `sync()` is a round trip on it: PostgreSQL sends a listening session the notifications of
 * every transaction committed before a statement arrives ahead of that statement's answer, so once it
 * returns, everything committed before the call has been heard. Callers at the same moment share one.
 */
function subscribe(url: string, channel: string, onChange: (payload?: string) => void): Subscription {
  let client: pg.Client | null = null
  let live = false
  let closed = false
  let retry: NodeJS.Timeout | undefined
  let running: Promise<boolean> | null = null
  let waiting: Promise<boolean> | null = null

  function drop(failed: pg.Client) {
    if (client !== failed) return
    client = null
    live = false
    onChange()
    failed.end().catch(() => {})
    if (!closed) retry = setTimeout(connect, RECONNECT_MS).unref()
  }

  async function connect() {
    const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: LISTENER_NAME })
    client = next
    next.on('error', () => drop(next))
    next.on('end', () => drop(next))
    next.on('notification', (n) => {
      if (n.channel === channel) onChange(n.payload)
    })
    try {
      await next.connect()
      await next.query(`listen ${pg.escapeIdentifier(channel)}`)
      if (client !== next || closed) return
      live = true
      onChange()
    } catch {
      drop(next)
    }
  }

  /** One round trip on the listening connection; false (and the connection dropped) when it fails or is late. */
  function roundTrip(): Promise<boolean> {
    const current = client
    if (!current || !live) return Promise.resolve(false)
    return new Promise((resolve) => {
      const late = setTimeout(() => {
        drop(current)
        resolve(false)
      }, SYNC_TIMEOUT_MS)
      current.query('select 1').then(
        () => {
          clearTimeout(late)
          resolve(client === current && live)
        },
        () => {
          clearTimeout(late)
          drop(current)
          resolve(false)
        },
      )
    })
  }

  function start(): Promise<boolean> {
    const trip = roundTrip()
    running = trip
    void trip.then(() => {
      if (running === trip) running = null
    })
    return trip
  }

  const heartbeat = setInterval(() => {
    if (!running) void start()
  }, HEARTBEAT_MS)
  heartbeat.unref()
  void connect()

  return {
    live: () => live,
    // A round trip already under way may have been sent before the caller's moment: wait for the next.
    sync() {
      if (!running) return start()
      waiting ??= running.then(() => {
        waiting = null
        return start()
      })
      return waiting
    },
    async close() {
      closed = true
      live = false
      clearInterval(heartbeat)
      clearTimeout(retry)
      const last = client
      client = null
      await last?.end().catch(() => {})
    },
  }
}

/** Rows of a raw query; both drivers answer `{ rows }`, which the shared Db type cannot know. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

interface RawClient {
  query(config: { text: string; values: unknown[] }): Promise<{ rows: unknown[] }>
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>
}

/** A statement written out: its text with `$n` placeholders, and their values. */
export interface Statement {
  text: string
  params: unknown[]
}

/**
 * Rows of a statement already written out (a text and its values), without drizzle building or mapping
 * anything: for the hottest queries, whose text is built once and kept. On PostgreSQL it runs as a named
 * prepared statement like any other SELECT (PreparingClient).
 */
export async function queryText<T>(db: Db, text: string, params: unknown[]): Promise<T[]> {
  // A transaction has no $client: its statements go to the connection its session holds.
  const client =
    (db as unknown as { $client?: RawClient }).$client ??
    (db as unknown as { session: { client: RawClient } }).session.client
  const result =
    client instanceof pg.Pool
      ? await client.query({ text, values: params })
      : await client.query(text, params)
  return result.rows as T[]
}
