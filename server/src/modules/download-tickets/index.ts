import { DOWNLOAD_TICKET_SECONDS, downloadTicketInput, downloadTicketRecord } from '@vod/contract'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { issueDownloadTicket } from '../../auth/download-tickets.ts'
import { adminOf } from '../../auth/sessions.ts'
import { invalidField } from '../../lib/errors.ts'
import { dataOf, errorBody } from '../../lib/responses.ts'
import type { ApiModule } from '../types.ts'

/**
 * Tickets for navigated downloads (machinery contract, "Export"): the web navigates to an export's URL so
 * the browser streams it to disk, and a navigation carries no Authorization header. The permission of the
 * download itself is checked when the ticket is used.
 */
export const downloadTicketsModule: ApiModule = async (app, { db }) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/download-tickets',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['auth'],
        summary: 'A one-use ticket for one download',
        description: `Good once, for \`path\` only, for ${DOWNLOAD_TICKET_SECONDS} seconds, while this session lasts.`,
        body: downloadTicketInput,
        response: { 201: dataOf(downloadTicketRecord), 400: errorBody, 401: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const { path } = request.body
      const known = app.accessTable.some((route) => route.download && route.url === `/api${path}`)
      if (!known) throw invalidField('path', 'validation.in')
      const ticket = await issueDownloadTicket(db, adminOf(request).sessionId, path)
      return reply.code(201).send({ data: { ticket, expires_in: DOWNLOAD_TICKET_SECONDS } })
    },
  )
}
