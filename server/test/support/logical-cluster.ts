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
  /** Its data directory, and the directory of the test's own that holds it. */
  data: string
  dir: string
  /** Runs a program (one of the binaries' by its name, else from PATH) as the user the cluster runs as. */
  run: (program: string, args: string[]) => Promise<unknown>
  /** Starts it again after `run('pg_ctl', [..., 'stop'])`, with its settings. */
  start: () => Promise<void>
  /** Stops it at once and removes its directory. */
  stop: () => Promise<void>
}

/** The owner a cluster runs as: postgres when this runs as root (initdb refuses root). */
export async function clusterOwner(): Promise<{ uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout)
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout)
  return { uid, gid }
}

/**
 * A cluster on a data directory that exists (made by initdb, or a copy of another's), started on `port` with
 * `settings` (`name=value`), with the binaries of `bin`.
 */
export async function clusterOn(
  bin: string,
  dir: string,
  data: string,
  port: number,
  settings: string[],
): Promise<Cluster> {
  const owner = await clusterOwner()
  const program = (name: string) =>
    ['initdb', 'pg_ctl', 'postgres'].includes(name) ? path.join(bin, name) : name
  const as = (name: string, args: string[]) =>
    owner
      ? run('runuser', ['-u', 'postgres', '--', program(name), ...args], { cwd: dir })
      : run(program(name), args, { cwd: dir })
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    ...settings.map((s) => `-c ${s}`),
  ]
  const wait = String(Math.ceil(scaled(60_000) / 1000))
  const start = async () => {
    await as('pg_ctl', ['-D', data, '-w', '-t', wait, '-l', `${data}.log`, '-o', options.join(' '), 'start'])
  }
  await start()
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`
  return {
    url,
    data,
    dir,
    run: as,
    start,
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
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined)
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/**
 * A PostgreSQL cluster of the test's own with logical decoding (wal_level = logical), on a free port, with
 * the machine's binaries (pg_config --bindir) or those of `bin`: the machine's own PostgreSQL has
 * wal_level = replica and takes no replication connections. Durability off (fsync), which the tests do not
 * measure; `extra` settings as `name=value`. Stopped and removed by `stop`.
 */
export async function startLogicalCluster(extra: string[] = [], bin?: string): Promise<Cluster> {
  const binaries = bin ?? (await run('pg_config', ['--bindir'])).stdout.trim()
  const dir = await mkdtemp(path.join(tmpdir(), 'vod-logical-'))
  const owner = await clusterOwner()
  if (owner) await chown(dir, owner.uid, owner.gid)
  const data = path.join(dir, 'data')
  const initdb = ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']
  await (owner
    ? run('runuser', ['-u', 'postgres', '--', path.join(binaries, 'initdb'), ...initdb], { cwd: dir })
    : run(path.join(binaries, 'initdb'), initdb, { cwd: dir }))
  return clusterOn(binaries, dir, data, await freePort(), [...LOGICAL_SETTINGS, ...extra])
}

/** A logical cluster's settings (a standby of one needs as many connections, senders and slots). */
export const LOGICAL_SETTINGS = [
  'wal_level=logical',
  'max_wal_senders=10',
  'max_replication_slots=10',
  'max_prepared_transactions=16',
  'max_connections=80',
  'fsync=off',
  'synchronous_commit=off',
  'full_page_writes=off',
]
