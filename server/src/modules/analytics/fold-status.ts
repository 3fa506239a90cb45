import { keptFigures } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import { undatableSql } from '../../db/datable.ts'
import { named } from './sql-parts.ts'

/** How far the figures are behind what is committed: what the metrics, readiness and `fresh_as_of` read. */
export interface FoldStatus {
  /** The newest commit every figure includes (all that was committed up to it is folded); null: unknown. */
  freshAsOf: Date | null
  /** Rows written but not yet folded into the figures (the embedded way); null on the change stream. */
  behindRows: number | null
  /** WAL committed past what the figures hold (the change stream); null the embedded way. */
  behindBytes: number | null
  /** How long the oldest of them has waited (0 when none waits). */
  behindSeconds: number
  /** Changes set aside: those the stream could not take (figure_set_aside), or rows the embedded way's fold
   * passed and waits for their writers to end (its gaps); on both, rows dated where no business day is
   * (db/datable.ts). */
  setAside: number
  /** WAL a replication slot keeps from being recycled, the most of any slot; null: no slot. */
  slotRetainedBytes: number | null
}

/**
 * The rows of every kept figure's moment (the registry's: orders' paid_at, visits' visited_at, ...) that no
 * business day holds, which no figure counts: each read from the partial index of only those rows
 * (schema/columns.ts undatableIndex).
 */
const undatableRows = sql.join(
  [...new Set(keptFigures.map((figure) => `${figure.from.split(' ')[0]} ${figure.at.split('.')[1]}`))].map(
    (moment) => {
      const [table, column] = moment.split(' ') as [string, string]
      return sql`(select count(*) from ${named(table)} where ${undatableSql(named(column))})`
    },
  ),
  sql` + `,
)

/** The tables the fold reads by id (figure_tails' sources), and when each row was written. */
const tailTimes: Record<string, string> = {
  visits: 'visited_at',
  orders: 'created_at',
  order_events: 'created_at',
  users: 'created_at',
  subscriptions: 'created_at',
}

/**
 * On the change stream, from where it stands (figure_stream: its last commit's time, the WAL past it; a quiet
 * stream is marked every 5 s), or from the oldest streamed transaction still being applied (its commit's time,
 * the WAL from its first change, none of which the figures hold yet), or the oldest day
 * whose visitors wait to be counted again (visitor_days_stale). The embedded way:
 * read from the fold's own bookkeeping (figure_tails, figure_tail_gaps, the queues), each part by an index or
 * a sequence, never by reading the tables through: behind rows are the ids handed out past each tail's
 * `folded` and the queued corrections; the oldest unfolded row of a tail dates how far behind it is. The one
 * place that knows how the fold keeps its place.
 */
export async function foldStatus(db: Db): Promise<FoldStatus> {
  const [stream] = await queryRows<{ now: string; fresh: string; bytes: string; aside: string }>(
    db,
    sql`select clock_timestamp()::text as now,
        least(stream.fresh_as_of, applying.committed_at, (select min(since) from visitor_days_stale))::text as fresh,
        greatest(pg_wal_lsn_diff(pg_current_wal_lsn(), least(stream.lsn, applying.first_lsn)), 0)::text as bytes,
        ((select count(*) from figure_set_aside) + ${undatableRows})::text as aside
      from figure_stream stream,
        lateral (select min(committed_at) as committed_at, min(first_lsn) as first_lsn
          from figure_stream_applying) applying
      limit 1`,
  )
  if (stream) {
    const now = new Date(stream.now)
    const freshAsOf = new Date(stream.fresh)
    return {
      freshAsOf,
      behindRows: null,
      behindBytes: Number(stream.bytes),
      behindSeconds: Math.max(0, (now.getTime() - freshAsOf.getTime()) / 1000),
      setAside: Number(stream.aside),
      slotRetainedBytes: await slotRetained(db),
    }
  }
  const tails = Object.entries(tailTimes)
    .map(
      ([source, column]) => sql`select ${source} as source,
        greatest(coalesce(pg_sequence_last_value(pg_get_serial_sequence(${source}, 'id')::regclass), 0) - tail.folded, 0) as behind,
        (select ${sql.identifier(column)} from ${sql.identifier(source)} where id > tail.folded order by id limit 1) as oldest
      from figure_tails tail where tail.source = ${source}`,
    )
    .reduce((all, one) => sql`${all} union all ${one}`)
  const [row] = await queryRows<{
    now: string
    behind: string | null
    oldest: string | null
    queued: string
    aside: string
  }>(
    db,
    sql`with tails as (${tails})
      select clock_timestamp()::text as now, (select sum(behind) from tails)::text as behind,
        (select min(oldest) from tails where behind > 0)::text as oldest,
        (select count(*) from figure_queue)::text as queued,
        ((select count(*) from figure_tail_gaps gaps, unnest(gaps.ids)) + ${undatableRows})::text as aside`,
  )
  const now = new Date(row?.now ?? Date.now())
  const behindRows = Number(row?.behind ?? 0) + Number(row?.queued ?? 0)
  // Queued corrections carry no time of their own: they date from now, a fold step at most away.
  const oldest = row?.oldest ? new Date(row.oldest) : null
  const freshAsOf = behindRows === 0 ? now : oldest && oldest < now ? oldest : now
  return {
    freshAsOf,
    behindRows,
    behindBytes: null,
    behindSeconds: Math.max(0, (now.getTime() - freshAsOf.getTime()) / 1000),
    setAside: Number(row?.aside ?? 0),
    slotRetainedBytes: await slotRetained(db),
  }
}

/** A replication slot's retained WAL; null without slots or where WAL positions cannot be read (a replica). */
async function slotRetained(db: Db): Promise<number | null> {
  try {
    const [row] = await queryRows<{ bytes: string | null }>(
      db,
      sql`select max(pg_wal_lsn_diff(pg_current_wal_lsn(), restart_lsn))::text as bytes
        from pg_replication_slots where restart_lsn is not null`,
    )
    return row?.bytes == null ? null : Number(row.bytes)
  } catch {
    return null
  }
}
