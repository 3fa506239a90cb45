import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { PresenceHub } from './hub.ts'

/** A record's own edit route: PUT /api/{resource}/:id. */
const EDIT_ROUTE = /^\/api\/([a-z][a-z0-9-]*)\/:id$/

/**
 * Every save of a record through its edit route is told to the pages open on it, with the version it made,
 * once the answer is out: a form learns of another's save before its own save would meet the 412.
 */
export function tellSaves(app: FastifyInstance, hub: PresenceHub) {
  const versions = new WeakMap<FastifyRequest, string>()
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (request.method !== 'PUT' || reply.statusCode !== 200) return payload
    const version = (payload as { data?: { version?: unknown } } | null)?.data?.version
    if (typeof version === 'string' && EDIT_ROUTE.test(request.routeOptions.url ?? ''))
      versions.set(request, version)
    return payload
  })
  app.addHook('onResponse', async (request, reply) => {
    const version = versions.get(request)
    const resource = EDIT_ROUTE.exec(request.routeOptions.url ?? '')?.[1]
    const id = Number((request.params as { id?: unknown }).id)
    const admin = request.admin
    if (!version || !resource || !admin || reply.statusCode !== 200) return
    hub.saved(`${resource}/${id}`, {
      resource,
      id,
      version,
      by: { admin_id: admin.id, username: admin.username, name: admin.name || admin.username },
    })
  })
}
