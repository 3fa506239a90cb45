import type { Readable } from 'node:stream'

/** Bytes `start` to `end`, both included (HTTP Range). */
interface ByteRange {
  start: number
  end: number
}

/** A stored file as it is read back. */
interface StoredFile {
  /** The whole file, or the range asked for. */
  body: Readable
  /** The whole file's size. */
  size: number
  contentType: string
}

/**
 * Where uploaded files live: the local disk under the data directory, or an S3-compatible bucket. Keys are
 * relative paths with `/` separators (`images/2026/11/3f9c….png`), chosen by the server, never by a client.
 */
export interface Storage {
  readonly kind: 'disk' | 's3'
  /** Stores the local file `source` (a finished upload) under `key`. */
  put(key: string, source: string, contentType: string): Promise<void>
  get(key: string, range?: ByteRange): Promise<StoredFile | null>
  /** The file's size, or null when there is none under `key`. */
  size(key: string): Promise<number | null>
  delete(key: string): Promise<void>
}

/** A key a client names (checkFile*, /uploads/…): relative, no `..`, no backslashes or empty segments. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 500 || key.startsWith('/') || key.includes('\\')) return false
  return key.split('/').every((part) => part !== '' && part !== '.' && part !== '..' && !part.includes('\0'))
}
