import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import { CONNECTION_SETTINGS } from '../../../db/client.ts'

/** Held while one process makes the stream ready, so processes starting together make it once. */
const SETUP_LOCK = 270054
/** Between tries for a table the member site holds (vod_stream_tables_prepare waits a second each). */
const TABLES_RETRY_MS = 500
/** While the slot waits for open transactions: the first word on them after this, then at the interval. */
const WAITS_FIRST_MS = 1000
const WAITS_EVERY_MS = 30_000

/**
 * Why the database gives the figures no change stream (docs/analytics.md "PostgreSQL's change stream"): a
 * PostgreSQL older than 14 (`version`), logical decoding off (`wal_level`, its setting), or a role that may
 * not replicate (`replication`); `value` is what the database has. Each names the setting that mends it in
 * the answers (errors.figures_unkept_*).
 */
export interface StreamGap {
  why: 'version' | 'wal_level' | 'replication'
  value: string
}

/** A gap as the log says it. */
export const gapText = ({ why, value }: StreamGap) =>
  why === 'version'
    ? `PostgreSQL ${value} is older than 14`
    : why === 'wal_level'
      ? `wal_level is ${value}, not logical`
      : `the role ${value} has no REPLICATION attribute`

/** What keeps the database from giving the figures its change stream; null: nothing. */
export async function streamUnavailable(client: pg.Client): Promise<StreamGap | null> {
  const { rows } = await client.query<{
    wal_level: string
    replicates: boolean
    old: boolean
    version: string
    role: string
  }>(
    `select current_setting('wal_level') as wal_level, current_setting('server_version') as version,
       current_setting('server_version_num')::int < 140000 as old, current_user as role,
       (select rolreplication or rolsuper from pg_roles where rolname = current_user) as replicates`,
  )
  const [row] = rows
  if (!row) return null
  // Protocol 2's streaming of large transactions before their commit (keeping/pgoutput.ts).
  if (row.old) return { why: 'version', value: row.version }
  if (row.wal_level !== 'logical') return { why: 'wal_level', value: row.wal_level }
  if (!row.replicates) return { why: 'replication', value: row.role }
  return null
}

/** The product's slot in this database: one per database, so copies of it on one server keep their own. */
async function slotName(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ name: string }>('select current_database() as name')
  return `vod_figures_${(rows[0]?.name ?? '').toLowerCase().replace(/[^a-z0-9_]/g, '_')}`.slice(0, 63)
}

const connect = async (url: string, extra: pg.ClientConfig = {}) => {
  const client = new pg.Client({ connectionString: url, options: CONNECTION_SETTINGS, ...extra })
  // A connection cut meanwhile fails the query under way (the start tries again): never the process.
  client.on('error', () => undefined)
  await client.connect()
  return client
}

/**
 * Makes the stream ready, once across processes: the publication, whole old images and no correction
 * triggers on the member site's tables, then, where figure_stream holds no position for a live slot, the
 * slot made and the figures built from the rows as its snapshot sees them (so the stream carries exactly
 * what was committed after). A slot left without a position (a start that died midway), dropped, or lost
 * (its WAL removed past `max_slot_wal_keep_size`) is made again, and the figures built again. Answers the
 * slot's name.
 */
