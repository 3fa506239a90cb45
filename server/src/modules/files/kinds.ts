/**
 * What each upload route takes (API.md "Files and CSV"; docs/operations.md "Uploads"): judged by content, not
 * by name.
 */
export interface UploadKind {
  /** The folder of its keys in storage. */
  folder: 'images' | 'videos' | 'files'
  /** Content types taken, as `file-type` detects them; a `text` kind also takes UTF-8 text it cannot detect. */
  types: readonly string[]
  text: boolean
  maxBytes: number
}

const MB = 1024 * 1024
const imageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'] as const
const videoTypes = ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-matroska'] as const

export const uploadKinds = {
  images: { folder: 'images', types: imageTypes, text: false, maxBytes: 10 * MB },
  videos: { folder: 'videos', types: videoTypes, text: false, maxBytes: 1024 * MB },
  upload: {
    folder: 'files',
    types: [...imageTypes, ...videoTypes, 'application/pdf', 'application/zip'],
    text: true,
    maxBytes: 50 * MB,
  },
} as const satisfies Record<string, UploadKind>
