import type { PresenceSaved } from '@vod/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { PresenceHub } from './hub.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route saves one record of this resource (`PUT /{path}/:id`, `POST /{path}/:id/{action}`). */
    saves?: string
  }
}

/**
 * Every save of a record through a route that says it `saves` one (its edit, its actions) is told to the
 * pages open on it, with the version it made, once the answer is out: a form learns of another's save
 * before its own save would meet the 412. A change scheduled ahead tells them itself (scheduled-changes'
 * runner), as it saves through no route.
 */
export function tellSaves(app: FastifyInstance, hub: PresenceHub) {
  const versions = new WeakMap<FastifyRequest, string>()
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!request.routeOptions.config.saves || reply.statusCode !== 200) return payload
    const version = (payload as { data?: { version?: unknown } } | null)?.data?.version
    if (typeof version === 'string') versions.set(request, version)
    return payload
  })
  app.addHook('onResponse', async (request, reply) => {
    const version = versions.get(request)
    const resource = request.routeOptions.config.saves
    const id = Number((request.params as { id?: unknown }).id)
    const admin = request.admin
    if (!version || !resource || !admin || reply.statusCode !== 200) return
    hub.saved(`${resource}/${id}`, savedBy(resource, id, version, admin))
  })
}

/** A save of `resource/id` at `version`, made by `admin` (or, `scheduled`, on their behalf at its time). */
export const savedBy = (
  resource: string,
  id: number,
  version: string,
  admin: { id: number; username: string; name: string },
  scheduled?: true,
): PresenceSaved => ({
  resource,
  id,
  version,
  by: { admin_id: admin.id, username: admin.username, name: admin.name || admin.username },
  ...(scheduled ? { scheduled } : {}),
})
