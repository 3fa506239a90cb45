import zlib from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
const COMPRESS_THRESHOLD_BYTES = 1024

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
      // Quality 1: a million videos' export is 151 MB of CSV that one core compresses while PostgreSQL
      // writes it on the other, and on two cores they share. Measured on it: quality 1 in 0.75 s of CPU for
      // 30.9 MB, 3 in 1.85 s for 30.4 MB, 4 (the plugin's own) in 4.3 s for 28.1 MB; gzip 1 in 1.6 s for
      // 39 MB. A 256 KB window where brotli's default is 4 MB: that export took the server from 142 to 202
      // MB resident, now to about 155 MB. Lists are far smaller than either window.
      brotliOptions: {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
      },
    })
  },
  { name: 'compress' },
)
