import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import { createSlots, type Slots } from '../lib/slots.ts'

interface BulkSlots {
  /** A slot for one bulk request, released when it is done; 429 with Retry-After when all are taken. */
  take(): () => void
  state: Slots['state']
}

declare module 'fastify' {
  interface FastifyInstance {
    bulkSlots: BulkSlots
  }
}

/**
 * What keeps bulk actions from holding the service (docs/resources.md "Bulk actions and undo",
 * docs/security.md): at most BULK_CONCURRENCY run at once in a process. Each holds one connection of the
 * requests' pool while it runs (its rows go in transactions one after the other), so bulk work never takes
 * more than that share of the pool, and lists keep the rest; past it the answer is 429 at once, before any
 * statement.
 */
export const bulkSlotsPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const slots = createSlots({ limit: config.bulkConcurrency, busy: 'errors.bulk_busy' })
    app.decorate('bulkSlots', {
      take: slots.take,
      state: slots.state,
    } satisfies BulkSlots)
  },
  { name: 'bulk-slots' },
)
