import { API_VERSION } from '@vod/contract'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ApiError } from '../lib/errors.ts'

/** API.md: a request naming another X-Api-Version is refused with 400; a missing header means 1.0. */
export const apiVersionPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const version = request.headers['x-api-version']
      if (version === undefined || version === API_VERSION) return
      throw new ApiError(400, 'errors.api_version', {
        version: String(version).slice(0, 20),
        supported: API_VERSION,
      })
    })
  },
  { name: 'api-version', dependencies: ['i18n'] },
)
