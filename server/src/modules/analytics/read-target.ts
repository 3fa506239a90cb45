import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { type Db, queryRows } from '../../db/client.ts'
import { isConnectionLost } from '../../lib/db-errors.ts'
import { foldStatus } from './fold-status.ts'

/** How often the replica's state is read, and how long a look may take before it counts as out of reach. */
const CHECK_MS = 1000
const CHECK_TIMEOUT_MS = 2000
/** How long a freshness reading serves the calls of the same moment (a screen asks four or five at once). */
const FRESH_REUSE_MS = 250

/** Where the analytics read, and how fresh what they read there is. */
export interface AnalyticsReads {
  /**
   * Runs `work` on the replica while it is in reach and within ANALYTICS_MAX_LAG_SECONDS, else on the
   * primary; a replica that fails under it (a lost connection) is left at once and the work run again on
   * the primary. `freshAsOf` is the newest commit the figures read include.
   */
  run<T>(work: (db: Db) => Promise<T>): Promise<{ answer: T; freshAsOf: Date | null }>
}

interface ReplicaState {
  /** Seconds the replica's replay is behind (0 when it has replayed all it received); null: out of reach. */
  lag: number | null
  /** The newest commit it has replayed, or now when it has replayed all it received. */
  replayedTo: Date | null
}

async function replicaState(replica: Db): Promise<ReplicaState> {
  let timer: NodeJS.Timeout | undefined
  const look = queryRows<{ caught_up: boolean | null; replayed: string | null; now: string }>(
    replica,
    sql`select pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() as caught_up,
      pg_last_xact_replay_timestamp()::text as replayed, clock_timestamp()::text as now`,
  )
  try {
    const [row] = await Promise.race([
      look,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('the replica did not answer')), CHECK_TIMEOUT_MS)
      }),
    ])
    const now = new Date(row?.now ?? Date.now())
    // Everything received is replayed (or nothing is streaming and there is nothing to wait for).
    if (row?.caught_up !== false || !row.replayed) return { lag: 0, replayedTo: now }
    const replayed = new Date(row.replayed)
    return { lag: Math.max(0, (now.getTime() - replayed.getTime()) / 1000), replayedTo: replayed }
  } catch {
    look.catch(() => {})
    return { lag: null, replayedTo: null }
  } finally {
    clearTimeout(timer)
  }
}

/** A reading reused for FRESH_REUSE_MS. */
function reused<T>(read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | null = null
  return () => {
    if (!last || Date.now() - last.at > FRESH_REUSE_MS) {
      const value = read()
      last = { at: Date.now(), value }
      value.catch(() => {
        if (last?.value === value) last = null
      })
    }
    return last.value
  }
}

const earlier = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : null)

/**
 * The analytics' reads (README "Configuration", docs/operations.md "Analytics on a replica"): without a
 * replica, the primary. With one, its state is read every second; it is left for the primary when it is out
 * of reach or lags more than ANALYTICS_MAX_LAG_SECONDS twice in a row (a replica that was idle shows a large
 * lag for the moment it replays a new commit), and taken again at the first look that finds it within. Each
 * switch is logged once and counted (vod_analytics_replica_switches_total). The calls stay in their
 * ANALYTICS_CONCURRENCY slots wherever they read.
 */
export function analyticsReads(
  app: FastifyInstance,
  primary: Db,
  replica: Db | null,
  maxLagSeconds: number,
): AnalyticsReads {
  const primaryFresh = reused(async () => (await foldStatus(primary)).freshAsOf)
  if (!replica)
    return { run: async (work) => ({ answer: await work(primary), freshAsOf: await primaryFresh() }) }

  const switches = app.metrics.counter(
    'vod_analytics_replica_switches_total',
    'The analytics reads moved to the primary (replica out of reach or behind) or back to the replica',
    'to',
  )
  let onReplica = true
  let bad = 0
  app.metrics.watch(
    'vod_analytics_reads_on_replica',
    'Whether the analytics read the replica (1) or the primary (0)',
    () => (onReplica ? 1 : 0),
  )
  const leave = (why: string) => {
    bad = 0
    if (!onReplica) return
    onReplica = false
    switches.inc({ to: 'primary' })
    app.log.warn({ why }, 'the analytics read the primary: the replica is out of reach or behind')
  }
  const check = async () => {
    const state = await replicaState(replica)
    if (state.lag === null) leave('out of reach')
    else if (state.lag > maxLagSeconds) {
      if (++bad >= 2) leave(`replay ${Math.round(state.lag)} s behind`)
    } else {
      bad = 0
      if (!onReplica) {
        onReplica = true
        switches.inc({ to: 'replica' })
        app.log.info({ lag: state.lag }, 'the analytics read the replica again')
      }
    }
  }
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let stopped = false
  const tick = () => {
    running = check().finally(() => {
      if (!stopped) timer = setTimeout(tick, CHECK_MS).unref()
    })
  }
  app.addHook('onReady', async () => tick())
  app.addHook('onClose', async () => {
    stopped = true
    clearTimeout(timer)
    await running
  })
  const replicaFresh = reused(async () => (await replicaState(replica)).replayedTo)

  return {
    async run(work) {
      if (onReplica) {
        try {
          const [answer, fold, replayed] = await Promise.all([work(replica), primaryFresh(), replicaFresh()])
          return { answer, freshAsOf: earlier(fold, replayed) }
        } catch (error) {
          if (!isConnectionLost(error)) throw error
          leave('a read failed')
        }
      }
      return { answer: await work(primary), freshAsOf: await primaryFresh() }
    },
  }
}
