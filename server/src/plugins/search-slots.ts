import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import { createSlots, type Slots } from '../lib/slots.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A search (the search box): it takes a search slot as a list read by a keyword does. */
    search?: true
  }
  interface FastifyInstance {
    searchSlots: Pick<Slots, 'state'>
  }
}

/** Requests waiting for a search slot past the running ones; more answer 429. */
const SEARCH_QUEUE = 32

/** Whether a request reads by text staff typed: the search box, or a list's (or its totals') `keyword`. */
const searches = (request: FastifyRequest) =>
  request.routeOptions.config.search === true ||
  (request.method === 'GET' &&
    !request.routeOptions.config.download &&
    Boolean((request.query as { keyword?: unknown } | undefined)?.keyword))

/**
 * What keeps searches from holding the service (docs/security.md): the search box and every list read by
 * a keyword, the cheapest requests to send and among the dearest to answer, run at most SEARCH_CONCURRENCY
 * at once in a process, each on one connection of the requests' pool; SEARCH_QUEUE more wait in line (first
 * come, first served, holding no connection), and past that the answer is 429 with Retry-After. So thirty
 * clients searching at once leave the other connections to other staff's lists (bench/search-bounded.ts).
 * The slot is taken once the request is valid (a 422 takes none) and given back as its answer leaves.
 * Exports, which take keywords too, are bounded by their own slots (plugins/exports.ts).
 */
export const searchSlotsPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const slots = createSlots({
      limit: config.searchConcurrency,
      queue: SEARCH_QUEUE,
      busy: 'errors.search_busy',
    })
    app.decorate('searchSlots', { state: slots.state })
    const held = new WeakMap<FastifyRequest, () => void>()
    app.addHook('preHandler', async (request) => {
      if (searches(request)) held.set(request, await slots.enter())
    })
    // Given back as the answer leaves (its statements are done), or when its client goes before.
    const release = async (request: FastifyRequest) => held.get(request)?.()
    app.addHook('onSend', async (request, _reply, payload) => {
      await release(request)
      return payload
    })
    app.addHook('onResponse', release)
    app.addHook('onRequestAbort', release)
  },
  { name: 'search-slots' },
)
