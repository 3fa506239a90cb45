import { z } from 'zod'
import { flag } from '../values.ts'

/** `POST /api/files/images | videos | upload` (API.md "Files and CSV"): what was stored. */
export const uploadedFileRecord = z
  .object({
    /** Where the file is served: `/uploads/<path>` on this server. */
    url: z.string(),
    /** Its key in storage, as checkFileOnCloud and checkFileOnServer take it. */
    path: z.string(),
    size: z.number().int(),
    mime: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    /** Seconds, for videos (null where it cannot be read). */
    duration: z.number().nullable(),
  })
  .meta({ id: 'UploadedFile' })
export type UploadedFile = z.infer<typeof uploadedFileRecord>

/** `GET /api/files/checkFileOnCloud | checkFileOnServer ?path=`: a stored key, or its `/uploads/` URL. */
export const fileCheckQuery = z.object({ path: z.string().min(1).max(520) })

export const fileCheckRecord = z
  .object({
    path: z.string(),
    exists: flag,
    /** Where it was looked for: the configured storage (cloud) or this server's disk. */
    storage: z.enum(['disk', 's3']),
  })
  .meta({ id: 'FileCheck' })

/** `GET /api/files/checkBlockList?name=`: whether uploads by that file name are refused. */
export const blockListQuery = z.object({ name: z.string().min(1).max(255) })

export const blockListRecord = z
  .object({
    name: z.string(),
    blocked: flag,
    /** The block list entry that matched. */
    entry: z.string().nullable(),
  })
  .meta({ id: 'BlockListCheck' })

/** Served files live under this path of the server. */
export const UPLOADS_PREFIX = '/uploads/'
