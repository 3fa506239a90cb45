import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { scaled } from '../../test/support/time.ts'
import { type SlowStatement, statementName } from '../src/db/client.ts'
import { createTestDatabase, describeEachEngine } from './support/databases.ts'

/**
 * SLOW_QUERY_MS (docs/operations.md "Logs"): a statement slower than it is told with its name and time,
 * never its values; faster ones are not told at all.
 */
describeEachEngine('slow statements', (engine) => {
  it('names a statement slower than the bound, with its time and none of its values', async () => {
    const told: SlowStatement[] = []
    // A bound far above a quick statement's time on a machine busy with the rest of the run (PGlite shares
    // the test's one thread), scaled, and a slow one well past it.
    const bound = scaled(1000)
    const { database, drop } = await createTestDatabase(engine, {
      slow: { ms: bound, log: (s) => told.push(s) },
    })
    try {
      await database.db.execute(
        sql`select pg_sleep(${(bound * 1.5) / 1000}), ${'secret-value'}::text as v from pg_class limit 1`,
      )
      await database.db.execute(sql`select ${'quick-value'}::text as v`)
      expect(told).toEqual([
        { name: expect.stringMatching(/^select pg_class #[0-9a-f]{8}$/), ms: expect.any(Number) },
      ])
      expect(told[0]?.ms).toBeGreaterThanOrEqual(bound)
      expect(JSON.stringify(told)).not.toMatch(/secret-value|quick-value/)
    } finally {
      await drop()
    }
  })
})

it('names statements by verb, first table and a hash of the text', () => {
  expect(statementName('select "id" from "tags" where "id" = $1')).toMatch(/^select tags #[0-9a-f]{8}$/)
  expect(statementName('insert into visits (visitor) values ($1)')).toMatch(/^insert visits #/)
  expect(statementName('update "admins" set "x" = $1')).toMatch(/^update admins #/)
  expect(statementName('select 1')).toBe(statementName('select 1'))
  expect(statementName('select 1')).not.toBe(statementName('select 2'))
})
