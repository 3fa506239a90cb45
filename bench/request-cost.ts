/**
 * Where a list request's Node time goes: the server's CPU a request, step by step from a bare Fastify
 * answer to a member list, beside the bare route serving the same page's bare SELECT (support/bare-route.ts),
 * in one run on PostgreSQL. Each step adds one part of the product's work to the one before:
 *
 *   bare Fastify, a constant        Fastify itself (the bare route's `/constant`)
 *   /api/health                     the product's plugins: security headers, request id, language, logging
 *   /api/auth/me                    the session: the token, the admin's permissions, the check that no access
 *                                   changed since (security.md)
 *   /api/users?keyword=...          a list: its query's rules, its statement, its page as JSON
 *   /api/users                      a first page of twenty members
 *
 * and the bare route serving the keyword's and the first page's bare SELECT. Prints requests a second, p99
 * and the CPU milliseconds a request of the process answering (from /proc), and what each step adds.
 * Asserts nothing.
 *
 *   npx tsx bench/request-cost.ts [members]    BENCH_SECONDS=8  BENCH_ROUNDS=2  BENCH_REUSE_URL=...
 */
import { sql } from 'drizzle-orm'
import { startServer } from '../e2e/support/server.ts'
import { queryRows } from '../server/src/db/client.ts'
import { loadUrl, login } from './support/api.ts'
import { startBareRoute } from './support/bare-route.ts'
import { benchDatabase } from './support/bench-database.ts'
import { loadCommerce } from './support/commerce-load.ts'
import { loadClient } from './support/http-load.ts'

const members = Number(process.argv[2] ?? 1_000_000)
const seconds = Number(process.env.BENCH_SECONDS ?? 8)
const rounds = Number(process.env.BENCH_ROUNDS ?? 2)
const CONNECTIONS = 16
process.env.TEST_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

const database = await benchDatabase()
try {
  if (!database.reused) await loadCommerce(database.database.db, members, members)
  // A recent member's name begins no other's (the names are `member<n>`, n past a tenth of the rows): one row.
  const [member] = await queryRows<{ username: string }>(
    database.database.db,
    sql`select username from users order by id desc offset 4321 limit 1`,
  )
  const keyword = member?.username ?? 'member1'
  const floors = [
    `select * from users where lower(username) like '${keyword}%' or lower(email) like '${keyword}%' or lower(phone) like '${keyword}%' order by id desc limit 20`,
    'select * from users order by id desc limit 20',
  ]
  const server = await startServer({ DATABASE_URL: database.url, SEED_DEMO: '0' })
  const route = await startBareRoute(database.url, floors)
  try {
    const auth = { authorization: `Bearer ${await login(server)}` }
    // Each step's CPU is printed beside what it adds to the step it builds on (`on`, an index).
    const steps: [label: string, url: string, headers: Record<string, string>, pid: number, on?: number][] = [
      ['bare Fastify, a constant', route.constant, {}, route.pid],
      ['/api/health', `${server.url}/api/health`, {}, server.pid, 0],
      ['/api/auth/me', `${server.url}/api/auth/me`, auth, server.pid, 1],
      ['route: keyword SELECT', route.url(0), {}, route.pid, 0],
      [`/api/users?keyword=${keyword}`, `${server.url}/api/users?keyword=${keyword}`, auth, server.pid, 2],
      ['route: first page SELECT', route.url(1), {}, route.pid, 0],
      ['/api/users', `${server.url}/api/users`, auth, server.pid, 2],
    ]
    console.log(`\nrequests driven by ${loadClient}, ${CONNECTIONS} connections, ${seconds} s a step`)
    const width = Math.max(...steps.map(([label]) => label.length)) + 2
    console.log(
      `${'step'.padEnd(width)}${'req/s'.padStart(8)}${'p99 ms'.padStart(8)}${'cpu ms'.padStart(8)}${'adds'.padStart(8)}  to`,
    )
    for (let round = 1; round <= rounds; round++) {
      const cpu: number[] = []
      for (const [label, url, headers, pid, on] of steps) {
        const result = await loadUrl(url, headers, pid, { connections: CONNECTIONS, seconds })
        const { cpuMs } = result
        cpu.push(cpuMs)
        const adds =
          on === undefined ? '' : `${(cpuMs - (cpu[on] ?? 0)).toFixed(3).padStart(8)}  ${steps[on]?.[0]}`
        console.log(
          `${label.padEnd(width)}${result.rps.toFixed(0).padStart(8)}${result.p99.toFixed(1).padStart(8)}${cpuMs.toFixed(3).padStart(8)}${adds}` +
            `${result.failed ? `  ${result.failed} of ${result.total} failed` : ''}`,
        )
      }
      console.log('')
    }
  } finally {
    await route.stop()
    await server.stop()
  }
} finally {
  await database.finish()
}
