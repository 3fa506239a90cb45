import { deletionRecord, undoWindowInput } from '@vod/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminOf } from '../../auth/sessions.ts'
import { notFound } from '../../lib/errors.ts'
import { pendingDeletions, setUndoWindow } from '../../lib/resource/deletions.ts'
import { declaredLabels, narrowedFields, readWhole } from '../../lib/resource/field-access.ts'
import { dataOf, protectedErrors, recordErrors } from '../../lib/responses.ts'
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
      return {
        data: rows
          .filter((row) => admin.permissions.has(`delete-${row.resource}`))
          .map((row) => {
            // A record whose name the caller may no longer read (its role narrowed since) is named by id.
            const label = declaredLabels.get(row.resource) ?? 'name'
            return readWhole(narrowedFields(request, row.resource), label)
              ? row
              : { ...row, labels: row.ids.map((id) => `#${id}`) }
          }),
      }
    },
  )

  app.withTypeProvider<ZodTypeProvider>().post(
    '/deletions/:batch/window',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['deletions'],
        summary: 'How long my deletes of one request stay undoable, from now',
        description:
          'The undo window counts only while its notice is on screen: the web app holds it while the page is ' +
          'hidden and gives back what was left when it shows again. Never past UNDO_HOLD_SECONDS after the ' +
          "delete; 404 when none of the caller's deletes of that request can still be undone.",
        params: z.object({ batch: z.uuid() }),
        body: undoWindowInput,
        response: { 204: z.undefined(), ...recordErrors },
      },
    },
    async (request, reply) => {
      const { batch } = request.params
      if (!(await setUndoWindow(db, adminOf(request).id, batch, request.body.seconds))) throw notFound()
      return reply.code(204).send()
    },
  )
}
