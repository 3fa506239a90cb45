import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase, type SlowStatement, statementName } from '../src/db/client.ts'

/**
 * SLOW_QUERY_MS (docs/operations.md "Logs"): a statement slower than it is told with its name and time,
 * never its values; faster ones are not told at all.
 */
const engines = [
  { engine: 'pglite', url: null },
  ...(process.env.TEST_DATABASE_URL ? [{ engine: 'postgres', url: process.env.TEST_DATABASE_URL }] : []),
]

describe.each(engines)('slow statements [$engine]', ({ url }) => {
  it('names a statement slower than the bound, with its time and none of its values', async () => {
    const told: SlowStatement[] = []
    const database = await openDatabase({ url, pgliteDir: null, slow: { ms: 150, log: (s) => told.push(s) } })
    try {
      await database.db.execute(sql`select pg_sleep(0.3), ${'secret-value'}::text as v from pg_class limit 1`)
      await database.db.execute(sql`select ${'quick-value'}::text as v`)
      expect(told).toEqual([
        { name: expect.stringMatching(/^select pg_class #[0-9a-f]{8}$/), ms: expect.any(Number) },
      ])
      expect(told[0]?.ms).toBeGreaterThanOrEqual(150)
      expect(JSON.stringify(told)).not.toMatch(/secret-value|quick-value/)
    } finally {
      await database.close()
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
