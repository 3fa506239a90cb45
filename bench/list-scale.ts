/**
 * The shared list at a million rows, against its database's own speed. One million tags are loaded by SQL
 * into a fresh PostgreSQL database (dropped after); the real server runs on it as its own process. For each
 * list shape staff use, the statements one request makes are captured from PostgreSQL's statement log (with
 * their parameters), then wrk drives the request at 16 connections and, back to back, pgbench
 * (`-M prepared`, 16 clients) replays the request's statements, then a bare SELECT of the same page.
 * Prints requests a second, p99, transactions a second and the ratios; asserts nothing.
 *
 *   npm run bench                                   # or: npx tsx bench/list-scale.ts [rows]
 *   BENCH_DATABASE_URL=postgres://...  BENCH_SECONDS=10  BENCH_ROUNDS=1  BENCH_PG_LOG=/path/to/server.log
 */
import { sql } from 'drizzle-orm'
import type { RunningServer } from '../e2e/support/server.ts'
import { queryRows } from '../server/src/db/client.ts'
import { createTestDatabase } from '../server/test/support/databases.ts'
import { compareListCases, type ListCase } from './support/list-cases.ts'

const rows = Number(process.argv[2] ?? 1_000_000)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const rounds = Number(process.env.BENCH_ROUNDS ?? 1)
const CONNECTIONS = 16
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
process.env.TEST_DATABASE_URL = adminUrl

const cases = (category: number): ListCase[] => [
  ['first page', '/api/tags', 'select * from tags order by id desc limit 20'],
  [
    'category filter',
    `/api/tags?category_id=${category}`,
    `select * from tags where category_id = ${category} order by id desc limit 20`,
  ],
  // No index gives a type's tags by creation: its ids are planned for the type asked.
  [
    'type filter, sort -created_at',
    '/api/tags?type=studio&sort=-created_at',
    "select * from tags where type = 'studio' order by created_at desc, id limit 20",
  ],
  [
    'keyword',
    '/api/tags?keyword=123456',
    "select * from tags where name ilike '%123456%' order by id desc limit 20",
  ],
  // Every generated name starts "tag ", so its trigrams are in all million rows: two words, each anywhere.
  [
    'keyword, a common word',
    '/api/tags?keyword=ag%20123456',
    "select * from tags where name ilike '%123456%' and name ilike all(array['%ag%']) order by id desc limit 20",
  ],
  ['page 400', '/api/tags?page=400', 'select * from tags order by id desc limit 20 offset 7980'],
]

const database = await createTestDatabase('postgres')
const url = database.url as string
let server: RunningServer | undefined
try {
  const started = performance.now()
  await database.database.db.execute(
    sql`insert into tag_categories (name, sort) select 'category ' || n, n from generate_series(1, 500) as n`,
  )
  await database.database.db.execute(sql`
    insert into tags (name, type, category_id, created_at, updated_at)
    select 'tag ' || n, (array['genre','model','studio'])[1 + n % 3], (select min(id) from tag_categories) + n % 500,
           now() - (n || ' seconds')::interval, now()
    from generate_series(1, ${rows}) as n`)
  await database.database.db.execute(sql`vacuum analyze tags`)
  console.log(`loaded ${rows} tags in ${((performance.now() - started) / 1000).toFixed(1)} s`)

  const [first] = await queryRows<{ id: number }>(
    database.database.db,
    sql`select min(id) + 7 as id from tag_categories`,
  )
  ;({ server } = await compareListCases({
    adminUrl,
    url,
    cases: cases(first?.id ?? 0),
    connections: CONNECTIONS,
    seconds,
    rounds,
  }))
} finally {
  await server?.stop()
  await database.drop()
}
