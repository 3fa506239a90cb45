import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { describe, expect, inject } from 'vitest'
import { until } from '../../../test/support/time.ts'
import { type Database, openDatabase, type SlowStatements } from '../../src/db/client.ts'
import { migrate } from '../../src/db/migrate.ts'

export type Engine = 'pglite' | 'postgres'

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server we may create databases on. */
const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

/**
 * Runs the same suite once per engine, so each behaviour is proven on both. Without TEST_DATABASE_URL the
 * PostgreSQL half is listed as skipped, saying why, rather than left out without a word.
 */
export function describeEachEngine(name: string, suite: (engine: Engine) => void) {
  for (const engine of engines) describe(`${name} [${engine}]`, () => suite(engine))
  if (!engines.includes('postgres'))
    describe.skip(`${name} [postgres: skipped, set TEST_DATABASE_URL]`, () => suite('postgres'))
}

/** The name a suite needing PostgreSQL's own processes (two servers, a replica, locks) takes, saying why it skips. */
const onPostgres = (name: string) =>
  engines.includes('postgres') ? `${name} [postgres]` : `${name} [postgres: skipped, set TEST_DATABASE_URL]`

/** A suite that only PostgreSQL can run: without TEST_DATABASE_URL it is listed as skipped, saying why. */
export function describeOnPostgres(name: string, suite: () => void) {
  if (engines.includes('postgres')) describe(onPostgres(name), suite)
  else describe.skip(onPostgres(name), suite)
}

/**
 * A test of PostgreSQL's behaviour inside a suite run on both engines: skipped on PGlite, which has no
 * other process, saying so (`why`: what PGlite lacks).
 */
export const onPostgresOnly = (engine: Engine, name: string, why: string) =>
  engine === 'postgres' ? name : `${name} [pglite: skipped, ${why}]`

/** The name of a test run on PGlite only (`it.runIf(engine === 'pglite')`), saying why it is not on PostgreSQL. */
export const onPgliteOnly = (engine: Engine, name: string, why: string) =>
  engine === 'pglite' ? name : `${name} [postgres: skipped, ${why}]`

/**
 * The one engine a test runs on when what it proves is Node's alone (a route registered or not by the
 * configuration, parsing before any statement): PostgreSQL when the run has it, else PGlite. Running it on both
 * proved the same thing twice, at the cost of an app start on a fresh database.
 */
export const neutralEngine: Engine = engines.includes('postgres') ? 'postgres' : 'pglite'

/** The name of such a test (`it.runIf(engine === neutralEngine)`): on the other engine, skipped saying why. */
export const onOneEngine = (engine: Engine, name: string, why: string) =>
  engine === neutralEngine ? name : `${name} [${engine}: skipped, run on ${neutralEngine} only: ${why}]`

/**
 * A suite whose every test proves what Node decides (which values leave in an answer, which routes open) over
 * statements both engines answer alike, PGlite being PostgreSQL's own code: it runs on the neutral engine and
 * is listed as skipped on the other, saying why. Its two halves had proved the same thing twice at twice the cost.
 */
export function describeOnOneEngine(name: string, why: string, suite: (engine: Engine) => void) {
  const other: Engine = neutralEngine === 'postgres' ? 'pglite' : 'postgres'
  describe(`${name} [${neutralEngine}]`, () => suite(neutralEngine))
  describe.skip(`${name} [${other}: skipped, run on ${neutralEngine} only: ${why}]`, () => suite(other))
}

export interface TestDatabase {
  database: Database
  /** The postgres:// URL of a PostgreSQL test database (null on PGlite). */
  url: string | null
  /** Closes the connection and, on PostgreSQL, drops the database. */
  drop(): Promise<void>
}

export async function adminQuery(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await client.connect()
  try {
    return (await client.query(text, values)).rows
  } finally {
    await client.end()
  }
}

