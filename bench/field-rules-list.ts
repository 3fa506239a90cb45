/**
 * A members' list read through field rules costs its statement, nothing more (issue 55, docs/security.md
 * "Field rules": hidden fields are left out of the SELECT, masked ones masked in it, nothing filtered row by
 * row in Node). 200,000 members (each an e-mail, a phone and a birthdate) in a fresh PostgreSQL database
 * (dropped after), the real server on it as its own process, two admins with the same permissions: one whose
 * role narrows nothing, one whose role hides members' e-mail, phone and birthdate. Each case is driven for
 * each admin in turn (wrk, support/http-load.ts), ROUNDS times, alternating who goes first; prints requests a
 * second, p99 and the server's CPU a request for each, and the narrowed list's requests a second as a share
 * of the whole one's (the goal: at least 0.95); then one request at a time, the two admins interleaved
 * SINGLE times, their medians and the share of those, with the load average. Asserts nothing.
 *
 *   npx tsx bench/field-rules-list.ts        BENCH_DATABASE_URL=postgres://...  BENCH_SECONDS=8  ROUNDS=2
 */
import { loadavg } from 'node:os'
import { sql } from 'drizzle-orm'
import { type RunningServer, startServer } from '../e2e/support/server.ts'
import { createTestDatabase } from '../server/test/support/databases.ts'
import { captureRequests, load, login, onAdminDatabase } from './support/api.ts'
import { quantile } from './support/quantile.ts'
import { serverLogFile } from './support/statement-log.ts'

const ROWS = 200_000
const seconds = Number(process.env.BENCH_SECONDS ?? 8)
const rounds = Number(process.env.ROUNDS ?? 2)
const CONNECTIONS = 16
/** Requests of each admin a case, one at a time, interleaved. */
const SINGLE = Number(process.env.SINGLE ?? 500)
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
process.env.TEST_DATABASE_URL = adminUrl

const cases: [string, string][] = [
  ['first page', '/api/users'],
  ['status filter', '/api/users?status=enabled'],
  ['sort by username', '/api/users?sort=username'],
  ['page 400', '/api/users?page=400'],
]

/**
 * The two admins, made the first time (`make`), each of a role of its own holding list-users: one narrowed
 * by nothing, one with members' e-mail, phone and birthdate hidden; their tokens on `server`.
 */
