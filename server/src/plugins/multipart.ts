import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * multipart/form-data (API.md "Files and CSV"): uploads arrive in field `file`, one file a request, streamed
 * to the route (never buffered here). A route asks for a smaller size with `request.file({ limits })`; past
 * its limit the upload is 413.
 */
export const multipartPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      throwFileSizeLimit: true,
      limits: {
        files: 1,
        fields: 20,
        fieldSize: 64 * 1024,
        parts: 25,
        headerPairs: 100,
        fileSize: 100 * 1024 * 1024,
      },
    })
  },
  { name: 'multipart' },
)