export async function prepareStream(url: string, log: FastifyBaseLogger): Promise<string> {
  const client = await connect(url)
  try {
    const slot = await slotName(client)
    await client.query('select pg_advisory_lock($1)', [SETUP_LOCK])
    while (!(await client.query<{ ok: boolean }>('select vod_stream_tables_prepare() as ok')).rows[0]?.ok)
      await new Promise((resolve) => setTimeout(resolve, TABLES_RETRY_MS))
    const { rows } = await client.query<{ kept: boolean; there: boolean; lost: boolean; failover: boolean }>(
      `select exists (select 1 from figure_stream where slot = $1) as kept,
         exists (select 1 from pg_replication_slots where slot_name = $1) as there,
         exists (select 1 from pg_replication_slots where slot_name = $1 and wal_status = 'lost') as lost,
         coalesce((select to_jsonb(slot) ->> 'failover' from pg_replication_slots slot where slot_name = $1),
           'false')::boolean as failover`,
      [slot],
    )
    const { kept, there, lost, failover } = rows[0] ?? {
      kept: false,
      there: false,
      lost: false,
      failover: false,
    }
    if (kept && there && !lost) {
      if (!failover && (await failoverSlots(client))) await keepThroughFailover(url, slot, log)
      return slot
    }
    if (kept)
      log.error(
        { slot, reason: lost ? 'lost: WAL it needed was removed (max_slot_wal_keep_size)' : 'gone' },
        "the figures' replication slot cannot give what was committed since: a new one is made and the figures built again from the rows; until then they stand as they were",
      )
    if (there) await client.query('select pg_drop_replication_slot($1)', [slot])
    await build(url, client, slot, log)
    return slot
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * A slot made before the server could keep it through a failover, made so (ALTER_REPLICATION_SLOT); a slot
 * another process reads now cannot be altered: said, and tried again at the next start.
 */
async function keepThroughFailover(url: string, slot: string, log: FastifyBaseLogger) {
  const replication = await connect(url, { replication: 'database' } as pg.ClientConfig)
  try {
    await replication.query(`ALTER_REPLICATION_SLOT ${slot} (FAILOVER true)`)
  } catch (error) {
    log.warn({ slot, err: error }, "the figures' slot could not be made to survive a failover yet")
  } finally {
    await replication.end().catch(() => undefined)
  }
}

/** Whether the server's slots can be kept by its standbys through a failover (PostgreSQL 17). */
async function failoverSlots(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ able: boolean }>(
    `select current_setting('server_version_num')::int >= 170000 as able`,
  )
  return rows[0]?.able === true
}

/**
 * Says, until `stop`, which transactions the slot being made waits for: every one open in the cluster with a
 * transaction id, other databases' and prepared ones included (a prepared one waits for its COMMIT PREPARED).
 */
function sayWaits(client: pg.Client, log: FastifyBaseLogger) {
  const say = async () => {
    const { rows } = await client.query(
      `select a.pid, a.datname as database, extract(epoch from now() - a.xact_start)::int as seconds,
         null as prepared
       from pg_stat_activity a
       where a.backend_xid is not null and a.backend_type = 'client backend' and a.pid <> pg_backend_pid()
       union all
       select null, p.database, extract(epoch from now() - p.prepared)::int, p.gid from pg_prepared_xacts p`,
    )
    if (rows.length > 0)
      log.warn(
        { waiting_for: rows },
        'the figures wait for these transactions to end before their replication slot is made',
      )
  }
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  const after = (ms: number) => {
    timer = setTimeout(async () => {
      await say().catch(() => undefined)
      if (!stopped) after(WAITS_EVERY_MS)
    }, ms).unref()
  }
  after(WAITS_FIRST_MS)
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}

async function build(url: string, client: pg.Client, slot: string, log: FastifyBaseLogger) {
  const replication = await connect(url, { replication: 'database' } as pg.ClientConfig)
  try {
    // Waits for the transactions open now to end: the snapshot it exports sees every one that committed.
    const stopSaying = sayWaits(client, log)
    // From PostgreSQL 17 a standby with sync_replication_slots keeps a copy of the slot, so the figures go on
    // from where they were after a failover to it instead of being built again (docs/operations.md).
    const failover = (await failoverSlots(client)) ? ', FAILOVER true' : ''
    const made = await replication
      .query<{ consistent_point: string; snapshot_name: string }>(
        `CREATE_REPLICATION_SLOT ${slot} LOGICAL pgoutput (SNAPSHOT 'export'${failover})`,
      )
      .finally(stopSaying)
    const [point] = made.rows
    if (!point) throw new Error(`the slot ${slot} was made without a snapshot`)
    await client.query('begin isolation level repeatable read')
    try {
      await client.query(`set transaction snapshot '${point.snapshot_name.replace(/'/g, '')}'`)
      await client.query('select vod_figures_build_as_of_stream()')
      await client.query('delete from figure_stream')
      await client.query('delete from figure_stream_applying')
      await client.query('delete from figure_stream_staged')
      await client.query(`delete from app_settings where key = 'figures_unkept'`)
      await client.query('insert into figure_stream (slot, lsn, fresh_as_of) values ($1, $2, now())', [
        slot,
        point.consistent_point,
      ])
      await client.query('commit')
    } catch (error) {
      await client.query('rollback').catch(() => undefined)
      throw error
    }
  } finally {
    await replication.end().catch(() => undefined)
  }
}
