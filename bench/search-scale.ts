/**
 * The header's search box (`GET /api/search`, issue 39 item 2) over a million members, ten million orders and
 * a million videos, against the database's own speed, in one run on PostgreSQL. The rows are loaded by SQL
 * into a fresh database (dropped after); the real server runs on it as its own process. First each case's
 * statement is planned and run by EXPLAIN ANALYZE, for the values and as a plan made for no value in
 * particular (what a prepared statement may settle on), and any sequential scan of the three large tables is
 * named. Then, for each kind of text staff type, wrk drives the request at 16 connections, beside pgbench
 * replaying the request's statement, a bare Fastify route with `pg` serving the same lookups written plainly
 * (the floor), and pgbench of those lookups (bench/support/list-cases.ts). Prints p50, p99 and requests a
 * second; the goal is under 50 ms p99. Asserts nothing.
 *
 *   npx tsx bench/search-scale.ts [members] [orders] [videos]    BENCH_DATABASE_URL=postgres://...  BENCH_SECONDS=10
 */
import { createHash } from 'node:crypto'
import { SEARCH_CONTAINS_MIN_LENGTH } from '@vod/contract/search'
import { sql } from 'drizzle-orm'
import type { RunningServer } from '../e2e/support/server.ts'
import { queryRows, type Statement } from '../server/src/db/client.ts'
import { containsPatterns } from '../server/src/lib/list/keyword.ts'
import { searchables } from '../server/src/lib/search/searchable.ts'
import { searchStatement } from '../server/src/lib/search/statement.ts'
import { createTestDatabase } from '../server/test/support/databases.ts'
import { bulkLoad } from './support/bulk-load.ts'
import { loadCommerce } from './support/commerce-load.ts'
import { compareListCases, type ListCase } from './support/list-cases.ts'
// Importing the route modules declares every kind the box searches.
import '../server/src/modules/index.ts'

const members = Number(process.argv[2] ?? 1_000_000)
const orderCount = Number(process.argv[3] ?? 10_000_000)
const videoCount = Number(process.argv[4] ?? 1_000_000)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 16
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
process.env.TEST_DATABASE_URL = adminUrl

const WORDS = [
  'Quiet',
  'Summer',
  'Harbour',
  'Night',
  'River',
  'Golden',
  'Silent',
  'Morning',
  'Winter',
  'Ocean',
]
const md5 = (text: string) => createHash('md5').update(text).digest('hex')
/** A row number inside the loaded range, near its middle (the members' and videos' 123456th). */
const nth = (count: number, wanted: number) => Math.min(wanted, Math.max(1, Math.floor(count / 2)))
const titleOf = (n: number) => `${WORDS[n % 10]} ${WORDS[Math.floor(n / 10) % 10]} ${n}`

/** A text as an SQL literal (the bench's own texts, never a caller's). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`

/**
 * The floor: the lookups the box makes for `q`, as a person would write them fast: each searched column's
 * first five rows from its start (the same indexes, the pattern a constant) or, for titles and names, any
 * five containing each of its words; the rows as they are, no JSON, no scope, no grouping or ranking.
 */
function floorOf(q: string): string {
  const lower = literal(`${q.toLowerCase()}%`)
  // Each word anywhere, the index read by the rarest (the bench's texts: one with digits), as the box does.
  const [rarest, ...others] = q
    .split(/\s+/)
    .sort((a, b) => (/\d/.test(b) ? 1 : 0) - (/\d/.test(a) ? 1 : 0))
    .map((word) => literal(`%${word}%`))
  const contains = (column: string) =>
    `${column} ilike ${rarest}${others.length ? ` and ${column} ilike all(array[${others.join(', ')}])` : ''}`
  const prefix = (table: string, column: string) =>
    `(select '${table}' as kind, id, ${column}::text as hit from ${table} where lower(${column}) like ${lower} order by lower(${column}) using ~<~ limit 5)`
  const anywhere = (table: string, column: string) =>
    `(select '${table}' as kind, id, ${column}::text as hit from ${table} where ${contains(column)} limit 5)`
  const parts = [
    prefix('users', 'username'),
    prefix('users', 'email'),
    prefix('orders', 'order_no'),
    prefix('orders', 'transaction_number'),
    prefix('videos', 'serial_number'),
    ...(q.length >= SEARCH_CONTAINS_MIN_LENGTH
      ? [
          anywhere('videos', 'title'),
          anywhere('channels', 'utm_source'),
          anywhere('campaigns', 'name'),
          anywhere('admins', 'username'),
          anywhere('admins', 'name'),
        ]
      : []),
  ]
  return parts.join(' union all ')
}

