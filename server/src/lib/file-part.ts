import type { MultipartFile } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { ApiError, invalidField } from './errors.ts'

/** Where busboy's own limits are hit: the errors plugin answers those 413 by their code. */
const LIMIT_CODES = /^FST_(REQ_FILE_TOO_LARGE|FILES_LIMIT|PARTS_LIMIT|FIELDS_LIMIT)$/

/**
 * A failure while reading a multipart body: a body busboy cannot read (no boundary, garbage, a part cut
 * off) is the client's, 400; what the route or busboy's limits decided keeps its answer.
 */
export function multipartFailure(error: unknown): unknown {
  if (error instanceof ApiError) return error
  if (LIMIT_CODES.test(String((error as { code?: unknown })?.code ?? ''))) return error
  return new ApiError(400, 'errors.bad_multipart')
}

/**
 * The one file of a multipart request, in field `file` (API.md "Files and CSV"): `missing` names the 422
 * when the form has none; a malformed body is 400.
 */
export async function filePart(
  request: FastifyRequest,
  limits: { fileSize: number },
  missing: 'errors.file_missing' | 'errors.file_required',
): Promise<MultipartFile> {
  if (!request.isMultipart()) throw invalidField('file', missing)
  let part: MultipartFile | undefined
  try {
    part = await request.file({ limits: { ...limits, files: 1 } })
  } catch (error) {
    throw multipartFailure(error)
  }
  if (part?.fieldname !== 'file') throw invalidField('file', missing)
  return part
}
