import { getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/client.ts'
import * as schema from '../src/db/schema/index.ts'
import { declaredLists } from '../src/lib/resource/define-resource.ts'
// Importing the route modules declares every resource's list.
import '../src/modules/index.ts'
import { createTestDatabase, type TestDatabase } from './support/databases.ts'

/**
 * What the product's lists read at a million rows must have its index in the migrations: a keyword matched
 * from the start its `lower(column) text_pattern_ops` index, a sort led by a joined table's column its
 * `(reference, id)` index (lib/list). Without them the same request walks the whole table.
 */
describe('the indexes the lists rely on', () => {
  let test: TestDatabase
  const definitions = new Map<string, string[]>()
  const product = new Set<unknown>(Object.values(schema))
  const lists = () => declaredLists.filter((list) => product.has(list.table))
  const indexesOf = (table: PgTable) => definitions.get(getTableName(table)) ?? []

  beforeAll(async () => {
    test = await createTestDatabase('pglite')
    const rows = await queryRows<{ table: string; definition: string }>(
      test.database.db,
      sql`select tablename as table, indexdef as definition from pg_indexes where schemaname = 'public'`,
    )
    for (const row of rows)
      definitions.set(row.table, [...(definitions.get(row.table) ?? []), row.definition])
  })
  afterAll(() => test?.drop())

  it('are looked for in every list the product declares', () => {
    expect(lists().some((list) => list.indexed.prefixes.length > 0)).toBe(true)
    expect(lists().some((list) => list.indexed.joinedSorts.length > 0)).toBe(true)
  })

  it('a keyword matched from the start: lower(column) text_pattern_ops', () => {
    const missing = lists().flatMap((list) =>
      list.indexed.prefixes
        .filter((column) => {
          const index = new RegExp(`\\(lower\\(\\(?${column.name}\\)?(::text)?\\) text_pattern_ops\\)`)
          return !indexesOf(column.table).some((definition) => index.test(definition))
        })
        .map((column) => `${getTableName(column.table)}.${column.name}`),
    )
    expect(missing).toEqual([])
  })

  it('a sort led by a joined column: (reference, id)', () => {
    const missing = lists().flatMap((list) =>
      list.indexed.joinedSorts
        .filter((sort) => {
          const index = new RegExp(`USING btree \\(${sort.reference.name}, id[,)]`)
          return !indexesOf(list.table).some((definition) => index.test(definition))
        })
        .map((sort) => `${getTableName(list.table)}(${sort.reference.name}, id)`),
    )
    expect(missing).toEqual([])
  })
})
