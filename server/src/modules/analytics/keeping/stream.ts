import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import { LogicalReplicationService, type Pgoutput } from 'pg-logical-replication'
import { CONNECTION_SETTINGS } from '../../../db/client.ts'
import { applyChanges, applyTruncation, CHUNK } from './apply.ts'
import { ChangeRun, type RowChange, type RowImage, sourcesOf } from './changes.ts'
import { type FigureMessage, FigurePgoutput } from './pgoutput.ts'
import { prepareStream } from './setup.ts'
import { type StagedPiece, type StreamedCommit, StreamedTransactions, stagedOf } from './staged.ts'

/** The publication setup.ts makes: the member site's tables the figures are kept from. */
const PUBLICATION = 'vod_figures'
/** Prefixes of the messages ours write into the stream (pg_logical_emit_message). */
export const MARK = 'vod_mark'
export const RETENTION = 'vod_retention'
/** The stream's connection and the applying one, as pg_stat_activity names them. */
const STREAM_NAME = 'vod-figures-stream'
const APPLY_NAME = 'vod-figures-apply'

/** A run of transactions is applied once it is this old (ms), or at once when the stream goes quiet. */
const RUN_MS = 100
const QUIET_MS = 20
/** When nothing was committed for this long (ms), a mark says the figures are fresh as of now. */
const MARK_EVERY_MS = 5000
/**
 * A transaction past this much of changes is streamed before its commit (or past the database's own
 * logical_decoding_work_mem, when less): what is left of it to read after its commit, before the
 * transactions committed after it, is at most this (PostgreSQL's default of 64 MB takes seconds to read).
 */
const STREAM_AFTER_BYTES = 8 * 1024 * 1024
/** Between tries to take the slot (another process holds it, or the database is away). */
const RETRY_MS = 2000
/** A failure that goes on is said again this often (ms), with how many times it came since it was last said. */
const SAY_AGAIN_MS = 60_000

