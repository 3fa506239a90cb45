import { deletionRecord } from '@vod/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pendingDeletions } from '../../lib/resource/deletions.ts'
import { dataOf, protectedErrors } from '../../lib/responses.ts'
import { adminOf } from '../../plugins/access.ts'
import type { ModuleOptions } from '../types.ts'

/**
 * `GET /api/deletions`: the caller's own deletes that can still be undone, one entry a request and
 * resource, so the web app offers "Undo" again after a reload. Each is undone through its resource's
 * `POST /{path}/bulk/restore`, behind that resource's delete permission.
 */
export async function deletionsModule(app: FastifyInstance, { db }: ModuleOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/deletions',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['deletions'],
        summary: 'My deletes that can still be undone',
        response: { 200: dataOf(z.array(deletionRecord)), ...protectedErrors },
      },
    },
    async (request) => {
      const admin = adminOf(request)
      const rows = await pendingDeletions(db, admin.id)
      return { data: rows.filter((row) => admin.permissions.has(`delete-${row.resource}`)) }
    },
  )
}
