import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { repoRoot } from '../paths.ts'
import { type Database, type Db, queryRows } from './client.ts'
import { replaceDeltaType } from './kept-figures.ts'
import { readSqlSources, type SqlSource } from './live-sql.ts'

const migrationsFolder = path.join(repoRoot, 'server', 'drizzle')

/**
 * Prepares the database: the committed drizzle-kit migrations (server/drizzle: tables, types, indexes and
 * the rows they need), then the live SQL (server/src/db/sql: functions, the aggregate and triggers) when
 * its files changed since last applied. On PostgreSQL this holds the shared startup lock, so several
 * processes starting together prepare it once, one after the other.
 */
export async function migrate(database: Database): Promise<void> {
  await database.exclusive(async () => {
    await refuseBeforeBaseline(database.db)
    await database.applyMigrations({ migrationsFolder })
    await applySqlSources(database.db)
  })
}

/**
 * Migrations 0000-0030 were folded into 0000_baseline, which stands where 0030 stood: a database they left
 * at 0030 skips it, an empty one starts from it. One they left earlier would be given the baseline over
 * its tables, so it is refused, saying how to upgrade it.
 */
async function refuseBeforeBaseline(db: Db): Promise<void> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { when: number; tag: string }[]
  }
  const baseline = journal.entries[0] as { when: number; tag: string }
  const [kept] = await queryRows<{ kept: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as kept`,
  )
  if (!kept?.kept) return
  const [last] = await queryRows<{ last: string | null }>(
    db,
    sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
  )
  if (last?.last && Number(last.last) < baseline.when)
    throw new Error(
      `This database was last migrated on ${new Date(Number(last.last)).toISOString()}, before ${baseline.tag} folded ` +
        'the migrations up to 0030_figure_tails into one. Start it once with the commit before that change ' +
        '(git log --diff-filter=A -- server/drizzle/0000_baseline.sql), then with this one.',
    )
}

/** Statements in the order they can be made: functions, then the aggregates over them, then the triggers. */
const rank = (statement: string) => {
  const made = statement.replace(/^(\s*--[^\n]*\n)*\s*/, '')
  if (/^CREATE OR REPLACE TRIGGER/i.test(made)) return 2
  if (/^CREATE OR REPLACE AGGREGATE/i.test(made)) return 1
  return 0
}

/**
 * The live SQL, applied when its files changed: every statement is a CREATE OR REPLACE, so applying them
 * all again is safe, and one transaction makes the change whole or not at all. Their digest is kept beside
 * drizzle's own record of migrations. Bodies are checked when called, not when made (as pg_dump restores
 * them), so one file's function may call another's whatever their order; server/test/live-sql.test.ts runs
 * every one. Dropping an object, or changing a function's result type, is a migration's work, done before;
 * but the delta type, which follows the figure registry, is made again here when it differs (kept-figures.ts).
 */
export async function applySqlSources(db: Db, sources?: SqlSource[]): Promise<void> {
  sources ??= await readSqlSources()
  const digest = createHash('sha256').update(JSON.stringify(sources)).digest('hex')
  await db.execute(sql`create table if not exists drizzle.vod_sql_sources (digest text not null)`)
  const [applied] = await queryRows<{ digest: string }>(db, sql`select digest from drizzle.vod_sql_sources`)
  if (applied?.digest === digest) return
  const statements = sources.flatMap((source) => source.statements).sort((a, b) => rank(a) - rank(b))
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local check_function_bodies = off`)
    await replaceDeltaType(tx)
    for (const statement of statements) await tx.execute(sql.raw(statement))
    await tx.execute(sql`delete from drizzle.vod_sql_sources`)
    await tx.execute(sql`insert into drizzle.vod_sql_sources (digest) values (${digest})`)
  })
}