const database = await createTestDatabase('postgres')
const url = database.url as string
const db = database.database.db
let server: RunningServer | undefined
try {
  await loadCommerce(db, members, orderCount)
  await db.execute(sql`
    insert into campaigns (channel_id, name, position)
    select c.id, 'Campaign ' || c.id || '-' || n, n from channels c, generate_series(1, 4) as n`)
  const words = `(array[${WORDS.map(literal).join(', ')}])`
  const loadedVideos = await bulkLoad(
    db,
    'videos',
    sql`insert into videos (title, serial_number, status, views, created_at, updated_at)
        select ${sql.raw(words)}[1 + n % 10] || ' ' || ${sql.raw(words)}[1 + (n / 10) % 10] || ' ' || n, 'SN-' || n,
               case when n % 5 = 0 then 'draft' else 'published' end, n % 100000,
               now() - (n || ' seconds')::interval, now()
        from generate_series(1, ${videoCount}) as n`,
  )
  console.log(`loaded ${videoCount} videos in ${loadedVideos.toFixed(1)} s`)

  const member = nth(members, 123_456)
  const order = nth(orderCount, 1_234_567)
  const video = nth(videoCount, 123_456)
  const texts: [label: string, q: string][] = [
    ['member: whole e-mail', `member${member}@example.com`],
    ['member: start of username', `member${Math.floor(member / 10)}`],
    ['order: whole number', `ORD${String(order).padStart(9, '0')}`],
    ['order: transaction id', `TX${md5(String(order))}`],
    ['video: serial number', `SN-${video}`],
    ['video: words of a title', titleOf(video).split(' ').slice(1).join(' ').toLowerCase()],
    ['a word in a fifth of titles', WORDS[2]?.toLowerCase() as string],
    ['two letters', 'me'],
  ]

  // What PostgreSQL does for each text, at this size: the one statement by the plan for the values and by
  // the one for none (which a prepared statement may settle on), and what vod_contains_ids runs for the
  // titles, planned for the words as it runs.
  const kinds = searchables.map((found) => ({ found, scope: undefined }))
  const written = (value: unknown) =>
    Array.isArray(value) ? `'{${value.join(',')}}'` : literal(String(value))
  const explain = async ({ text, params }: Statement, mode: string, values = params.map(written)) => {
    await db.execute(sql.raw(`prepare searched as ${text}`))
    await db.execute(sql.raw(`set plan_cache_mode = ${mode}`))
    const rows = await queryRows<Record<string, string>>(
      db,
      sql.raw(`explain (analyze) execute searched(${values.join(', ')})`),
    )
    await db.execute(sql.raw('deallocate searched'))
    await db.execute(sql.raw('reset plan_cache_mode'))
    const plan = rows.map((row) => Object.values(row)[0]).join('\n')
    const scans = ['users', 'orders', 'videos'].filter((table) => plan.includes(`Seq Scan on ${table}`))
    const time = plan.match(/Execution Time: ([\d.]+) ms/)?.[1]
    return `${time} ms, ${scans.length ? `SEQ SCAN of ${scans.join(', ')}` : 'no scan of a large table'}`
  }
  const [titles] = await queryRows<{ text: string }>(
    db,
    sql`select vod_contains_statement('videos', 'id', 'title') as text`,
  )
  console.log('\nplans (EXPLAIN ANALYZE, every kind, a super-admin):')
  for (const [label, q] of texts) {
    const statement = searchStatement(kinds, q)
    if (!statement) continue
    const figures = [
      `for its values ${await explain(statement, 'force_custom_plan')}`,
      `for no value ${await explain(statement, 'force_generic_plan')}`,
    ]
    if (q.length >= SEARCH_CONTAINS_MIN_LENGTH) {
      const words = written(containsPatterns(q))
      const values = [`vod_rarest_pattern('videos', 'title', ${words})`, words, '5']
      figures.push(
        `its titles ${await explain({ text: titles?.text ?? '', params: [] }, 'force_custom_plan', values)}`,
      )
    }
    console.log(`  ${label} (${q}): ${figures.join('; ')}`)
  }

  const cases: ListCase[] = texts.map(([label, q]) => [
    label,
    `/api/search?q=${encodeURIComponent(q)}`,
    floorOf(q),
  ])
  ;({ server } = await compareListCases({
    adminUrl,
    url,
    cases,
    connections: CONNECTIONS,
    seconds,
    p50: true,
  }))
} finally {
  await server?.stop()
  await database.drop()
}
