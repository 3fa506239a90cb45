import pg from 'pg'
import { LogicalReplicationService } from 'pg-logical-replication'
import { type FigureMessage, FigurePgoutput } from '../../server/src/modules/analytics/keeping/pgoutput.ts'
import { lsnValue } from '../../server/src/modules/analytics/keeping/stream.ts'

/**
 * The floor of following the change stream: a slot of its own on the same publication, read the same way
 * (protocol 2, large transactions streamed), each commit acknowledged as it arrives and nothing applied. How long after a commit this one has
 * it is what PostgreSQL's decoding and the library's parsing cost, which no consumer of the stream beats.
 */
export async function startBareConsumer(url: string, publication: string) {
  const slot = 'bench_bare_consumer'
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`select pg_create_logical_replication_slot($1, 'pgoutput')`, [slot])
  let received = 0n
  let receivedText = '0/0'
  const waiting = new Set<{ lsn: bigint; resolve: () => void }>()
  const service = new LogicalReplicationService(
    { connectionString: url, application_name: slot },
    { acknowledge: { auto: false, timeoutSeconds: 0 } },
  )
  service.on('data', (_lsn: string, message: FigureMessage) => {
    if (message.tag !== 'commit' && message.tag !== 'stream_commit') return
    receivedText = message.commitEndLsn ?? '0/0'
    received = lsnValue(receivedText)
    void service.acknowledge(receivedText)
    for (const wait of waiting)
      if (wait.lsn <= received) {
        waiting.delete(wait)
        wait.resolve()
      }
  })
  // The walsender asks for a reply while it decodes a large transaction; unanswered, it drops the connection.
  service.on('heartbeat', (_lsn: string, _at: number, respond: boolean) => {
    if (respond) void service.acknowledge(receivedText)
  })
  let stopping = false
  service.on('error', (error: Error) => {
    if (!stopping) console.error(`the bare consumer failed: ${error.message}`)
  })
  const following = service.subscribe(new FigurePgoutput(publication), slot).catch(() => undefined)
  return {
    /** Resolves once a commit at or past `lsn` has arrived. */
    heldAt: (lsn: string) =>
      lsnValue(lsn) <= received
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.add({ lsn: lsnValue(lsn), resolve })),
    async stop() {
      // Its walsender ended first: the library's end of a streaming connection left it open, and the cluster's
      // stop then failed it with nobody listening (an uncaught error after the bench's figures).
      stopping = true
      await admin.query(
        'select pg_terminate_backend(active_pid) from pg_replication_slots where slot_name = $1 and active',
        [slot],
      )
      await service.destroy()
      await following
      await admin.query('select pg_drop_replication_slot($1)', [slot]).catch(() => undefined)
      await admin.end()
    },
  }
}
