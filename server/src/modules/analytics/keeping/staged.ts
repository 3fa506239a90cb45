import { deflateRawSync, inflateRawSync } from 'node:zlib'
import type pg from 'pg'
import type { Pgoutput } from 'pg-logical-replication'
import { CHUNK } from './apply.ts'
import {
  ChangeRun,
  type FigureSource,
  isSource,
  type RowChange,
  type RowImage,
  sourcesOf,
} from './changes.ts'

/** One change of a streamed transaction, as read: truncations keep their place among the rows' changes. */
export type StagedChange =
  | { op: 'insert'; table: FigureSource; new: RowImage }
  | { op: 'delete'; table: FigureSource; old: RowImage }
  | { op: 'update'; table: FigureSource; old: RowImage; new: RowImage }
  | { op: 'truncate'; tables: FigureSource[] }

/** A change of a streamed block as it is kept; undefined for what the figures do not take. */
export function stagedOf(message: Pgoutput.Message): StagedChange | undefined {
  switch (message.tag) {
    case 'insert':
      return { op: 'insert', table: message.relation.name as FigureSource, new: message.new as RowImage }
    case 'update': {
      if (!message.old) return undefined
      const table = message.relation.name as FigureSource
      return { op: 'update', table, old: message.old as RowImage, new: message.new as RowImage }
    }
    case 'delete':
      if (!message.old) return undefined
      return { op: 'delete', table: message.relation.name as FigureSource, old: message.old as RowImage }
    case 'truncate': {
      const tables = sourcesOf(message.relations)
      return tables.length > 0 ? { op: 'truncate', tables } : undefined
    }
    default:
      return undefined
  }
}

/** What a step of staged changes applies, in order: the rows' changes, collapsed, between truncations. */
export type StagedPiece = RowChange[] | { truncate: FigureSource[] }

type Kept = { subxid: number; change: StagedChange }

/** Changes written to figure_stream_staged as one row; a step of applying takes CHUNK of them. */
const BATCH = 5000
const STEP_BATCHES = Math.max(1, Math.floor(CHUNK / BATCH))
/** Rows of a streamed transaction remembered one by one for `touches`; past it, each table's range of ids. */
const ROWS_REMEMBERED = 50_000

/**
 * The rows a streamed transaction changed, for `touches`: each one while they are few, then each table's
 * lowest and highest id, a superset (a later change inside it waits for the transaction, one outside goes
 * on), so a transaction of millions of rows is remembered in a few bytes, not in hundreds of megabytes.
 */
class TouchedRows {
  private ids: Map<string, Set<number>> | null = new Map()
  private ranges = new Map<string, { low: number; high: number }>()
  private count = 0

  add(table: string, id: string | null | undefined) {
    const value = Number(id)
    const range = this.ranges.get(table)
    if (!range) this.ranges.set(table, { low: value, high: value })
    else {
      range.low = Math.min(range.low, value)
      range.high = Math.max(range.high, value)
    }
    if (!this.ids) return
    const ids = this.ids.get(table) ?? new Set<number>()
    this.ids.set(table, ids)
    if (!ids.has(value)) this.count++
    ids.add(value)
    if (this.count > ROWS_REMEMBERED) this.ids = null
  }

  has(table: string, id: string | null | undefined) {
    const value = Number(id)
    if (this.ids) return this.ids.get(table)?.has(value) === true
    const range = this.ranges.get(table)
    // An id that is no number (none here) is taken as touched.
    return !range || Number.isNaN(value) || (value >= range.low && value <= range.high)
  }
}

interface Streamed {
  /** Where its first streamed block began: the WAL from there on is not in the figures until it is applied. */
  firstLsn: string
  /** Read and not yet written, each with its subtransaction. */
  buffer: Kept[]
  /** Subtransactions that aborted (their written changes are left out when applied). */
  aborted: number[]
  /** A retention's: its visit deletes stay out of the figures. */
  retention: boolean
  /** It truncates: it goes in whole, in commit order, since a truncation is not a sum. */
  truncates: boolean
  /** The rows it changed, which a later change may take out while it is still applying. */
  rows: TouchedRows
  /** Changes of the figures' tables it made. */
  kept: number
}

