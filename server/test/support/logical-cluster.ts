import { execFile } from 'node:child_process'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import postgres from 'pg'
import { freePort } from '../../../e2e/support/server.ts'
import { scaled } from '../../../test/support/time.ts'

const run = promisify(execFile)

export interface Cluster {
  /** postgres://postgres@127.0.0.1:port/<database> */
  url: (database: string) => string
  /** Creates a database of the cluster's own and answers its URL. */
  createDatabase: (database: string) => Promise<string>
  stop: () => Promise<void>
}

/**
 * A PostgreSQL cluster of the test's own with logical decoding (wal_level = logical), on a free port, with
 * the machine's binaries (pg_config --bindir): the machine's own PostgreSQL has wal_level = replica and
 * takes no replication connections. As the postgres user when this runs as root (initdb refuses root).
 * Durability off (fsync), which the tests do not measure; `extra` settings as `name=value`. Stopped and
 * removed by `stop`.
 */
export async function startLogicalCluster(extra: string[] = []): Promise<Cluster> {
  const bin = (await run('pg_config', ['--bindir'])).stdout.trim()
  const dir = await mkdtemp(path.join(tmpdir(), 'vod-logical-'))
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout)
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout)
    await chown(dir, uid, gid)
  }
  const pg = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], { cwd: dir })
      : run(path.join(bin, program), args, { cwd: dir })
  const data = path.join(dir, 'data')
  const port = await freePort()
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'])
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c wal_level=logical',
    '-c max_wal_senders=10',
    '-c max_replication_slots=10',
    '-c max_prepared_transactions=16',
    '-c max_connections=80',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    ...extra.map((setting) => `-c ${setting}`),
  ]
  const wait = String(Math.ceil(scaled(60_000) / 1000))
  await pg('pg_ctl', ['-D', data, '-w', '-t', wait, '-l', `${data}.log`, '-o', settings.join(' '), 'start'])
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`
  return {
    url,
    createDatabase: async (database) => {
      const admin = new postgres.Client({ connectionString: url('postgres') })
      await admin.connect()
      try {
        await admin.query(`create database "${database}"`)
      } finally {
        await admin.end()
      }
      return url(database)
    },
    stop: async () => {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined)
      await rm(dir, { recursive: true, force: true })
    },
  }
}