export const lsnValue = (lsn: string) => {
  const [high = '0', low = '0'] = lsn.split('/')
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`)
}

/** An LSN as PostgreSQL writes it (`16/B374D848`). */
const lsnText = (lsn: bigint) =>
  `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`

interface Position {
  lsn: bigint
  text: string
}

/**
 * Follows the product's replication slot while the process runs: one process at a time holds a slot, so
 * every process tries, and another takes over within RETRY_MS of the holder's death. Committed transactions
 * arrive whole and in commit order; runs of them are applied by one transaction of ours that also moves
 * figure_stream's position to the run's last commit, and the slot is told only after it commits: a restart
 * resumes where the figures stand, skipping what they hold, so nothing is lost or counted twice.
 */
export function followStream(url: string, slot: string, log: FastifyBaseLogger) {
  let stopped = false
  let current: Consumer | undefined
  let wake: (() => void) | undefined
  let failing = { message: '', times: 0, said: 0 }
  const loop = (async () => {
    let failed = false
    while (!stopped) {
      current = new Consumer(url, slot, log)
      try {
        // After a failure the slot may be gone or lost: made again, and the figures rebuilt (prepareStream).
        if (failed) await prepareStream(url, log)
        failed = false
        await current.run()
        failing = { message: '', times: 0, said: 0 }
      } catch (error) {
        // Another process holds the slot (55006): the normal state of all but one process.
        failed = (error as { code?: string }).code !== '55006'
        if (failed && !stopped) {
          const message = (error as Error).message
          if (message !== failing.message) failing = { message, times: 0, said: 0 }
          failing.times++
          if (Date.now() - failing.said >= SAY_AGAIN_MS) {
            log.warn(
              { err: error, times: failing.times },
              'the figures could not follow the change stream; trying again',
            )
            failing.said = Date.now()
            failing.times = 0
          }
        }
      } finally {
        await current.close()
      }
      if (!stopped)
        await new Promise<void>((resolve) => {
          wake = resolve
          setTimeout(resolve, RETRY_MS).unref()
        })
    }
  })()
  return {
    async stop() {
      stopped = true
      wake?.()
      await current?.close()
      await loop
    },
  }
}

class Consumer {
  private service: LogicalReplicationService | undefined
  private applier: pg.Client
  private position: Position | undefined
  private run_ = new ChangeRun()
  /** The transaction being read: skipped (already in the figures), a retention's (its visit deletes stay out). */
  private skipping = false
  private retention = false
  /** The run's last commit, once it has one, and when the run began. */
  private runEnd: { lsn: bigint; text: string; at: Date } | undefined
  private runStarted = 0
  private open = false
  private chain: Promise<void> = Promise.resolve()
  /** Work handed to `serial` and not yet done. */
  private queued = 0
  private quiet: NodeJS.Timeout | undefined
  private marker: NodeJS.Timeout | undefined
  private lastApplied = Date.now()
  private failure: Error | undefined
  private closed = false
  /** Transactions streamed before their commit: the one whose block is being read, and all still open. */
  private streamXid: number | undefined
  private streamed: StreamedTransactions
  /** Whether a step of applying a committed streamed transaction is queued. */
  private stepQueued = false
  /** The walsender serving this process's hold on the slot, once it has it: a run commits only while it does. */
  private walsender: number | undefined
  /** Settles once the hold is read (`walsender`, the position): no message is judged before. */
  private held: Promise<void> = Promise.resolve()
  private keepalive: NodeJS.Timeout | undefined

  private slot: string
  private log: FastifyBaseLogger
  private url: string

  constructor(url: string, slot: string, log: FastifyBaseLogger) {
    this.slot = slot
    this.log = log
    this.streamed = new StreamedTransactions(randomUUID())
    this.url = url
    this.applier = new pg.Client({
      connectionString: url,
      application_name: APPLY_NAME,
      options: `${CONNECTION_SETTINGS} -c TimeZone=UTC`,
    })
  }

  /** Resolves when the stream ends, rejects when it fails. */
  async run() {
    this.applier.on('error', (error) => this.fail(error))
    await this.applier.connect()
    const { rows } = await this.applier.query<{ lsn: string; work_mem: string; timeout_ms: number }>(
      `select lsn::text, least(pg_size_bytes(current_setting('logical_decoding_work_mem')), $2) / 1024 as work_mem,
         extract(epoch from current_setting('wal_sender_timeout')::interval) * 1000 as timeout_ms
       from figure_stream where slot = $1`,
      [this.slot, STREAM_AFTER_BYTES],
    )
    const [row] = rows
    if (!row) throw new Error(`figure_stream holds no position for the slot ${this.slot}`)
    this.position = { lsn: lsnValue(row.lsn), text: row.lsn }
    const service = new LogicalReplicationService(
      {
        connectionString: this.url,
        application_name: STREAM_NAME,
        options: `-c logical_decoding_work_mem=${row.work_mem}kB`,
      },
      { acknowledge: { auto: false, timeoutSeconds: 0 }, flowControl: { enabled: true } },
    )
    this.service = service
    // Once this process holds the slot (the others wait for it): the position read again, after whatever the
    // process that held it before was committing (it started this stream at an older one); what an earlier
    // reader staged of transactions not yet committed comes again in the stream; what it left applying goes on.
    let holding = () => {}
    this.held = new Promise((resolve) => {
      holding = resolve
    })
    service.on('start', () => {
      void this.serial(async () => {
        await this.takeHold()
        await this.streamed.resume(this.applier)
        if (this.streamed.applyingCount > 0) this.queueStep()
      }).finally(holding)
    })
    const failed = new Promise<never>((_, reject) => {
      service.on('error', (error: Error) => {
        this.fail(error)
        reject(error)
      })
    })
    // Messages are read while the work they called for is applied, the stream waiting (flow control) only
    // while more than one piece of work is queued: reading and applying overlap, memory stays bounded.
    service.on('data', (lsn: string, message: FigureMessage) => {
      if (this.walsender === undefined) return this.held.then(() => this.take(lsn, message))
      return this.take(lsn, message)
    })
    service.on('heartbeat', (_lsn: string, _at: number, respond: boolean) => {
      if (respond) void this.acknowledge()
    })
    this.marker = setInterval(() => {
      if (Date.now() - this.lastApplied >= MARK_EVERY_MS) void this.serial(() => this.mark())
    }, MARK_EVERY_MS).unref()
    // The stream is not read while a run applies (flow control), so the walsender's keepalives go unanswered:
    // told the position meanwhile, it does not end the stream for want of a reply (wal_sender_timeout).
    const every = Math.max(250, Math.min(10_000, Number(row.timeout_ms) / 3 || 10_000))
    this.keepalive = setInterval(() => void this.acknowledge(), every).unref()
    await Promise.race([service.subscribe(new FigurePgoutput(PUBLICATION), this.slot, row.lsn), failed])
    if (this.failure) throw this.failure
  }

  async close() {
    if (this.closed) return
    this.closed = true
    clearInterval(this.marker)
    clearInterval(this.keepalive)
    clearTimeout(this.quiet)
    await this.service?.destroy().catch(() => undefined)
    await this.chain.catch(() => undefined)
    if (this.open) await this.applier.query('rollback').catch(() => undefined)
    await this.applier.end().catch(() => undefined)
  }

  private fail(error: Error) {
    this.failure ??= error
    void this.service?.stop().catch(() => undefined)
  }

  /**
   * A message read at `lsn` (where the stream placed it: a streamed block's start is its first change's):
   * the work it calls for queued; a promise while more than one waits (flow control).
   */
  private take(lsn: string, message: FigureMessage) {
    if (this.failure || this.closed) return
    const work = this.read(lsn, message)
    if (!work) return
    const done = this.serial(work)
    return this.queued > 1 ? done : undefined
  }

  /**
   * Reads which walsender holds the slot (this process's, just started) and the position, waiting for a run
   * another process was committing: what it committed is skipped, and what it had not is its no more.
   */
  private async takeHold() {
    const { rows } = await this.applier.query<{ walsender: number | null; lsn: string }>(
      `select s.active_pid as walsender, f.lsn::text as lsn
       from figure_stream f join pg_replication_slots s on s.slot_name = f.slot
       where f.slot = $1 for share of f`,
      [this.slot],
    )
    const [row] = rows
    if (!row?.walsender) throw new Error(`the slot ${this.slot} is not held after the stream started`)
    this.walsender = row.walsender
    const lsn = lsnValue(row.lsn)
    if (lsn > (this.position?.lsn ?? 0n)) this.position = { lsn, text: row.lsn }
  }

  /** One thing at a time on the applying connection: the stream's messages, the quiet flush, the marks. */
  private serial(work: () => Promise<void>): Promise<void> {
    this.queued++
    const next = this.chain.then(() => (this.failure || this.closed ? undefined : work()))
    const settled = next.catch((error: Error) => this.fail(error)).finally(() => this.queued--)
    this.chain = settled
    return settled
  }

  /**
   * Reads a message into the run at once; answers the work it calls for (applying a run, a chunk of a large
   * transaction, a truncation), which takes what it applies now, so messages read meanwhile go to the next.
   */
  private read(lsn: string, message: FigureMessage): (() => Promise<void>) | undefined {
    clearTimeout(this.quiet)
    if (this.streamXid !== undefined && !message.tag.startsWith('stream_'))
      return this.stage(this.streamXid, message as Pgoutput.Message & { xid?: number })
    switch (message.tag) {
      case 'stream_start': {
        this.streamXid = message.xid
        this.streamed.started(message.xid, lsn)
        // The commits read so far go in now, not after the block.
        if (!this.runEnd) return
        const run = this.cut()
        return () => this.finish(run)
      }
      case 'stream_stop':
        this.streamXid = undefined
        return
      case 'stream_abort': {
        const { xid } = message
        if (!this.streamed.abort(xid, message.subxid)) return
        return () => this.streamed.drop(this.applier, xid)
      }
      case 'stream_commit': {
        const { xid } = message
        const at = new Date(Number(message.commitTime) / 1000)
        const committed = this.streamed.commit(xid, message.commitLsn, at)
        if (lsnValue(message.commitLsn) < (this.position?.lsn ?? 0n))
          return () => this.streamed.drop(this.applier, xid)
        const text = message.commitEndLsn
        this.runEnd = { lsn: lsnValue(text), text, at }
        const run = this.cut(committed)
        return () => this.finish(run)
      }
      case 'begin':
        this.skipping = lsnValue(message.commitLsn ?? '0/0') < (this.position?.lsn ?? 0n)
        this.retention = false
        if (!this.runEnd && this.run_.taken === 0) this.runStarted = Date.now()
        return
      case 'message':
        if (message.prefix === RETENTION) this.retention = true
        return
      case 'insert':
        if (!this.skipping) this.run_.insert(message.relation.name, message.new as RowImage)
        break
      case 'update':
        if (!this.skipping && message.old)
          this.run_.update(message.relation.name, message.old as RowImage, message.new as RowImage)
        break
      case 'delete': {
        const retained = this.retention && message.relation.name === 'visits'
        if (!this.skipping && !retained && message.old)
          this.run_.delete(message.relation.name, message.old as RowImage)
        break
      }
      case 'truncate': {
        if (this.skipping) return
        const tables = sourcesOf(message.relations)
        if (tables.length === 0) return
        const before = this.run_.take()
        return async () => {
          await this.begin()
          await this.applyInOrder(before)
          // A truncation is not a sum: what streamed transactions committed before it goes in first.
          await this.applyAllStreamed()
          await applyTruncation(this.applier, tables)
        }
      }
      case 'commit': {
        if (this.skipping) return
        const text = message.commitEndLsn ?? '0/0'
        // commitTime: microseconds since 1970 (BigInt).
        this.runEnd = { lsn: lsnValue(text), text, at: new Date(Number(message.commitTime) / 1000) }
        if (Date.now() - this.runStarted >= RUN_MS || this.open) {
          const run = this.cut()
          return () => this.finish(run)
        }
        this.quiet = setTimeout(() => {
          const run = this.cut()
          void this.serial(() => this.finish(run))
        }, QUIET_MS)
        return
      }
      default:
        return
    }
    // A large transaction goes in a chunk at a time, in one transaction of ours up to its commit.
    if (this.run_.taken < CHUNK) return
    const chunk = this.run_.take()
    return async () => {
      await this.begin()
      await this.applyInOrder(chunk)
    }
  }

  /** A change of a streamed transaction's block, kept until it commits; answers the writing of a full batch. */
  private stage(xid: number, message: Pgoutput.Message & { xid?: number }) {
    if (message.tag === 'message') {
      if (message.prefix === RETENTION) this.streamed.markRetention(xid)
      return
    }
    const change = stagedOf(message)
    const batch = change && this.streamed.add(xid, message.xid ?? xid, change)
    return batch ? () => this.streamed.write(this.applier, xid, batch) : undefined
  }

  /** The run so far, up to its last commit, taken to be applied, with the streamed transaction it ends in. */
  private cut(streamed?: StreamedCommit) {
    const run = { end: this.runEnd, changes: this.run_.take(), streamed }
    this.runEnd = undefined
    return run
  }

  private async begin() {
    if (this.open) return
    await this.applier.query('begin')
    this.open = true
  }

  private async commit() {
    await this.applier.query('commit')
    this.open = false
  }

  /**
   * Changes in commit order. Streamed transactions still applying are sums the later ones add to, except
   * where a later change takes out a row of theirs (a visit's day recounted, an order's refunds moved along):
   * then they go in first.
   */
  private async applyInOrder(changes: RowChange[]) {
    if (this.streamed.touches(changes)) await this.applyAllStreamed()
    await applyChanges(this.applier, changes, this.log)
  }

  private async applyPieces(pieces: StagedPiece[]) {
    for (const piece of pieces)
      if (Array.isArray(piece)) await applyChanges(this.applier, piece, this.log)
      else await applyTruncation(this.applier, piece.truncate)
  }

  /** Every committed streamed transaction's changes, in commit order, in the open transaction. */
  private async applyAllStreamed() {
    for (;;) {
      const pieces = await this.streamed.takeStep(this.applier)
      if (!pieces) return
      await this.applyPieces(pieces)
    }
  }

  /** The run applied and the position moved in one transaction of ours, then the slot told. */
  private async finish({ end, changes, streamed }: ReturnType<Consumer['cut']>) {
    if (!end) return
    await this.begin()
    await this.applyInOrder(changes)
    if (streamed) {
      await this.streamed.applyLater(this.applier, streamed)
      // A truncation is not a sum: a transaction with one goes in now, after those before it.
      if (streamed.truncates) await this.applyAllStreamed()
    }
    // Fenced: committed only while this process's walsender holds the slot. One that lost it (its connection
    // ended, a timeout) may still be applying; the process that took the slot waits for this row to read the
    // position, so a run is either in before it starts or not at all.
    const { rowCount } = await this.applier.query(
      `update figure_stream set lsn = $2, fresh_as_of = $3 where slot = $1 and lsn < $2
         and exists (select from pg_replication_slots where slot_name = $1 and active_pid = $4)`,
      [this.slot, end.text, end.at, this.walsender],
    )
    if (rowCount !== 1) {
      await this.applier.query('rollback')
      this.open = false
      throw new Error('this process no longer holds the slot, or another applied this run: not applied here')
    }
    await this.commit()
    this.position = { lsn: end.lsn, text: end.text }
    this.lastApplied = Date.now()
    if (this.streamed.applyingCount > 0) this.queueStep()
    await this.acknowledge()
  }

  private queueStep() {
    if (this.stepQueued) return
    this.stepQueued = true
    void this.serial(() => this.applyStep())
  }

  /**
   * A step of the oldest committed streamed transaction's changes, in a transaction of ours; the next is
   * queued behind what the stream brought meanwhile, so the transactions after it are not held behind it.
   */
  private async applyStep() {
    this.stepQueued = false
    // An open run's finish queues the next step.
    if (this.streamed.applyingCount === 0 || this.open) return
    await this.begin()
    const pieces = await this.streamed.takeStep(this.applier)
    if (pieces) await this.applyPieces(pieces)
    await this.commit()
    if (this.streamed.applyingCount > 0) this.queueStep()
  }

  /**
   * Tells the slot where the next start reads from: the end of the last commit applied. The library sends the
   * LSN it is given plus one (a standby's "last byte + 1"), and a transaction whose commit record begins right
   * at that end would be skipped at the next start (a takeover, a restart): it is given the byte before.
   */
  private async acknowledge() {
    if (this.position && this.position.lsn > 0n)
      await this.service?.acknowledge(lsnText(this.position.lsn - 1n)).catch(() => false)
  }

  /** A transaction of nothing but a mark: once applied, the figures are fresh as of its commit. */
  private async mark() {
    if (this.open) return
    await this.applier.query(`select pg_logical_emit_message(true, '${MARK}', '')`)
    this.lastApplied = Date.now()
  }
}
