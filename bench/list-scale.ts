/**
 * How the shared list machinery behaves on a large table: 1M tags in a fresh PostgreSQL database, then
 * timed requests over real HTTP for the list shapes staff use all day. Prints figures; asserts nothing.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/list-scale.ts [rows]
 */
import { sql } from 'drizzle-orm'
import { startTestApp } from '../server/test/support/harness.ts'

const rows = Number(process.argv[2] ?? 1_000_000)
process.env.TEST_DATABASE_URL ??=
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

const t = await startTestApp('postgres')
try {
  const started = performance.now()
  await t.db.execute(sql`
    insert into tags (name, type, category_id, created_at, updated_at)
    select 'tag ' || n, (array['genre','model','studio'])[1 + n % 3], 1 + n % 500,
           now() - (n || ' seconds')::interval, now()
    from generate_series(1, ${rows}) as n`)
  await t.db.execute(sql`analyze tags`)
  console.log(`inserted ${rows} tags in ${((performance.now() - started) / 1000).toFixed(1)} s`)

  const token = await t.superToken()
  const cases: [string, string][] = [
    ['first page, default sort', '/api/tags'],
    ['filter type, sort -created_at', '/api/tags?type=studio&sort=-created_at'],
    ['filter category, sort name', '/api/tags?category_id=42&sort=name'],
    ['keyword (trigram)', '/api/tags?keyword=ag%20123456'],
    ['created_at range', '/api/tags?created_at_from=2020-01-01&created_at_to=2030-01-01&per_page=100'],
    ['page 500, sort name', '/api/tags?sort=name&page=500'],
  ]
  console.log('\ncase                                  median ms   p95 ms   total (estimated?)')
  for (const [name, path] of cases) {
    const times: number[] = []
    let meta: { total: number; total_estimated?: number } | undefined
    for (let i = 0; i < 25; i++) {
      const t0 = performance.now()
      const answer = await t.request(path, { token })
      times.push(performance.now() - t0)
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`)
      meta = answer.body.meta
    }
    times.sort((a, b) => a - b)
    const median = times[Math.floor(times.length / 2)] ?? 0
    const p95 = times[Math.floor(times.length * 0.95)] ?? 0
    console.log(
      `${name.padEnd(38)}${median.toFixed(1).padStart(9)}${p95.toFixed(1).padStart(9)}   ${meta?.total}${meta?.total_estimated ? ' (estimated)' : ''}`,
    )
  }
} finally {
  await t.close()
}
