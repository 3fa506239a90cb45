import { searchAnswer, searchKinds, searchQuery } from '@vod/contract/search'
import type { FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { adminOf } from '../../auth/sessions.ts'
import { narrowedFields } from '../../lib/resource/field-access.ts'
import { protectedErrors, searchErrors } from '../../lib/responses.ts'
import { searchableFor, searchables } from '../../lib/search/searchable.ts'
import { search } from '../../lib/search/statement.ts'
import type { ApiModule } from '../types.ts'

/**
 * GET /api/search?q=: the header's search box. Any admin may ask; each kind of record is searched only with
 * that kind's list permission, within the list's scope (a channel admin finds its channels' members and
 * orders only), so the box finds what the lists would show. The records of every kind in one statement, its JSON
 * written by PostgreSQL (lib/search/statement.ts).
 */
export const searchModule: ApiModule = async (app, { db }) => {
  // The kinds in the contract's order; a kind no module declared would never answer.
  const kinds = searchKinds.map((kind) => {
    const found = searchables.find((searchable) => searchable.kind === kind)
    if (!found) throw new Error(`search: no module declares the kind "${kind}".`)
    return found
  })

  app.withTypeProvider<ZodTypeProvider>().get(
    '/search',
    {
      config: { access: 'authenticated', search: true },
      schema: {
        tags: ['search'],
        summary: 'Find members, orders, videos, channels, campaigns and admins by one text',
        description:
          'Members by the start of their username or e-mail or by the last digits of their phone, orders by the start of their order or ' +
          'transaction number, videos by their title (anywhere) or the start of their serial number, channels ' +
          'by UTM source, campaigns by name, admins by username or name (anywhere): only kinds whose list ' +
          'permission the caller holds, and only the records its lists show. A few records a kind, those whose ' +
          'searched value is the text itself first; kinds without records are left out.',
        querystring: searchQuery,
        response: { 200: searchAnswer, ...protectedErrors, ...searchErrors },
      },
    },
    async (request, reply) => {
      const { permissions } = adminOf(request)
      // Each kind as the caller's field rules let it search it: never by a field it may not read whole.
      const allowed = kinds
        .filter((found) => permissions.has(found.permission))
        .flatMap((declared) => {
          const found = searchableFor(declared, narrowedFields(request, declared.kind))
          return found ? [{ found, scope: found.scopeOf(request) }] : []
        })
      const data = await search(db, allowed, request.query.q)
      // PostgreSQL wrote the JSON; the API tests hold it to the schema instead of parsing it here again.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(`{"data":${data}}`)
    },
  )
}
