import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'

/**
 * File names editors may not upload (content taken down, names reserved): DATA_DIR/blocklist.txt, one entry
 * a line, `*` matching any run of characters, case-insensitive, `#` starting a comment. Read again whenever
 * the file changes, so an edit needs no restart; no file means nothing is blocked.
 */
export function blockList(dataDir: string) {
  const file = path.join(dataDir, 'blocklist.txt')
  let seen = -1
  let entries: { entry: string; pattern: RegExp }[] = []

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
        .map((entry) => ({ entry, pattern: wildcard(entry) }))
    }
    return entries
  }

  return {
    /** The entry that blocks `name` (compared by its last path segment), or null. */
    async match(name: string): Promise<string | null> {
      const base = name.split(/[\\/]/).pop() ?? name
      return (await current()).find(({ pattern }) => pattern.test(base))?.entry ?? null
    },
  }
}

function wildcard(entry: string): RegExp {
  const escaped = entry.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')
  return new RegExp(`^${escaped}$`, 'i')
}
