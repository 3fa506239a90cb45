import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PreparingClient } from '../src/db/client.ts'
import { Lru } from '../src/lru.ts'
import { describeOnPostgres } from './support/databases.ts'

describe('a least-recently-used map', () => {
  it('keeps the entries used last and answers the one it displaces', () => {
    const lru = new Lru<string, number>(2)
    expect(lru.set('a', 1)).toBeUndefined()
    lru.set('b', 2)
    expect(lru.get('a')).toBe(1)
    expect(lru.set('c', 3)).toEqual(['b', 2])
    expect(lru.keys()).toEqual(['a', 'c'])
    expect(lru.get('b')).toBeUndefined()
  })
})

/** On PostgreSQL: a connection holds at most 500 prepared texts and keeps preparing new ones past that. */
describeOnPostgres('prepared statements of a connection', () => {
  let client: PreparingClient
  beforeAll(async () => {
    client = new PreparingClient({ connectionString: process.env.TEST_DATABASE_URL })
    await client.connect()
  })
  afterAll(() => client?.end())

  // Through pg's own query(), so the question is not itself prepared.
  const prepared = async () => {
    const plain = pg.Client.prototype.query as (this: pg.Client, text: string) => Promise<pg.QueryResult>
    const { rows } = await plain.call(client, 'select statement from pg_prepared_statements')
    return rows.map((row: { statement: string }) => row.statement)
  }

  it('deallocates the least recently used text, not the first 500 it met', async () => {
    const text = (n: number) => `select ${n}::integer as n`
    for (let n = 1; n <= 500; n++) await client.query({ text: text(n), values: [] })
    await client.query({ text: text(1), values: [] })
    for (let n = 501; n <= 520; n++) await client.query({ text: text(n), values: [] })
    const held = await prepared()
    expect(held).toHaveLength(500)
    // Used again before the new texts came, the first one stays; the next twenty went.
    expect(held).toContain(text(1))
    expect(held).not.toContain(text(2))
    expect(held).not.toContain(text(21))
    expect(held).toContain(text(520))
    expect((await client.query({ text: text(2), values: [] })).rows).toEqual([{ n: 2 }])
    expect(await prepared()).toContain(text(2))
  })
})
