import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'

/** Longer file names are refused before any matching (most file systems stop at 255 too). */
export const MAX_FILE_NAME = 255

/**
 * File names editors may not upload (content taken down, names reserved): DATA_DIR/blocklist.txt, one entry
 * a line, `*` matching any run of characters, case-insensitive, `#` starting a comment. Read again whenever
 * the file changes, so an edit needs no restart; no file means nothing is blocked.
 */
export function blockList(dataDir: string) {
  const file = path.join(dataDir, 'blocklist.txt')
  let seen = -1
  let entries: { entry: string; parts: string[] }[] = []

  async function current() {
    const info = await stat(file).catch(() => null)
    const stamp = info ? info.mtimeMs + info.size : 0
    if (stamp !== seen) {
      seen = stamp
      const text = info ? await readFile(file, 'utf8') : ''
      entries = text
        .split(/\r?\n/)
        .map((line) => line.replace(/#.*/, '').trim())
        .filter(Boolean)
        .map((entry) => ({ entry, parts: entry.toLowerCase().split('*') }))
    }
    return entries
  }

  return {
    /** The entry that blocks `name` (compared by its last path segment), or null. Callers refuse names over MAX_FILE_NAME first. */
    async match(name: string): Promise<string | null> {
      if (name.length > MAX_FILE_NAME) throw new RangeError('file name too long to match')
      const base = (name.split(/[\\/]/).pop() ?? name).toLowerCase()
      return (await current()).find(({ parts }) => wildcardMatch(parts, base))?.entry ?? null
    },
  }
}

/**
 * Whether `name` matches a pattern given as its pieces between `*`s (`'a*b'.split('*')`), without
 * backtracking: the first piece must start the name, the last end it, and each one between is taken at its
 * leftmost place after the one before (leftmost is always safe when `*` is the only wildcard). At most one
 * scan of the name per piece, whatever the pattern: no RegExp is built from the file's text.
 */
export function wildcardMatch(parts: readonly string[], name: string): boolean {
  if (parts.length === 1) return name === parts[0]
  const first = parts[0] as string
  const last = parts[parts.length - 1] as string
  if (first.length + last.length > name.length || !name.startsWith(first) || !name.endsWith(last))
    return false
  let at = first.length
  const end = name.length - last.length
  for (const piece of parts.slice(1, -1)) {
    if (!piece) continue // runs of `*` collapse
    const found = name.indexOf(piece, at)
    if (found < 0 || found + piece.length > end) return false
    at = found + piece.length
  }
  return true
}
