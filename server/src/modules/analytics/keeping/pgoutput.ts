import type pg from 'pg'
import { type Pgoutput, PgoutputPlugin } from 'pg-logical-replication'

/**
 * pgoutput's messages for a transaction streamed before its commit (protocol 2's `streaming`), which
 * pg-logical-replication does not read: a block of its changes begins and ends, then it commits or it (or
 * one of its subtransactions) aborts.
 */
type StreamMessage =
  | { tag: 'stream_start'; xid: number }
  | { tag: 'stream_stop' }
  /** commitTime: microseconds since 1970, as the library gives a commit's. */
  | { tag: 'stream_commit'; xid: number; commitLsn: string; commitEndLsn: string; commitTime: bigint }
  | { tag: 'stream_abort'; xid: number; subxid: number }

/** A message of the stream; a change inside a streamed block carries its (sub)transaction's id. */
export type FigureMessage = (Pgoutput.Message & { xid?: number }) | StreamMessage

/** Messages that carry their (sub)transaction's id after the tag inside a streamed block: R Y I U D T M. */
const WITH_XID = new Set([...'RYIUDTM'].map((tag) => tag.charCodeAt(0)))
/** PostgreSQL's epoch (2000-01-01) in microseconds since 1970. */
const EPOCH_2000 = 946_684_800_000_000n

const hex = (value: number) => value.toString(16).toUpperCase()
const lsnAt = (buffer: Buffer, at: number) =>
  `${hex(buffer.readUInt32BE(at))}/${hex(buffer.readUInt32BE(at + 4))}`

/**
 * pgoutput, protocol 2 with large transactions streamed as they are written (PostgreSQL 14 and later), so
 * a transaction larger than logical_decoding_work_mem reaches us before its commit and the transactions
 * committed after it are not held behind its whole decoding. Values are kept as PostgreSQL's text, where
 * the library parses them with pg's global parsers: a JavaScript Date loses the microseconds and any year
 * past 275760, and the SQL that applies them parses text by the column's own type anyway.
 */
export class FigurePgoutput {
  readonly options: { publication: string }
  /** The library's plugin reads every message of protocol 1's (a streamed block's once its id is cut out). */
  private plain: PgoutputPlugin
  private streaming = false

  constructor(publication: string) {
    this.options = { publication }
    this.plain = new PgoutputPlugin({ protoVersion: 2, publicationNames: [publication], messages: true })
    const parser = Reflect.get(this.plain, 'parser') as { readRelationColumn: (reader: unknown) => object }
    const read = parser.readRelationColumn.bind(parser)
    parser.readRelationColumn = (reader) => ({ ...read(reader), parser: (text: string) => text })
  }

  get name() {
    return 'pgoutput'
  }

  start(client: pg.Client, slot: string, lsn: string) {
    return client.query(
      `START_REPLICATION SLOT "${slot}" LOGICAL ${lsn} (proto_version '2', streaming 'on', ` +
        `publication_names '${this.options.publication}', messages 'true')`,
    )
  }

  parse(buffer: Buffer): FigureMessage {
    const tag = buffer[0] ?? 0
    switch (tag) {
      case 0x53 /* S */:
        this.streaming = true
        return { tag: 'stream_start', xid: buffer.readUInt32BE(1) }
      case 0x45 /* E */:
        this.streaming = false
        return { tag: 'stream_stop' }
      case 0x63 /* c: xid, flags, commit LSN, end LSN, commit time */:
        return {
          tag: 'stream_commit',
          xid: buffer.readUInt32BE(1),
          commitLsn: lsnAt(buffer, 6),
          commitEndLsn: lsnAt(buffer, 14),
          commitTime: buffer.readBigInt64BE(22) + EPOCH_2000,
        }
      case 0x41 /* A */:
        return { tag: 'stream_abort', xid: buffer.readUInt32BE(1), subxid: buffer.readUInt32BE(5) }
    }
    if (!this.streaming || !WITH_XID.has(tag)) return this.plain.parse(buffer)
    const xid = buffer.readUInt32BE(1)
    // The tag moved onto the id's last byte: the message as protocol 1 writes it, without copying it (the
    // stream's buffer is read once, here).
    const plain = buffer.subarray(4)
    plain[0] = tag
    return { ...this.plain.parse(plain), xid }
  }
}
