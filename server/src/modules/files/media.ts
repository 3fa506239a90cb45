import { execFile } from 'node:child_process'
import { open } from 'node:fs/promises'
import { promisify } from 'node:util'
import { MAX_VIDEO_SECONDS } from '@vod/contract'
import { imageSizeFromFile } from 'image-size/fromFile'

/** Width and height of an image file; null where the format does not say. */
export async function imageSize(file: string): Promise<{ width: number; height: number } | null> {
  try {
    const { width, height } = await imageSizeFromFile(file)
    return width && height ? { width, height } : null
  } catch {
    return null
  }
}

const run = promisify(execFile)

/** Seconds of a video: ffprobe when installed; otherwise the MP4 / QuickTime header; else null. */
export async function videoDuration(file: string): Promise<number | null> {
  try {
    const { stdout } = await run(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file],
      { timeout: 10_000 },
    )
    const seconds = plausible(Number(stdout.trim()))
    if (seconds !== null) return seconds
  } catch {
    // Not installed, or the file is beyond it: the header may still tell.
  }
  return mp4Duration(file)
}

/**
 * A duration a video can have, to the millisecond, or null: the header is the uploader's to write, and a
 * claim past the longest video the catalogue takes (2^32 s, say) is no duration at all.
 */
function plausible(seconds: number): number | null {
  return Number.isFinite(seconds) && seconds >= 0 && seconds <= MAX_VIDEO_SECONDS
    ? Math.round(seconds * 1000) / 1000
    : null
}

/** An ISO base media box header: its size and type, from 8 bytes (16 for a 64-bit size). */
async function readBox(handle: import('node:fs/promises').FileHandle, at: number) {
  const head = Buffer.alloc(16)
  const { bytesRead } = await handle.read(head, 0, 16, at)
  if (bytesRead < 8) return null
  let size = head.readUInt32BE(0)
  const type = head.toString('latin1', 4, 8)
  let header = 8
  if (size === 1 && bytesRead >= 16) {
    size = Number(head.readBigUInt64BE(8))
    header = 16
  }
  return { size, type, header }
}

/** The duration in the `moov/mvhd` box of an MP4 or QuickTime file, reading only box headers. */
export async function mp4Duration(file: string): Promise<number | null> {
  const handle = await open(file, 'r')
  try {
    const { size: end } = await handle.stat()
    let at = 0
    let limit = end
    while (at + 8 <= limit) {
      const box = await readBox(handle, at)
      if (!box || box.size < box.header) return null
      if (box.type === 'moov') {
        // Step inside: mvhd is one of its children.
        limit = at + box.size
        at += box.header
        continue
      }
      if (box.type === 'mvhd') {
        const body = Buffer.alloc(32)
        await handle.read(body, 0, 32, at + box.header)
        const version = body.readUInt8(0)
        const timescale = version === 1 ? body.readUInt32BE(20) : body.readUInt32BE(12)
        const units = version === 1 ? Number(body.readBigUInt64BE(24)) : body.readUInt32BE(16)
        return timescale > 0 ? plausible(units / timescale) : null
      }
      if (box.size === 0) return null
      at += box.size
    }
    return null
  } finally {
    await handle.close()
  }
}
