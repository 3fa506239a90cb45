/** The content type a stored file is served with, by the extension the server gave it. */
const types: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  pdf: 'application/pdf',
  zip: 'application/zip',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
}

export function lookupType(key: string): string {
  return types[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream'
}