/**
 * Drops a test database once the connections its pools were told to end have gone (up to 5 s, scaled), then
 * forces out the rest. A pool's `end()` resolves before its clients' sockets close: forcing at once terminates a
 * backend still closing, and its client raises the FATAL on a pool that no longer listens (an uncaught error).
 */
async function dropTestDatabase(name: string) {
  const open = async () =>
    Number((await adminQuery('select count(*) from pg_stat_activity where datname = $1', [name]))[0]?.count)
  await until('the connections gone', open, (count) => count === 0, { ms: 5_000, every: 50 }).catch(() => {})
  await adminQuery(`drop database if exists ${name} with (force)`)
}

/** TEST_DATABASE_URL with another database name. */
export function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL as string)
  url.pathname = `/${name}`
  return url.toString()
}

/** What global-setup.ts migrated once for this run; nothing outside vitest (the benchmarks), which migrate. */
function templates(): { pglite: string; postgres: string } {
  try {
    return { pglite: inject('pgliteTemplate'), postgres: inject('postgresTemplate') }
  } catch {
    return { pglite: '', postgres: '' }
  }
}

let pgliteTemplate: Promise<Blob> | undefined

/**
 * The test file making a database, as the start of its name (`hostile_writes_`): the server's processes show
 * it, so its load, or a database left behind, says whose it is.
 */
function fileTag(): string {
  let path: string | undefined
  try {
    path = expect.getState().testPath
  } catch {
    // Outside a test file (a bench, the browser suite's setup): no file to name.
  }
  const file = path
    ?.split('/')
    .at(-1)
    ?.replace(/\.test\.tsx?$/, '')
  return file
    ? `${file
        .replace(/[^a-z0-9]+/gi, '_')
        .toLowerCase()
        .slice(0, 30)}_`
    : ''
}

/** The run's migrated PGlite data directory (global-setup.ts), read once; undefined outside vitest. */
function pgliteTemplateBlob(): Promise<Blob> | undefined {
  const file = templates().pglite
  if (file) pgliteTemplate ??= readFile(file).then((bytes) => new Blob([bytes]))
  return file ? pgliteTemplate : undefined
}

/**
 * A DATA_DIR whose embedded database (`pgdata`, where main.ts opens it) is a copy of the run's migrated one, for
 * a test of the real server's process (e2e/support/server.ts `startServer(env, { from })`) that is not about its
 * first start: migrating anew was most of such a start. The caller removes it.
 */
export async function migratedDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vod-migrated-'))
  const template = pgliteTemplateBlob()
  const database = await openDatabase({
    url: null,
    pgliteDir: join(dir, 'pgdata'),
    ...(template ? { pgliteTemplate: await template } : {}),
  })
  try {
    if (!template) await migrate(database)
  } finally {
    await database.close()
  }
  return dir
}

/**
 * A fresh database: in-memory PGlite or a new PostgreSQL database. Migrated ones are copies of the run's
 * template (global-setup.ts); `migrate: false` gives an empty one.
 */
export async function createTestDatabase(
  engine: Engine,
  options: { migrate?: boolean; slow?: SlowStatements } = {},
): Promise<TestDatabase> {
  const template = options.migrate === false ? null : templates()
  const slow = options.slow ? { slow: options.slow } : {}
  if (engine === 'pglite') {
    const blob = template ? pgliteTemplateBlob() : undefined
    const database = await openDatabase({
      url: null,
      pgliteDir: null,
      ...(blob ? { pgliteTemplate: await blob } : {}),
      ...slow,
    })
    if (template && !blob) await migrate(database)
    return { database, url: null, drop: () => database.close() }
  }
  const name = `vod_test_${fileTag()}${randomBytes(6).toString('hex')}`
  await adminQuery(`create database ${name}${template?.postgres ? ` template ${template.postgres}` : ''}`)
  const url = databaseUrl(name)
  const database = await openDatabase({ url, pgliteDir: null, ...slow })
  if (template && !template.postgres) await migrate(database)
  return {
    database,
    url,
    async drop() {
      await database.close()
      await dropTestDatabase(name)
    },
  }
}
