import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import { ApiError } from '../lib/errors.ts'

/** Seconds a client is asked to wait when every bulk slot is taken (a bulk of 1,000 rows takes a few). */
const BUSY_RETRY_SECONDS = 5

export interface BulkSlots {
  /** A slot for one bulk request, released when it is done; 429 with Retry-After when all are taken. */
  take(): () => void
}

declare module 'fastify' {
  interface FastifyInstance {
    bulkSlots: BulkSlots
  }
}

/**
 * What keeps bulk actions from holding the service (README "Bulk actions and undo", docs/security.md): at
 * most BULK_CONCURRENCY run at once in a process. Each holds one connection of the requests' pool while it
 * runs (its rows go in transactions one after the other), so bulk work never takes more than that share of
 * the pool, and lists keep the rest; past it the answer is 429 at once, before any statement.
 */
export const bulkSlotsPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    let running = 0
    app.decorate('bulkSlots', {
      take() {
        if (running >= config.bulkConcurrency)
          throw new ApiError(429, 'errors.bulk_busy', {}, undefined, {
            'retry-after': String(BUSY_RETRY_SECONDS),
          })
        running++
        let released = false
        return () => {
          if (released) return
          released = true
          running--
        }
      },
    } satisfies BulkSlots)
  },
  { name: 'bulk-slots' },
)