/** A streamed transaction's commit, to apply with the run it ends. */
export type StreamedCommit = Pick<Streamed, 'firstLsn' | 'aborted' | 'truncates' | 'rows'> & {
  xid: number
  /** Its changes not yet written. */
  batch: Kept[]
  commitLsn: string
  at: Date
}

/**
 * Transactions PostgreSQL streams before their commit (protocol 2), by top-level id. Their changes are
 * written a batch at a time (figure_stream_staged) under this consumer's `reader` id, dropped when the
 * transaction aborts (a subtransaction's are left out when applied), and once it commits applied a step at a
 * time between the transactions committed after it (figure_stream_applying), oldest commit first.
 */
export class StreamedTransactions {
  readonly reader: string
  private open = new Map<number, Streamed>()
  /** Committed ones still applying, by `reader:xid`, with their rows (null: an earlier reader's, unknown). */
  private applying = new Map<string, TouchedRows | null>()

  constructor(reader: string) {
    this.reader = reader
  }

  get applyingCount() {
    return this.applying.size
  }

  /** A block of the transaction's begins at `lsn` (the stream's place of its stream_start). */
  started(xid: number, lsn: string) {
    this.of(xid, lsn)
  }

  private of(xid: number, lsn = '0/0'): Streamed {
    let streamed = this.open.get(xid)
    if (!streamed) {
      streamed = {
        firstLsn: lsn,
        buffer: [],
        aborted: [],
        retention: false,
        truncates: false,
        rows: new TouchedRows(),
        kept: 0,
      }
      this.open.set(xid, streamed)
    }
    return streamed
  }

  markRetention(xid: number) {
    this.of(xid).retention = true
  }

  /** Keeps a change; answers the batch to write when the transaction's buffer is full. */
  add(xid: number, subxid: number, change: StagedChange): Kept[] | undefined {
    const streamed = this.of(xid)
    if (change.op === 'truncate') streamed.truncates = true
    else if (!isSource(change.table)) return undefined
    else if (change.op === 'delete' && change.table === 'visits' && streamed.retention) return undefined
    else {
      if (change.op !== 'insert') streamed.rows.add(change.table, change.old.id)
      if (change.op !== 'delete') streamed.rows.add(change.table, change.new.id)
    }
    streamed.kept++
    streamed.buffer.push({ subxid, change })
    if (streamed.buffer.length < BATCH) return undefined
    const batch = streamed.buffer
    streamed.buffer = []
    return batch
  }

  /** An abort: answers whether it was the whole transaction's (its written changes then to `drop`). */
  abort(xid: number, subxid: number): boolean {
    const streamed = this.open.get(xid)
    if (subxid === xid || !streamed) {
      this.open.delete(xid)
      return true
    }
    streamed.buffer = streamed.buffer.filter((kept) => kept.subxid !== subxid)
    streamed.aborted.push(subxid)
    return false
  }

  /** The committed transaction, forgotten here; undefined when it changed nothing the figures keep. */
  commit(xid: number, commitLsn: string, at: Date): StreamedCommit | undefined {
    const streamed = this.open.get(xid)
    this.open.delete(xid)
    if (!streamed || streamed.kept === 0) return undefined
    const { firstLsn, buffer: batch, aborted, truncates, rows } = streamed
    return { xid, batch, firstLsn, aborted, truncates, rows, commitLsn, at }
  }

  async write(client: pg.Client, xid: number, batch: Kept[]) {
    if (batch.length === 0) return
    // Compressed here: what is written to WAL, every walsender decodes (the member site's too).
    await client.query('insert into figure_stream_staged (reader, xid, changes) values ($1, $2, $3)', [
      this.reader,
      xid,
      deflateRawSync(JSON.stringify(batch), { level: 1 }),
    ])
  }

