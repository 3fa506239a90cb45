import { Transform } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import pg from 'pg'
import type { Config } from '../config.ts'
import { CONNECTION_SETTINGS, type Db } from '../db/client.ts'
import { createSlots, type Slots } from '../lib/slots.ts'

interface ExportSlots {
  /** A slot for one export, released when its stream closes; 429 when all are taken. */
  take(): () => void
  state: Slots['state']
  /**
   * PostgreSQL connections of the exports' own (COPY), never the requests' pool; to the replica of
   * ANALYTICS_DATABASE_URL when there is one; null on PGlite.
   */
  pool: pg.Pool | null
  /** Where exports read row by row: the replica of ANALYTICS_DATABASE_URL, else the requests' database. */
  reads: Db
  /**
   * The last stage of an export's stream: it passes the CSV on, and destroys itself when the reader has
   * taken nothing for the stall time while data waits for it (a download that stopped reading).
   */
  guard(): Transform
}

declare module 'fastify' {
  interface FastifyInstance {
    exportSlots: ExportSlots
  }
}

/**
 * The exports' connections: the product's settings, and no parallel workers. An export is one stream in one
 * order; parallel workers each grouped every record's names again (a million videos: 6.0 s against 4.3 s),
 * and on two cores they take the CPU Node serves with.
 */
export const EXPORT_SETTINGS = `${CONNECTION_SETTINGS} -c max_parallel_workers_per_gather=0`

/**
 * What keeps exports from holding the service (docs/lists.md "Exports", docs/security.md): at most
 * EXPORT_CONCURRENCY run at once in a process, on connections of their own, and a reader that stops for
 * EXPORT_STALL_SECONDS is cut off, so neither slow nor stalled downloads take the connections lists need.
 */
export const exportsPlugin = fp(
  async (app: FastifyInstance, { reads, config }: { reads: Db; config: Config }) => {
    const main = (reads as { $client?: unknown }).$client
    const pool =
      main instanceof pg.Pool
        ? new pg.Pool({
            ...main.options,
            max: config.exportConcurrency,
            idleTimeoutMillis: 10_000,
            options: EXPORT_SETTINGS,
          })
        : null
    pool?.on('error', (error) => app.log.warn({ err: error }, 'export connection lost'))
    app.addHook('onClose', async () => {
      await pool?.end()
    })
    const stallMs = config.exportStallSeconds * 1000
    const checkMs = Math.min(Math.max(stallMs / 20, 50), 1000)
    const slots = createSlots({ limit: config.exportConcurrency, busy: 'errors.exports_busy' })

    app.decorate('exportSlots', {
      pool,
      reads,
      take: slots.take,
      state: slots.state,
      guard() {
        let passed = 0
        let seen = -1
        // Since when the reader has taken nothing while data waited for it.
        let since = Date.now()
        const stream = new Transform({
          transform(chunk: Buffer | string, _encoding, done) {
            passed += Buffer.byteLength(chunk)
            done(null, chunk)
          },
        })
        // Looked at each twentieth of the stall time (at most each second), the stall counted from the last
        // look that saw the reader take something or nothing wait for it: the cut comes about the stall time
        // after the reader stopped. Looking once a stall time and cutting when two looks saw the same took up
        // to twice it (issue 34). What the socket buffers hold counts as taken, so the count starts once they
        // are full (well under a second for an export that is being written).
        const timer = setInterval(() => {
          // Bytes the reader has taken: all that passed, less what still waits in this stream.
          const taken = passed - stream.readableLength
          const waiting = stream.readableLength > 0 || stream.writableLength > 0
          const now = Date.now()
          if (taken !== seen || !waiting) {
            seen = taken
            since = now
          } else if (now - since >= stallMs) stream.destroy(new Error('the export reader stalled'))
        }, checkMs)
        timer.unref()
        // Its slot, the export's pipeline and the reply each wait for its close: eleven listeners, all its own
        // (past ten, Node warns of a leak on every COPY export).
        stream.setMaxListeners(20)
        stream.on('close', () => clearInterval(timer))
        return stream
      },
    } satisfies ExportSlots)
  },
  { name: 'exports' },
)
