import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024

/**
 * Compresses API answers (JSON lists, CSV exports) above the threshold, brotli or gzip as the client
 * accepts. The web app's files come precompressed (plugins/static.ts) and already carry their
 * Content-Encoding, which this leaves alone.
 */
export const compressPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCompress, {
      global: true,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
    })
  },
  { name: 'compress' },
)
