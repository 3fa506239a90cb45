import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { SQL } from 'drizzle-orm'
import type { MigrationConfig } from 'drizzle-orm/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { lockPgliteDir } from './pglite-lock.ts'
import * as schema from './schema/index.ts'

/** The one database type the code sees, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  engine: 'pglite' | 'postgres'
  /** Runs `work` while holding a lock shared by every process on this database (PostgreSQL advisory lock). */
  exclusive<T>(work: () => Promise<T>): Promise<T>
  /** Applies drizzle-kit migrations with the engine's own migrator; see migrate.ts. */
  applyMigrations(config: MigrationConfig): Promise<void>
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** postgres:// URL; absent means embedded PGlite. */
  url: string | null
  /** Where PGlite keeps its files; null keeps it in memory (tests). */
  pgliteDir: string | null
  onPoolError?: (error: Error) => void
}

// Any fixed number works; it only has to be the same in every process of this application.
const STARTUP_LOCK = 7_210_514_001

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.onPoolError)
  return openPglite(options.pgliteDir)
}

async function openPglite(dir: string | null): Promise<Database> {
  if (dir) await mkdir(path.dirname(dir), { recursive: true })
  const unlock = dir ? lockPgliteDir(dir) : () => {}
  let client: PGlite
  try {
    client = await PGlite.create({ ...(dir ? { dataDir: dir } : {}), extensions: { pg_trgm } })
  } catch (error) {
    unlock()
    throw error
  }
  const db = drizzlePglite(client, { schema })
  return {
    db,
    engine: 'pglite',
    // PGlite lives in this one process, so there is nobody to race with.
    exclusive: (work) => work(),
    applyMigrations: (config) => migratePglite(db, config),
    async close() {
      await client.close()
      unlock()
    },
  }
}

async function openPostgres(url: string, onPoolError?: (error: Error) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle connection dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', (error) => onPoolError?.(error))
  // Fail at start, with the driver's message, when the database cannot be reached.
  const probe = await pool.connect()
  probe.release()
  const db = drizzlePg(pool, { schema })
  return {
    db,
    engine: 'postgres',
    async exclusive(work) {
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK])
        try {
          return await work()
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK])
        }
      } finally {
        client.release()
      }
    },
    applyMigrations: (config) => migrateNodePg(db, config),
    close: () => pool.end(),
  }
}

/** Rows of a raw query; both drivers answer `{ rows }`, which the shared Db type cannot know. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
