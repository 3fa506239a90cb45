import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { scaled } from '../../test/support/time.ts'
import { queryRows } from '../src/db/client.ts'
import { readSqlSources, type SqlSource } from '../src/db/live-sql.ts'
import { applySqlSources, migrate } from '../src/db/migrate.ts'
import { createTestDatabase, describeEachEngine, type TestDatabase } from './support/databases.ts'

/** vod_csv_text's definition as the catalogue holds it, and the catalogue row's version (a new one per CREATE). */
const csvText = async (database: TestDatabase) =>
  (
    await queryRows<{ body: string; version: string }>(
      database.database.db,
      sql`select pg_get_functiondef(p.oid) as body, p.ctid::text as version from pg_proc p
        where p.proname = 'vod_csv_text'`,
    )
  )[0]

describeEachEngine('preparing the database', (engine) => {
  let database: TestDatabase
  let sources: SqlSource[]
  beforeAll(async () => {
    database = await createTestDatabase(engine)
    sources = await readSqlSources()
  })
  afterAll(() => database?.drop())

  it('applies a changed source file at the next start, and an unchanged one not again', async () => {
    const changed = sources.map((source) =>
      source.file === 'csv-text.sql'
        ? {
            ...source,
            statements: source.statements.map((s) => s.replace("'''' || value", "'''' || trim(value)")),
          }
        : source,
    )
    expect(JSON.stringify(changed)).not.toBe(JSON.stringify(sources))
    await applySqlSources(database.database.db, changed)
    const applied = await csvText(database)
    expect(applied?.body).toContain('trim(value)')
    await applySqlSources(database.database.db, changed)
    expect((await csvText(database))?.version, 'applied again though nothing changed').toBe(applied?.version)
    await applySqlSources(database.database.db, sources)
    expect((await csvText(database))?.body).not.toContain('trim(value)')
  })

  it('refuses a database the folded migrations left before 0030, creating nothing', {
    timeout: scaled(120_000),
  }, async () => {
    const old = await createTestDatabase(engine, { migrate: false })
    try {
      await old.database.db.execute(sql`create schema drizzle`)
      await old.database.db.execute(
        sql`create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
      )
      // 0028_visitor_planes's moment in the journal of the migrations 0000_baseline replaced.
      await old.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('0028', 1795626810388)`,
      )
      await expect(migrate(old.database)).rejects.toThrow(/before 0000_baseline folded the migrations/)
      const [made] = await queryRows<{ users: string | null }>(
        old.database.db,
        sql`select to_regclass('users')::text as users`,
      )
      expect(made?.users).toBeNull()
    } finally {
      await old.drop()
    }
    // An empty database, not the run's migrated copy: a fresh PGlite is created, half a minute on a busy machine.
  })
})
