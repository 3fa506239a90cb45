import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import { LogicalReplicationService, type Pgoutput, PgoutputPlugin } from 'pg-logical-replication'
import { CONNECTION_SETTINGS } from '../../../db/client.ts'
import { applyChanges, applyTruncation, CHUNK } from './apply.ts'
import { ChangeRun, type FigureSource, figureSources, type RowImage } from './changes.ts'

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
/** Between tries to take the slot (another process holds it, or the database is away). */
const RETRY_MS = 2000

export const lsnValue = (lsn: string) => {
  const [high = '0', low = '0'] = lsn.split('/')
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`)
}

/**
 * pgoutput's values kept as PostgreSQL's text, where the library parses them with pg's global parsers: a
 * JavaScript Date loses the microseconds and any year past 275760, and the SQL that applies them parses
 * text by the column's own type anyway.
 */
function textPlugin(publication: string) {
  const plugin = new PgoutputPlugin({ protoVersion: 1, publicationNames: [publication], messages: true })
  const parser = Reflect.get(plugin, 'parser') as { readRelationColumn: (reader: unknown) => object }
  const read = parser.readRelationColumn.bind(parser)
  parser.readRelationColumn = (reader) => ({ ...read(reader), parser: (text: string) => text })
  return plugin
}

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
  let failing = ''
  const loop = (async () => {
    while (!stopped) {
      current = new Consumer(url, slot, log)
      try {
        await current.run()
        failing = ''
      } catch (error) {
        const message = (error as Error).message
        // Another process holds the slot (55006): the normal state of all but one process.
        if ((error as { code?: string }).code !== '55006' && message !== failing && !stopped) {
          log.warn({ err: error }, 'the figures could not follow the change stream; trying again')
          failing = message
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
  private service: LogicalReplicationService
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

  private slot: string
  private log: FastifyBaseLogger

  constructor(url: string, slot: string, log: FastifyBaseLogger) {
    this.slot = slot
    this.log = log
    this.service = new LogicalReplicationService(
      { connectionString: url, application_name: STREAM_NAME },
      { acknowledge: { auto: false, timeoutSeconds: 0 }, flowControl: { enabled: true } },
    )
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
    const { rows } = await this.applier.query<{ lsn: string }>(
      'select lsn::text from figure_stream where slot = $1',
      [this.slot],
    )
    const [row] = rows
    if (!row) throw new Error(`figure_stream holds no position for the slot ${this.slot}`)
    this.position = { lsn: lsnValue(row.lsn), text: row.lsn }
    const failed = new Promise<never>((_, reject) => {
      this.service.on('error', (error: Error) => {
        this.fail(error)
        reject(error)
      })
    })
    // Messages are read while the work they called for is applied, the stream waiting (flow control) only
    // while more than one piece of work is queued: reading and applying overlap, memory stays bounded.
    this.service.on('data', (_lsn: string, message: Pgoutput.Message) => {
      if (this.failure || this.closed) return
      const work = this.read(message)
      if (!work) return
      const done = this.serial(work)
      return this.queued > 1 ? done : undefined
    })
    this.service.on('heartbeat', (_lsn: string, _at: number, respond: boolean) => {
      if (respond) void this.acknowledge()
    })
    this.marker = setInterval(() => {
      if (Date.now() - this.lastApplied >= MARK_EVERY_MS) void this.serial(() => this.mark())
    }, MARK_EVERY_MS).unref()
    await Promise.race([this.service.subscribe(textPlugin(PUBLICATION), this.slot, row.lsn), failed])
    if (this.failure) throw this.failure
  }

  async close() {
    if (this.closed) return
    this.closed = true
    clearInterval(this.marker)
    clearTimeout(this.quiet)
    await this.service.destroy().catch(() => undefined)
    await this.chain.catch(() => undefined)
    if (this.open) await this.applier.query('rollback').catch(() => undefined)
    await this.applier.end().catch(() => undefined)
  }

  private fail(error: Error) {
    this.failure ??= error
    void this.service.stop().catch(() => undefined)
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
  private read(message: Pgoutput.Message): (() => Promise<void>) | undefined {
    clearTimeout(this.quiet)
    switch (message.tag) {
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
        const tables = message.relations
          .map((r) => r.name)
          .filter((name): name is FigureSource => (figureSources as readonly string[]).includes(name))
        if (tables.length === 0) return
        const before = this.run_.take()
        return async () => {
          await this.begin()
          await applyChanges(this.applier, before, this.log)
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
      await applyChanges(this.applier, chunk, this.log)
    }
  }

  /** The run so far, up to its last commit, taken to be applied. */
  private cut() {
    const run = { end: this.runEnd, changes: this.run_.take() }
    this.runEnd = undefined
    return run
  }

  private async begin() {
    if (this.open) return
    await this.applier.query('begin')
    this.open = true
  }

  /** The run applied and the position moved in one transaction of ours, then the slot told. */
  private async finish({ end, changes }: ReturnType<Consumer['cut']>) {
    if (!end) return
    await this.begin()
    await applyChanges(this.applier, changes, this.log)
    const { rowCount } = await this.applier.query(
      'update figure_stream set lsn = $2, fresh_as_of = $3 where slot = $1 and lsn < $2',
      [this.slot, end.text, end.at],
    )
    if (rowCount !== 1) throw new Error('figure_stream moved past this run: another process applied it')
    await this.applier.query('commit')
    this.open = false
    this.position = { lsn: end.lsn, text: end.text }
    this.lastApplied = Date.now()
    await this.acknowledge()
  }

  private async acknowledge() {
    if (this.position) await this.service.acknowledge(this.position.text).catch(() => false)
  }

  /** A transaction of nothing but a mark: once applied, the figures are fresh as of its commit. */
  private async mark() {
    if (this.open) return
    await this.applier.query(`select pg_logical_emit_message(true, '${MARK}', '')`)
    this.lastApplied = Date.now()
  }
}
