import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { queryRows } from '../src/db/client.ts'
import {
  checkSqlSources,
  describeDifference,
  readSqlSources,
  type SqlSource,
  type SqlSourceCheck,
} from '../src/db/live-sql.ts'
import { createTestDatabase, describeEachEngine, type TestDatabase } from './support/databases.ts'

/**
 * The functions, aggregates and triggers of a migrated database are the ones server/src/db/sql/*.sql write:
 * none without a file, no file of something not live, and each definition the live one (as PostgreSQL writes
 * both back, white space aside). A start applies the files (migrate.ts); a function or trigger a migration
 * makes and no file defines, or a file that is not applied, fails here.
 */
describeEachEngine('the live SQL and its source files', (engine) => {
  let database: TestDatabase
  let sources: SqlSource[]
  let check: SqlSourceCheck

  beforeAll(async () => {
    database = await createTestDatabase(engine)
    sources = await readSqlSources()
    check = await checkSqlSources(database.database.db, sources)
  })
  afterAll(() => database?.drop())

  it('every live function, aggregate and trigger has a source file', () => {
    expect(check.unsourced, 'live, and in no file of server/src/db/sql').toEqual([])
    expect(check.statements.length).toBeGreaterThan(60)
  })

  it('each statement of the files defines something, and nothing is defined twice', () => {
    expect(check.problems).toEqual([])
  })

  it('each source file holds the live definitions', () => {
    expect(check.differences.map(describeDifference)).toEqual([])
  })

  // The check itself, on a source changed here: it sees a body change, not a re-indentation.
  it('a changed body differs; the same body indented otherwise does not', async () => {
    const [statement] = sources.find((s) => s.file === 'csv-text.sql')?.statements ?? []
    const changed = statement?.replace("THEN '''' || value", "THEN '''' || trim(value)") ?? ''
    expect(changed).not.toBe(statement)
    const result = await checkSqlSources(database.database.db, [
      { file: 'csv-text.sql', statements: [changed] },
    ])
    expect(result.differences.map((d) => d.key)).toEqual(['function vod_csv_text(text)'])
    expect(describeDifference(result.differences[0] as never)).toContain('trim(value)')

    const reindented = statement?.replace(/\n {2}/g, '\n      ').replace(' AS $$', () => '\nAS $$') ?? ''
    expect(reindented).not.toBe(statement)
    const same = await checkSqlSources(database.database.db, [
      { file: 'csv-text.sql', statements: [reindented] },
    ])
    expect(same.differences).toEqual([])
  })

  it('a file of something not live, and a live object without its file, are told; nothing stays', async () => {
    const result = await checkSqlSources(database.database.db, [
      {
        file: 'nowhere.sql',
        statements: [
          'CREATE OR REPLACE FUNCTION vod_nowhere() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$',
        ],
      },
    ])
    expect(result.differences).toEqual([
      expect.objectContaining({ key: 'function vod_nowhere()', file: 'nowhere.sql', live: null }),
    ])
    expect(result.unsourced).toContain('function vod_csv_text(text)')
    expect(result.unsourced).toContain('trigger orders_rollup_update on orders')
    const left = await queryRows(
      database.database.db,
      sql`select 1 from pg_proc where proname = 'vod_nowhere'`,
    )
    expect(left).toEqual([])
  })
})