async function admins(server: RunningServer, make: boolean) {
  const password = 'bench-Passw0rd!'
  const post = async (path: string, token: string, body: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const answer = (await res.json()) as { data?: { id: number }; access_token?: string }
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`)
    return answer
  }
  const rules = { whole: {}, narrowed: { users: { email: 'none', phone: 'none', birthdate: 'none' } } }
  const superToken = await login(server)
  const tokens = { whole: '', narrowed: '' }
  for (const who of ['whole', 'narrowed'] as const) {
    if (make) {
      const role = await post('/api/roles', superToken, {
        name: who,
        permissions: ['list-users', 'all-channels'],
        field_rules: rules[who],
      })
      await post('/api/admins', superToken, { username: who, password, name: who, role_ids: [role.data?.id] })
    }
    tokens[who] = (await post('/api/login', '', { username: who, password })).access_token as string
  }
  return tokens
}

const database = await createTestDatabase('postgres')
let server: RunningServer | undefined
try {
  await database.database.db.execute(sql`
    insert into users (username, email, phone, birthdate)
    select 'member-' || n, 'mail-' || n || '@example.com', '+1 555 ' || lpad((n % 10000)::text, 4, '0'),
           date '1970-01-01' + (n % 15000)
    from generate_series(1, ${ROWS}) as n`)
  await database.database.db.execute(sql`vacuum analyze users`)
  const url = database.url as string
  const name = new URL(url).pathname.slice(1)
  // First with every statement logged: what one request of each case sends, for each admin.
  const logFile = await serverLogFile(adminUrl)
  await onAdminDatabase(adminUrl, `alter database ${name} set log_statement = 'all'`)
  server = await startServer({ DATABASE_URL: url, SEED_DEMO: '0' })
  let tokens = await admins(server, true)
  for (const [who, token] of Object.entries(tokens)) {
    const captured = await captureRequests(
      server,
      token,
      cases.map(([, path]) => path),
      { file: logFile, database: name },
    )
    for (const [path, { statements }] of captured) {
      console.log(`${who} GET ${path}: ${statements.length} statement(s)`)
      for (const s of statements) console.log(`  ${s.text.replace(/\s+/g, ' ').slice(0, 400)}`)
    }
  }
  await server.stop()
  await onAdminDatabase(adminUrl, `alter database ${name} reset log_statement`)
  server = await startServer({ DATABASE_URL: url, SEED_DEMO: '0' })
  const running = server
  tokens = await admins(running, false)
  const { whole, narrowed } = tokens

  console.log(`members' list, ${ROWS.toLocaleString('en')} members, three fields hidden against none`)
  console.log(
    `load average: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')} (1, 5, 15 min)`,
  )
  console.log('case | none hidden: req/s, p99 ms, CPU ms | three hidden: req/s, p99 ms, CPU ms | share')
  for (const [label, path] of cases) {
    const sums = { whole: 0, narrowed: 0 }
    const last: Record<string, Awaited<ReturnType<typeof load>>> = {}
    for (let round = 0; round < rounds; round++) {
      const order: ('whole' | 'narrowed')[] = round % 2 === 0 ? ['whole', 'narrowed'] : ['narrowed', 'whole']
      for (const who of order) {
        const result = await load(running, path, who === 'whole' ? whole : narrowed, {
          connections: CONNECTIONS,
          seconds,
        })
        if (result.failed > 0) console.log(`  ${who}: ${result.failed} failed`)
        sums[who] += result.rps
        last[who] = result
      }
    }
    const row = (r: Awaited<ReturnType<typeof load>> | undefined, rps: number) =>
      `${(rps / rounds).toFixed(0)}, ${r?.p99.toFixed(1)}, ${r?.cpuMs.toFixed(2)}`
    console.log(
      `${label} | ${row(last.whole, sums.whole)} | ${row(last.narrowed, sums.narrowed)} | ` +
        `${(sums.narrowed / sums.whole).toFixed(2)}`,
    )
  }
  // On a loaded machine the driven figures swing with what else runs: one request at a time, the two
  // admins' requests interleaved, so every moment of the machine falls on both alike; the share is the whole
  // list's median time over the narrowed one's (above 1: the narrowed list is faster).
  console.log(`interleaved, ${SINGLE} requests each, one at a time`)
  console.log('case | none hidden: median, p90 ms | three hidden: median, p90 ms | share')
  const timed = async (path: string, token: string) => {
    const started = performance.now()
    const res = await fetch(`${running.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
    await res.arrayBuffer()
    return performance.now() - started
  }
  for (const [label, path] of cases) {
    const times: { whole: number[]; narrowed: number[] } = { whole: [], narrowed: [] }
    for (let i = 0; i < SINGLE; i++)
      for (const who of i % 2 === 0 ? (['whole', 'narrowed'] as const) : (['narrowed', 'whole'] as const))
        times[who].push(await timed(path, who === 'whole' ? whole : narrowed))
    const shown = (values: number[]) =>
      `${quantile(values, 0.5).toFixed(2)}, ${quantile(values, 0.9).toFixed(2)}`
    console.log(
      `${label} | ${shown(times.whole)} | ${shown(times.narrowed)} | ` +
        `${(quantile(times.whole, 0.5) / quantile(times.narrowed, 0.5)).toFixed(2)}`,
    )
  }
  console.log(
    `load average: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')} (1, 5, 15 min)`,
  )
} finally {
  await server?.stop()
  await database.drop()
}