  async drop(client: pg.Client, xid: number) {
    await client.query('delete from figure_stream_staged where reader = $1 and xid = $2', [this.reader, xid])
  }

  /**
   * Once this consumer holds the slot: what earlier readers staged of transactions that had not committed
   * comes again in the stream; those that had go on applying.
   */
  async resume(client: pg.Client) {
    await client.query(`delete from figure_stream_staged staged where not exists (
      select 1 from figure_stream_applying applying where applying.reader = staged.reader and applying.xid = staged.xid)`)
    const { rows } = await client.query<{ reader: string; xid: string }>(
      'select reader, xid::text from figure_stream_applying',
    )
    for (const { reader, xid } of rows) this.applying.set(`${reader}:${xid}`, null)
  }

  /** The committed transaction's last changes written, and it left to apply; in the caller's transaction. */
  async applyLater(client: pg.Client, committed: StreamedCommit) {
    await this.write(client, committed.xid, committed.batch)
    await client.query(
      `insert into figure_stream_applying (reader, xid, first_lsn, commit_lsn, committed_at, aborted)
       values ($1, $2, $3, $4, $5, $6)`,
      [this.reader, committed.xid, committed.firstLsn, committed.commitLsn, committed.at, committed.aborted],
    )
    this.applying.set(`${this.reader}:${committed.xid}`, committed.rows)
  }

  /** Whether changes take out a row a transaction still applying changed (then it goes in first). */
  touches(changes: RowChange[]) {
    const taken = changes.flatMap((change) => (change.old ? [change] : []))
    if (taken.length === 0) return false
    for (const rows of this.applying.values())
      if (!rows || taken.some((change) => rows.has(change.table, change.old?.id))) return true
    return false
  }

  /**
   * Takes out the next step of the oldest committed transaction still applying, in the caller's transaction,
   * which applies it: up to CHUNK changes, collapsed to one per row as a run is (keeping/changes.ts), the
   * aborted subtransactions' left out. Undefined when none is applying.
   */
  async takeStep(client: pg.Client): Promise<StagedPiece[] | undefined> {
    const { rows: oldest } = await client.query<{ reader: string; xid: string; aborted: string[] }>(
      'select reader, xid::text, aborted::text[] from figure_stream_applying order by commit_lsn limit 1',
    )
    const [next] = oldest
    if (!next) {
      this.applying.clear()
      return undefined
    }
    const { rows } = await client.query<{ id: string; changes: Buffer }>(
      `with next as (
         select id from figure_stream_staged where reader = $1 and xid = $2 order by id limit $3)
       delete from figure_stream_staged staged using next where staged.id = next.id
       returning staged.id::text, staged.changes`,
      [next.reader, next.xid, STEP_BATCHES],
    )
    if (rows.length < STEP_BATCHES) {
      await client.query('delete from figure_stream_applying where reader = $1 and xid = $2', [
        next.reader,
        next.xid,
      ])
      this.applying.delete(`${next.reader}:${next.xid}`)
    }
    rows.sort((a, b) => Number(a.id) - Number(b.id))
    const aborted = new Set(next.aborted.map(Number))
    const run = new ChangeRun()
    const pieces: StagedPiece[] = []
    for (const row of rows)
      for (const { subxid, change } of JSON.parse(inflateRawSync(row.changes).toString()) as Kept[]) {
        if (aborted.has(subxid)) continue
        if (change.op === 'truncate') pieces.push(run.take(), { truncate: change.tables })
        else if (change.op === 'insert') run.insert(change.table, change.new)
        else if (change.op === 'delete') run.delete(change.table, change.old)
        else run.update(change.table, change.old, change.new)
      }
    pieces.push(run.take())
    return pieces
  }
}
