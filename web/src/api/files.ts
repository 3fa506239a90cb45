import type { UploadedFile } from '@vod/contract'
import { type UploadOptions, upload } from './transfer.ts'

export type { UploadedFile }
/** The upload routes (API.md "Files"): images, videos, or any other file. */
export type UploadKind = 'images' | 'videos' | 'upload'

/** Sends one file to `/files/{kind}` with progress; the server judges its type by content (415 otherwise). */
export async function uploadFile(
  kind: UploadKind,
  file: Blob,
  options?: UploadOptions,
): Promise<UploadedFile> {
  const form = new FormData()
  form.append('file', file, file instanceof File ? file.name : 'upload')
  return (await upload<{ data: UploadedFile }>(`/files/${kind}`, form, options)).data
}
