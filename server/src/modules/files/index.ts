import { randomUUID } from 'node:crypto'
import path from 'node:path'
import {
  blockListQuery,
  blockListRecord,
  fileCheckQuery,
  fileCheckRecord,
  UPLOADS_PREFIX,
  type UploadedFile,
  uploadedFileRecord,
} from '@vod/contract'
import type { FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ApiError, invalidField } from '../../lib/errors.ts'
import { dataOf, errorBody, protectedErrors } from '../../lib/responses.ts'
import { diskStorage } from '../../storage/disk.ts'
import { isSafeKey, uploadsDir } from '../../storage/index.ts'
import type { ApiModule } from '../types.ts'
import { blockList } from './block-list.ts'
import { type UploadKind, uploadKinds } from './kinds.ts'
import { imageSize, videoDuration } from './media.ts'
import { discard, receiveUpload } from './receive.ts'

const tags = ['files']
const uploadErrors = { ...protectedErrors, 413: errorBody, 415: errorBody } as const

/** A key under a month folder: random, so names neither collide nor can be guessed. */
function newKey(kind: UploadKind, ext: string) {
  const now = new Date()
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`
  return `${kind.folder}/${month}/${randomUUID()}.${ext}`
}

/** A key as a client names it: the key itself or its `/uploads/…` URL; anything else is 422. */
function keyOf(given: string) {
  const key = given.startsWith(UPLOADS_PREFIX) ? given.slice(UPLOADS_PREFIX.length) : given
  if (!isSafeKey(key)) throw invalidField('path', 'validation.in')
  return key
}

/**
 * Uploads (API.md "Files and CSV"; limits and types in docs/operations.md "Uploads"): each file is streamed
 * to a temporary file, judged by its content, measured, then stored (disk or S3, storage/) under a random
 * key, and served back under /uploads/ (plugins/uploads.ts). A refused upload leaves nothing behind.
 */
export const filesModule: ApiModule = async (app, { config, storage }) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const local = diskStorage(uploadsDir(config))
  const blocked = blockList(config.dataDir)
  const tmpDir = path.join(config.dataDir, 'tmp')

  async function store(request: FastifyRequest, kind: UploadKind): Promise<UploadedFile> {
    const received = await receiveUpload(request, kind, tmpDir)
    try {
      const entry = await blocked.match(received.originalName)
      if (entry) throw new ApiError(422, 'errors.file_blocked', { name: received.originalName, entry })
      const dimensions = received.mime.startsWith('image/') ? await imageSize(received.file) : null
      const duration = received.mime.startsWith('video/') ? await videoDuration(received.file) : null
      const key = newKey(kind, received.ext)
      await storage.put(key, received.file, received.mime)
      return {
        url: `${UPLOADS_PREFIX}${key}`,
        path: key,
        size: received.size,
        mime: received.mime,
        width: dimensions?.width ?? null,
        height: dimensions?.height ?? null,
        duration,
      }
    } finally {
      await discard(received.file)
    }
  }

  for (const [name, kind] of Object.entries(uploadKinds))
    r.post(
      `/files/${name}`,
      {
        config: { permission: 'upload-files' },
        schema: {
          tags,
          summary: `Upload ${name === 'upload' ? 'a file' : `one of the ${name}`}`,
          description:
            `multipart/form-data, the file in field \`file\`, at most ${kind.maxBytes / 1024 / 1024} MB; ` +
            `judged by content: ${kind.types.join(', ')}${kind.text ? ', UTF-8 text' : ''} (415 otherwise).`,
          consumes: ['multipart/form-data'],
          response: { 201: dataOf(uploadedFileRecord), ...uploadErrors },
        },
      },
      async (request, reply) => reply.code(201).send({ data: await store(request, kind) }),
    )

  // Where each check looks: the configured storage ("cloud": S3 when set), or this server's own disk.
  const checks = {
    checkFileOnCloud: {
      where: storage,
      summary: 'Whether a stored file exists in the configured storage (S3 when set, else this disk)',
    },
    checkFileOnServer: {
      where: local,
      summary: "Whether a file exists on this server's own disk (DATA_DIR/uploads)",
    },
  }
  for (const [name, { where, summary }] of Object.entries(checks))
    r.get(
      `/files/${name}`,
      {
        config: { permission: 'upload-files' },
        schema: {
          tags,
          summary,
          querystring: fileCheckQuery,
          response: { 200: dataOf(fileCheckRecord), ...protectedErrors },
        },
      },
      async (request) => {
        const key = keyOf(request.query.path)
        const exists = (await where.size(key)) === null ? (0 as const) : (1 as const)
        return { data: { path: key, exists, storage: where.kind } }
      },
    )

  r.get(
    '/files/checkBlockList',
    {
      config: { permission: 'upload-files' },
      schema: {
        tags,
        summary: 'Whether uploads by this file name are refused (DATA_DIR/blocklist.txt)',
        querystring: blockListQuery,
        response: { 200: dataOf(blockListRecord), ...protectedErrors },
      },
    },
    async (request) => {
      const entry = await blocked.match(request.query.name)
      return { data: { name: request.query.name, blocked: entry ? (1 as const) : (0 as const), entry } }
    },
  )
}
