import { getTableName, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/client.ts'
import * as schema from '../src/db/schema/index.ts'
import type { KeywordColumn } from '../src/lib/list/index.ts'
import { keywordMatch } from '../src/lib/list/keyword.ts'
import { declaredLists } from '../src/lib/resource/define-resource.ts'
// Importing the route modules declares every resource's list.
import '../src/modules/index.ts'
import { createTestDatabase, type TestDatabase } from './support/databases.ts'

/** A column as PostgreSQL writes it in an index's definition: `email`, `(email)::text`. */
const written = (name: string) => `\\(?${name}\\)?(::text)?`
/** A constant as PostgreSQL writes it there: `'@'::text`. */
const constant = (text: string) => `'${text.replace(/[[\]^]/g, '\\$&')}'(::text)?`

/**
 * Each keyword kind searched on an index of its own (db/schema/columns.ts), the expression it indexes as
 * pg_indexes writes it, and a keyword that kind matches (lib/list/keyword.ts).
 */
const keywordIndexes = {
  prefixes: { expression: (name: string) => `lower\\(${written(name)}\\)`, kind: 'prefix', sample: 'ab' },
  domains: {
    expression: (name: string) => `lower\\(split_part\\(${written(name)}, ${constant('@')}, 2\\)\\)`,
    kind: 'domain',
    sample: 'example.org',
  },
  phones: {
    expression: (name: string) =>
      `reverse\\(regexp_replace\\(${written(name)}, ${constant('[^0-9]')}, ${constant('')}, ${constant('g')}\\)\\)`,
    kind: 'phone',
    sample: '5550100',
  },
} as const

/**
 * What the product's lists read at a million rows must have its index in the migrations: a keyword matched
 * from the start its `lower(column) text_pattern_ops` index (by an e-mail's domain or a phone's last digits,
 * the index of that expression), a sort led by a joined table's column its `(reference, id)` index
 * (lib/list). Without them the same request walks the whole table.
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

  /** The keyword columns of one kind whose expression no index of their table holds. */
  const missingKeywordIndexes = (group: keyof typeof keywordIndexes) =>
    lists().flatMap((list) =>
      list.indexed[group]
        .filter((column) => {
          const index = new RegExp(`\\(${keywordIndexes[group].expression(column.name)} text_pattern_ops\\)`)
          return !indexesOf(column.table).some((definition) => index.test(definition))
        })
        .map((column) => `${getTableName(column.table)}.${column.name}`),
    )

  it('are looked for in every list the product declares', () => {
    expect(lists().some((list) => list.indexed.prefixes.length > 0)).toBe(true)
    expect(lists().some((list) => list.indexed.joinedSorts.length > 0)).toBe(true)
  })

  it('a keyword matched from the start: lower(column) text_pattern_ops', () => {
    expect(missingKeywordIndexes('prefixes')).toEqual([])
  })

  it("a keyword matched by an e-mail's domain or a phone's last digits: that expression text_pattern_ops", () => {
    expect(lists().some((list) => list.indexed.domains.length && list.indexed.phones.length)).toBe(true)
    expect(missingKeywordIndexes('domains')).toEqual([])
    expect(missingKeywordIndexes('phones')).toEqual([])
  })

  it("a channel admin's keyword, a channel at a time: (channel, that expression text_pattern_ops)", () => {
    const scoped = lists().filter((list) => list.channel)
    expect(scoped.map((list) => list.path)).toEqual(expect.arrayContaining(['users', 'orders']))
    const missing = scoped.flatMap((list) =>
      (Object.keys(keywordIndexes) as (keyof typeof keywordIndexes)[]).flatMap((group) =>
        list.indexed[group]
          // A joined table's column (a subscription's member) is not read a channel at a time.
          .filter((column) => column.table === list.table)
          .filter((column) => {
            const index = new RegExp(
              `\\(${list.channel?.name}, ${keywordIndexes[group].expression(column.name)} text_pattern_ops\\)`,
            )
            return !indexesOf(list.table).some((definition) => index.test(definition))
          })
          .map((column) => `${getTableName(list.table)}(${list.channel?.name}, ${group} ${column.name})`),
      ),
    )
    expect(missing).toEqual([])
  })

  it('the keyword kinds are read through their indexes', async () => {
    // Left only bitmap scans, which read an index by a condition, the planner scans the (empty) table
    // whole unless an index serves the condition: then the plan holds it as an Index Cond.
    const unserved: string[] = []
    for (const list of lists())
      for (const [group, { kind, sample }] of Object.entries(keywordIndexes))
        for (const column of list.indexed[group as keyof typeof keywordIndexes]) {
          const match = keywordMatch({ [kind]: column } as KeywordColumn, sample) as SQL
          const plan = await test.database.db.transaction(async (tx) => {
            for (const scan of ['seqscan', 'indexscan', 'indexonlyscan'])
              await tx.execute(sql.raw(`set local enable_${scan} = off`))
            const rows = await queryRows<{ 'QUERY PLAN': unknown }>(
              tx,
              sql`explain (format json) select 1 from ${column.table} where ${match}`,
            )
            return JSON.stringify(rows[0]?.['QUERY PLAN'])
          })
          if (!plan.includes('"Index Cond"'))
            unserved.push(`${kind} ${getTableName(column.table)}.${column.name}`)
        }
    expect(unserved).toEqual([])
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
