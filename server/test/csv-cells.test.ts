import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { queryRows } from '../src/db/client.ts'
import { neutralised } from '../src/lib/resource/csv-cells.ts'
import { createTestDatabase, describeEachEngine, type TestDatabase } from './support/databases.ts'

/** Cells of every kind the two writers meet: each first character a spreadsheet runs, numbers, the rest. */
const texts = [
  '=SUM(A1)',
  '+1 555',
  '-5.5x',
  '-19.99',
  '-7',
  '-',
  '-.5',
  '@user',
  '\tTab',
  '\rReturn',
  '+',
  '=',
  '',
  'plain',
  '东京之夜',
  'é=',
  ' =not first',
  "'=already",
  '1.5',
  '-1.5.5',
]

/** A CSV cell as PostgreSQL writes it for COPY (vod_csv_text) and as Node does (neutralised): one rule. */
describeEachEngine('CSV text cells', (engine) => {
  let test: TestDatabase
  beforeAll(async () => {
    test = await createTestDatabase(engine)
  })
  afterAll(() => test?.drop())

  it('defuse the same cells in SQL as in Node, and keep a null null', async () => {
    const rows = await queryRows<{ text: string | null; cell: string | null }>(
      test.database.db,
      sql`select text, vod_csv_text(text) as cell from json_array_elements_text(${JSON.stringify([...texts, null])}::json) as text`,
    )
    expect(rows).toHaveLength(texts.length + 1)
    for (const { text, cell } of rows) expect(cell).toBe(text === null ? null : neutralised(text))
    expect(rows.filter(({ text, cell }) => text !== cell).map(({ cell }) => cell)).toEqual([
      "'=SUM(A1)",
      "'+1 555",
      "'-5.5x",
      "'-",
      "'-.5",
      "'@user",
      "'\tTab",
      "'\rReturn",
      "'+",
      "'=",
      "'-1.5.5",
    ])
  })
})
