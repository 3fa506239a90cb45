import { UPLOADS_PREFIX } from '@vod/contract'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { isSafeKey, type Storage } from '../storage/index.ts'

/** `bytes=START-END`, `bytes=START-` or `bytes=-LAST` over a file of `size` bytes; null when unusable. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!match || (match[1] === '' && match[2] === '')) return null
  let start: number
  let end: number
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]))
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  }
  return start <= end && start < size ? { start, end } : null
}

/**
 * Serves uploaded files at /uploads/<key>, from whichever storage holds them (so S3 needs no public
 * bucket). Public like the web app's own files: keys are random and unguessable, and a browser showing a
 * cover in an <img> sends no token. Keys are never rewritten, so answers are cached for a year; Range is
 * honoured so a video can be sought. Only the types the upload routes take are ever stored.
 */
export const uploadsPlugin = fp(
  async (app: FastifyInstance, { storage }: { storage: Storage }) => {
    app.get(`${UPLOADS_PREFIX}*`, async (request, reply) => {
      const key = (request.params as { '*': string })['*']
      const size = isSafeKey(key) ? await storage.size(key) : null
      if (size === null) return reply.code(404).send({ message: request.t('errors.not_found') })
      const range = byteRange(request.headers.range, size)
      if (request.headers.range && !range)
        return reply
          .code(416)
          .header('content-range', `bytes */${size}`)
          .send({ message: request.t('errors.bad_request') })
      const found = await storage.get(key, range ?? undefined)
      if (!found) return reply.code(404).send({ message: request.t('errors.not_found') })
      reply.header('cache-control', 'public, max-age=31536000, immutable')
      reply.header('accept-ranges', 'bytes')
      reply.type(found.contentType)
      if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      reply.header('content-length', String(range ? range.end - range.start + 1 : size))
      return reply.send(found.body)
    })
  },
  { name: 'uploads', dependencies: ['i18n'] },
)
