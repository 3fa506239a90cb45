import type { PresenceSaved } from '@vod/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { PresenceHub } from './hub.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route saves one record of this resource (`PUT /{path}/:id`, `POST /{path}/:id/{action}`). */
    saves?: string
  }
}

/** The saves each request made, told once its answer is out (tellSaves). */
const noted = new WeakMap<FastifyRequest, { resource: string; id: number; version: string }[]>()

/** Notes that `request` saved `resource/id`, making `version`, once that save has committed. */
export function noteSave(request: FastifyRequest, resource: string, id: number, version: string) {
  const saves = noted.get(request) ?? []
  saves.push({ resource, id, version })
  noted.set(request, saves)
}

/**
 * Every save of a record is told to the pages open on it, with the version it made, once the answer is out:
 * a form learns of another's save before its own save would meet the 412. A route that says it `saves` one
 * record (its edit, its actions) has its answer's; a bulk action notes each row it saved (bulk.ts). A change
 * scheduled ahead tells them itself (scheduled-changes' runner), as it saves through no route.
 */
export function tellSaves(app: FastifyInstance, hub: PresenceHub) {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const resource = request.routeOptions.config.saves
    if (!resource || reply.statusCode !== 200) return payload
    const version = (payload as { data?: { version?: unknown } } | null)?.data?.version
    const id = Number((request.params as { id?: unknown }).id)
    if (typeof version === 'string') noteSave(request, resource, id, version)
    return payload
  })
  app.addHook('onResponse', async (request) => {
    const admin = request.admin
    if (!admin) return
    for (const { resource, id, version } of noted.get(request) ?? [])
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
