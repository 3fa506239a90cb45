import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { describe } from 'vitest'
import { type Database, openDatabase } from '../../src/db/client.ts'
import { migrate } from '../../src/db/migrate.ts'

export type Engine = 'pglite' | 'postgres'

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server we may create databases on. */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

/** Runs the same suite once per engine, so each behaviour is proven on both. */
export function describeEachEngine(name: string, suite: (engine: Engine) => void) {
  for (const engine of engines) describe(`${name} [${engine}]`, () => suite(engine))
}

export interface TestDatabase {
  database: Database
  /** The postgres:// URL of a PostgreSQL test database (null on PGlite). */
  url: string | null
  /** Closes the connection and, on PostgreSQL, drops the database. */
  drop(): Promise<void>
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

/** A fresh, empty database (migrated unless told otherwise): in-memory PGlite or a new PostgreSQL database. */
export async function createTestDatabase(
  engine: Engine,
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const database = await openDatabase({ url: null, pgliteDir: null })
    if (options.migrate !== false) await migrate(database)
    return { database, url: null, drop: () => database.close() }
  }
  const name = `vod_test_${randomBytes(6).toString('hex')}`
  await adminQuery(`create database ${name}`)
  const url = new URL(process.env.TEST_DATABASE_URL as string)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString(), pgliteDir: null })
  if (options.migrate !== false) await migrate(database)
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close()
      await adminQuery(`drop database if exists ${name} with (force)`)
    },
  }
}
