import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * Serves the built web app at `/` when it exists (an API-only run, or tests, may have none). The build
 * writes a brotli and a gzip copy beside each file (web/precompress.ts); the one the browser's
 * Accept-Encoding prefers is sent as it is, so nothing is compressed per request. Vite names the files
 * under /assets by content hash, so they are cached for a year; index.html is revalidated each time so a
 * new build is seen at once.
 */
export const staticPlugin = fp(
  async (app: FastifyInstance, options: { webDist: string }) => {
    if (!existsSync(path.join(options.webDist, 'index.html'))) {
      app.log.warn({ webDist: options.webDist }, 'no built web app found; serving the API only')
      return
    }
    await app.register(fastifyStatic, {
      root: options.webDist,
      prefix: '/',
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const relative = path.relative(options.webDist, filePath).split(path.sep)
        reply.header(
          'cache-control',
          relative[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
      },
    })
  },
  { name: 'static' },
)
