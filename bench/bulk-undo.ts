/**
 * Bulk actions and undo at their cap: 1,000 comments (each with a report) in a fresh PostgreSQL database
 * (dropped after), the real server on it as its own process. Times, over HTTP, a bulk disable of all of them
 * by ids, the same by `{"all": 1}` with a filter, a bulk delete (each row captured for undo), the undo list
 * and the bulk restore; prints milliseconds a request and a row, and the server's CPU a row. Asserts nothing.
 *
 *   npx tsx bench/bulk-undo.ts        BENCH_DATABASE_URL=postgres://...
 */
import { sql } from 'drizzle-orm'
import { type RunningServer, startServer } from '../e2e/support/server.ts'
import { createTestDatabase } from '../server/test/support/databases.ts'
import { login } from './support/api.ts'
import { cpuSeconds } from './support/cpu.ts'

const ROWS = 1000
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
process.env.TEST_DATABASE_URL = adminUrl

const database = await createTestDatabase('postgres')
let server: RunningServer | undefined
try {
  const db = database.database.db
  await db.execute(sql`insert into users (username) values ('bench-member')`)
  await db.execute(sql`insert into videos (title, serial_number) values ('Bench film', 'BENCH-1')`)
  await db.execute(sql`
    insert into comments (user_id, video_id, comment)
    select (select min(id) from users), (select min(id) from videos), 'bench comment ' || n
    from generate_series(1, ${ROWS}) as n`)
  await db.execute(sql`
    insert into comment_reports (comment_id, user_id, reason)
    select id, user_id, 'spam' from comments`)
  await db.execute(sql`vacuum analyze`)

  server = await startServer({ DATABASE_URL: database.url as string, SEED_DEMO: '0' })
  const running = server
  const token = await login(running)
  const ids = (
    (await db.execute(sql`select id from comments order by id`)) as unknown as { rows: { id: number }[] }
  ).rows.map((row) => row.id)

  const post = async (path: string, body: unknown) => {
    const cpu = await cpuSeconds(running.pid)
    const started = performance.now()
    const res = await fetch(`${running.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const answer = (await res.json()) as { meta?: { done: number; refused: number } }
    const ms = performance.now() - started
    const cpuMs = ((await cpuSeconds(running.pid)) - cpu) * 1000
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`)
    return { ms, cpuMs, meta: answer.meta }
  }

  const cases: [string, string, unknown][] = [
    ['disable, 1,000 ids', '/api/comments/bulk/disable', { ids }],
    ['enable, all matching ?status=disabled', '/api/comments/bulk/enable?status=disabled', { all: 1 }],
    ['delete, 1,000 ids (captured for undo)', '/api/comments/bulk/delete', { ids }],
    ['restore, 1,000 ids', '/api/comments/bulk/restore', { ids }],
  ]
  console.log(
    'case'.padEnd(42),
    'done'.padStart(6),
    'ms'.padStart(8),
    'ms / row'.padStart(9),
    'CPU ms / row'.padStart(13),
  )
  for (const [label, path, body] of cases) {
    const { ms, cpuMs, meta } = await post(path, body)
    console.log(
      label.padEnd(42),
      String(meta?.done).padStart(6),
      ms.toFixed(0).padStart(8),
      (ms / ROWS).toFixed(2).padStart(9),
      (cpuMs / ROWS).toFixed(2).padStart(13),
    )
  }
  const reports = (await db.execute(sql`select count(*)::integer as n from comment_reports`)) as unknown as {
    rows: { n: number }[]
  }
  console.log(`reports after the restore: ${reports.rows[0]?.n} of ${ROWS}`)
} finally {
  await server?.stop()
  await database.drop()
}
