import { createReadStream } from 'node:fs'
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { lookupType } from './content-types.ts'
import type { Storage } from './storage.ts'

/** Files under one directory (DATA_DIR/uploads): the default. */
export function diskStorage(root: string): Storage {
  const full = (key: string) => path.join(root, ...key.split('/'))
  return {
    kind: 'disk',
    async put(key, source) {
      const target = full(key)
      await mkdir(path.dirname(target), { recursive: true })
      // Same file system: a rename, so a reader never sees half a file. Across file systems: copy, then rename.
      try {
        await rename(source, target)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
        await copyFile(source, `${target}.part`)
        await rename(`${target}.part`, target)
      }
    },
    async get(key, range) {
      const info = await stat(full(key)).catch(() => null)
      if (!info?.isFile()) return null
      return { body: createReadStream(full(key), range), size: info.size, contentType: lookupType(key) }
    },
    async size(key) {
      const info = await stat(full(key)).catch(() => null)
      return info?.isFile() ? info.size : null
    },
    async delete(key) {
      await rm(full(key), { force: true })
    },
  }
}
