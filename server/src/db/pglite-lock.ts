import { readFileSync, rmSync, writeFileSync } from 'node:fs'

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite's files belong to one process; a second one opening them would corrupt the database. A lock file
 * holding the owner's pid stops that with a clear message; a lock left by a dead process is taken over.
 * Returns the release function.
 */
export function lockPgliteDir(dir: string): () => void {
  const file = `${dir}.lock`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' })
      return () => rmSync(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(readFileSync(file, 'utf8'))
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner))
        throw new Error(
          `The embedded database ${dir} is in use by process ${owner}. Stop that process, or set DATABASE_URL ` +
            'to share one PostgreSQL server between processes.',
        )
      rmSync(file, { force: true })
    }
  }
  throw new Error(`Could not lock the embedded database ${dir}.`)
}
