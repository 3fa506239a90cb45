import { UPLOADS_PREFIX } from '@vod/contract'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { isSafeKey, type Storage } from '../storage/index.ts'

/**
 * The part of a file of `size` bytes a Range header asks for (RFC 9110, section 14): `bytes=START-END`,
 * `bytes=START-` or `bytes=-LAST` gives a part, or 'unsatisfiable' (416) when it lies past the end. Anything
 * else (no header, another unit such as `items=0-1`, several ranges, a malformed one) is ignored: the whole
 * file, 200, as the RFC lets a server do.
 */
function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'whole' | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/i.exec(header.trim()) : null
  if (!match || (match[1] === '' && match[2] === '')) return 'whole'
  let start: number
  let end: number
  if (match[1] === '') {
    if (Number(match[2]) === 0) return 'unsatisfiable'
    start = Math.max(0, size - Number(match[2]))
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
    if (match[2] !== '' && Number(match[2]) < start) return 'whole'
  }
  return start <= end && start < size ? { start, end } : 'unsatisfiable'
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
      const asked = byteRange(request.headers.range, size)
      if (asked === 'unsatisfiable')
        return reply
          .code(416)
          .header('content-range', `bytes */${size}`)
          .send({ message: request.t('errors.bad_request') })
      const range = asked === 'whole' ? undefined : asked
      const found = await storage.get(key, range)
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
