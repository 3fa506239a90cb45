import { tagTypes } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { tags } from '../src/db/schema/index.ts'
import { defineList, forgetCounts } from '../src/lib/list/index.ts'
import { createTestDatabase, describeEachEngine, type TestDatabase } from './support/databases.ts'

/** How a list tells its total (lib/list/count.ts): exact when small, the planner's estimate, flagged, when large. */
describeEachEngine('list totals', (engine) => {
  let test: TestDatabase
  // One list per cap, as a resource declares its list once (the remembered totals are the list's own).
  const lists = new Map<number, ReturnType<typeof defineList>>()
  const declare = (countCap: number) =>
    defineList({
      table: tags,
      columns: { id: tags.id },
      sortable: { id: tags.id },
      filters: { type: { column: tags.type, type: 'enum', values: tagTypes } },
      keyword: [tags.name],
      defaultSort: 'id',
      countCap,
    })
  const run = (countCap: number, q: Record<string, string>) => {
    const list = lists.get(countCap) ?? declare(countCap)
    lists.set(countCap, list)
    return list.run(test.database.db, list.query.parse(q))
  }

  beforeAll(async () => {
    test = await createTestDatabase(engine)
    await test.database.db.execute(sql`
      insert into tags (name, type) select 'tag ' || n, (array['genre','model','studio'])[1 + n % 3]
      from generate_series(1, 300) as n`)
    await test.database.db.execute(sql`analyze tags`)
  })
  afterAll(() => test?.drop())

  it('counts exactly when the planner expects no more than the cap', async () => {
    const page = await run(10_000, { per_page: '10', type: 'genre' })
    expect(page.meta).toEqual({ current_page: 1, per_page: 10, total: 100, last_page: 10 })
  })

  it('answers the estimate, flagged, when the planner expects more than the cap', async () => {
    const page = await run(50, { per_page: '10' })
    expect(page.meta.total_estimated).toBe(1)
    // Fresh statistics: the estimate is the table's size.
    expect(page.meta.total).toBe(300)
    expect(page.meta.last_page).toBe(30)
  })

  it('is exact without counting on a short page, and zero on an empty first page, whatever the estimate', async () => {
    expect((await run(0, { per_page: '70', page: '5' })).meta).toEqual({
      current_page: 5,
      per_page: 70,
      total: 300,
      last_page: 5,
    })
    expect((await run(0, { keyword: 'no such tag' })).meta).toEqual({
      current_page: 1,
      per_page: 20,
      total: 0,
      last_page: 1,
    })
  })

  it('past the last page, still answers a total (flagged when large)', async () => {
    const past = await run(50, { page: '99' })
    expect(JSON.parse(past.json)).toEqual([])
    expect(past.meta).toMatchObject({ total: 300, total_estimated: 1 })
    expect((await run(10_000, { page: '99' })).meta).toMatchObject({ total: 300 })
  })

  it('remembers an exact count for the next pages until this process writes', async () => {
    const models = { per_page: '10', type: 'model' }
    expect((await run(10_000, models)).meta.total).toBe(100)
    // Rows written behind the server's back (another process) show once the count is forgotten.
    await test.database.db.execute(
      sql`insert into tags (name, type) values ('late 1', 'model'), ('late 2', 'model')`,
    )
    expect((await run(10_000, { ...models, page: '2' })).meta.total).toBe(100)
    forgetCounts()
    expect((await run(10_000, models)).meta.total).toBe(102)
    await test.database.db.execute(sql`delete from tags where name like 'late %'`)
    forgetCounts()
  })
})
