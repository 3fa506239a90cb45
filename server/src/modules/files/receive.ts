import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, open, rm } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { FastifyRequest } from 'fastify'
import { fileTypeFromFile } from 'file-type'
import { ApiError, invalidField } from '../../lib/errors.ts'
import { filePart } from '../../lib/file-part.ts'
import { MAX_FILE_NAME } from './block-list.ts'
import type { UploadKind } from './kinds.ts'

/** An upload written to a temporary file, its type judged from its content. */
interface Received {
  file: string
  originalName: string
  mime: string
  ext: string
  size: number
}

/** Plain text: no NUL in its first 64 KB, and those bytes are UTF-8. */
async function textType(file: string, originalName: string) {
  const handle = await open(file, 'r')
  try {
    const head = Buffer.alloc(64 * 1024)
    const { bytesRead } = await handle.read(head, 0, head.length, 0)
    const bytes = head.subarray(0, bytesRead)
    if (bytes.includes(0)) return null
    try {
      // stream: a character cut at the end of the 64 KB is not an error, a broken one before it is.
      new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true })
    } catch {
      return null
    }
    return originalName.toLowerCase().endsWith('.csv')
      ? { mime: 'text/csv', ext: 'csv' }
      : { mime: 'text/plain', ext: 'txt' }
  } finally {
    await handle.close()
  }
}

/**
 * Streams the multipart field `file` to a temporary file under DATA_DIR/tmp (never whole in memory),
 * stopping at the kind's size (413), then judges its type by content (415). The caller owns the file and
 * must call `discard` when done; on any failure here it is already gone.
 */
export async function receiveUpload(request: FastifyRequest, kind: UploadKind, tmpDir: string) {
  const part = await filePart(request, { fileSize: kind.maxBytes }, 'errors.file_missing')
  // Before anything reads the name (the block list): a long name costs every later step.
  if (part.filename.length > MAX_FILE_NAME)
    throw invalidField('file', 'errors.file_name_too_long', { max: MAX_FILE_NAME })
  await mkdir(tmpDir, { recursive: true })
  const file = path.join(tmpDir, `upload-${randomUUID()}`)
  try {
    try {
      await pipeline(part.file, createWriteStream(file, { flags: 'wx', mode: 0o600 }))
    } catch {
      // The body ended before the file did (a dropped connection, a cut-off form).
      throw new ApiError(400, 'errors.upload_incomplete')
    }
    // Past the limit the parser stops the file short and marks it.
    if (part.file.truncated) throw new ApiError(413, 'errors.too_large')
    const size = part.file.bytesRead
    const detected = await fileTypeFromFile(file)
    const type =
      detected && (kind.types as readonly string[]).includes(detected.mime)
        ? { mime: detected.mime, ext: detected.ext }
        : !detected && kind.text
          ? await textType(file, part.filename)
          : null
    if (!type)
      throw new ApiError(415, 'errors.file_type', {
        allowed: [...kind.types.map((t) => t.split('/')[1]), ...(kind.text ? ['txt', 'csv'] : [])].join(', '),
      })
    return { file, originalName: part.filename, mime: type.mime, ext: type.ext, size } satisfies Received
  } catch (error) {
    await discard(file)
    throw error
  }
}

export const discard = (file: string) => rm(file, { force: true })
