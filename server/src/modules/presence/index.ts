import { randomUUID } from 'node:crypto'
import { PassThrough } from 'node:stream'
import {
  PRESENCE_HEARTBEAT_SECONDS,
  type PresenceEditing,
  type PresenceState,
  presenceEditingAnswer,
  presenceListParams,
  presenceListQuery,
  presenceParams,
  presenceStateInput,
  presenceStates,
} from '@vod/contract'
import type { FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminOf } from '../../auth/sessions.ts'
import { forbidden, notFound } from '../../lib/errors.ts'
import { recordErrors } from '../../lib/responses.ts'
import type { ApiModule } from '../types.ts'

const streamQuery = z.object({ state: z.enum(presenceStates).default('viewing') })

/**
 * Who else is on a record (contract/src/presence.ts, docs/resources.md "Who else is here"). Open to whoever
 * may read the record: its own `GET /api/{resource}/:id` is asked on the caller's behalf before any name
 * is sent, so the record's permission, channel scope and existence all count as they do there.
 */
export const presenceModule: ApiModule = async (app, { presence }) => {
  /** The permission of the record's own read route; 404 for a resource with none. */
  function readPermission(resource: string) {
    const route = app.accessTable.find(
      (entry) => entry.method === 'GET' && entry.url === `/api/${resource}/:id`,
    )
    if (!route?.permission) throw notFound()
    return route.permission
  }

  async function mayRead(request: FastifyRequest, resource: string, id: string) {
    if (!adminOf(request).permissions.has(readPermission(resource))) throw forbidden()
    const answer = await app.inject({
      method: 'GET',
      url: `/api/${resource}/${id}`,
      headers: { authorization: request.headers.authorization ?? '' },
    })
    if (answer.statusCode === 404) throw notFound()
    if (answer.statusCode !== 200) throw forbidden()
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '/presence/:resource/:id',
    {
      config: { access: 'authenticated' },
      // Events go out as they happen; a compressor would hold them back.
      compress: false,
      schema: {
        tags: ['presence'],
        summary: 'Who else has a record open, live (server-sent events)',
        description:
          "Events: `hello` (this page's connection), `presence` (everyone else on the record), `saved` (a save " +
          `of the record). Send PUT with the connection every ${PRESENCE_HEARTBEAT_SECONDS} s.`,
        params: presenceParams,
        querystring: streamQuery,
        // 200 is a text/event-stream (plugins/openapi-finish.ts).
        response: { ...recordErrors },
      },
    },
    async (request, reply) => {
      const { resource, id } = request.params
      await mayRead(request, resource, id)
      const admin = adminOf(request)
      const connection = randomUUID()
      const out = new PassThrough()
      const write = (event: string, data: unknown) =>
        out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
      out.write(`retry: 3000\n\n`)
      write('hello', { connection })
      const leave = presence.join(`${resource}/${id}`, {
        person: {
          connection,
          admin_id: admin.id,
          username: admin.username,
          name: admin.name || admin.username,
          avatar: admin.avatar,
          state: request.query.state as PresenceState,
        },
        send: write,
        end: () => out.end(),
      })
      // A comment now and then keeps proxies and the connection timeout from closing a quiet stream.
      const ping = setInterval(() => out.write(': ping\n\n'), PRESENCE_HEARTBEAT_SECONDS * 1000)
      reply.raw.on('close', () => {
        clearInterval(ping)
        leave()
      })
      return reply
        .type('text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(out as never)
    },
  )

  app.withTypeProvider<ZodTypeProvider>().get(
    '/presence/:resource',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['presence'],
        summary: "Which of a list's rows someone else is editing now, and who",
        description:
          'A list asks for the ids of its page now and then, to mark the rows being edited. Only rows the ' +
          "caller's own `GET /api/{resource}/{id}` answers are named; the caller's own pages are not counted.",
        params: presenceListParams,
        querystring: presenceListQuery,
        response: { 200: presenceEditingAnswer, ...recordErrors },
      },
    },
    async (request) => {
      const { resource } = request.params
      const admin = adminOf(request)
      if (!admin.permissions.has(readPermission(resource))) throw forbidden()
      const edited = request.query.ids.flatMap((id): PresenceEditing[] => {
        const people = presence
          .people(`${resource}/${id}`)
          .filter((person) => person.state === 'editing' && person.admin_id !== admin.id)
          .map(({ admin_id, username, name }) => ({ admin_id, username, name }))
        return people.length > 0 ? [{ id, people }] : []
      })
      // Asked only of the few rows someone edits: whether this caller may read each, as its page would be.
      const readable = await Promise.all(
        edited.map((row) =>
          mayRead(request, resource, String(row.id)).then(
            () => true,
            () => false,
          ),
        ),
      )
      return { data: edited.filter((_, at) => readable[at]) }
    },
  )

  app.withTypeProvider<ZodTypeProvider>().put(
    '/presence/:resource/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['presence'],
        summary: 'This page is still open on the record, and viewing or editing it',
        params: presenceParams,
        body: presenceStateInput,
        response: { 204: z.undefined(), ...recordErrors },
      },
    },
    async (request, reply) => {
      const { resource, id } = request.params
      const admin = adminOf(request)
      if (!admin.permissions.has(readPermission(resource))) throw forbidden()
      const { connection, state } = request.body
      if (!presence.beat(`${resource}/${id}`, { connection, adminId: admin.id, state })) throw notFound()
      return reply.code(204).send()
    },
  )
}
