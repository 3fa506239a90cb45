/**
 * Hidden fields tell nothing by time (issue 55, docs/security.md "Field rules"): a filter, a range or a
 * keyword on a field the caller's role hides answers as fast whether or not a row holds the value asked.
 * 100,000 members (each an e-mail) and their 100,000 orders (half paid by segpay, none by verotel) in a fresh
 * PostgreSQL database (dropped after), the real server on it as its own process, an admin whose role hides
 * members' e-mail and orders' payment method and amount. Each case asks a matching value and a value no row
 * holds, interleaved, ROUNDS times each; prints their statuses, median and p90 in ms and the ratio of the
 * medians (1.00: no difference), with the load average. Asserts nothing.
 *
 *   npx tsx bench/field-rules-timing.ts        BENCH_DATABASE_URL=postgres://...   ROUNDS=400
 */
import { loadavg } from 'node:os'
import { sql } from 'drizzle-orm'
import { type RunningServer, startServer } from '../e2e/support/server.ts'
import { createTestDatabase } from '../server/test/support/databases.ts'
import { login } from './support/api.ts'
import { quantile } from './support/quantile.ts'

const ROWS = 100_000
const ROUNDS = Number(process.env.ROUNDS ?? 400)
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
process.env.TEST_DATABASE_URL = adminUrl

/** [case, the path asking a value rows hold, the path asking one no row holds] */
const cases: [string, string, string][] = [
  ['filter on a hidden field', '/api/orders?payment_method=segpay', '/api/orders?payment_method=verotel'],
  ['range on a hidden field', '/api/orders?amount_from=1', '/api/orders?amount_from=99999'],
  ['sort by a hidden field (up, down)', '/api/users?sort=email', '/api/users?sort=-email'],
  [
    'keyword of a hidden e-mail',
    `/api/users?keyword=${encodeURIComponent('mail-4242@example.com')}`,
    `/api/users?keyword=${encodeURIComponent('nobody-x@example.invalid')}`,
  ],
]

const database = await createTestDatabase('postgres')
let server: RunningServer | undefined
try {
  const db = database.database.db
  await db.execute(sql`insert into plans (name, initial_period_count, initial_period_unit, initial_original_price)
    values ('Bench plan', 1, 'month', '9.99')`)
  await db.execute(sql`
    insert into users (username, email)
    select 'member-' || n, 'mail-' || n || '@example.com' from generate_series(1, ${ROWS}) as n`)
  await db.execute(sql`
    insert into orders (order_no, user_id, plan_id, amount, total_amount, payment_method, paid_at)
    select 'ORD-' || u.id, u.id, (select min(id) from plans), 19.99, 19.99,
           (case when u.id % 2 = 0 then 'segpay' else 'ccbill' end), now() - (u.id || ' minutes')::interval
    from users u`)
  await db.execute(sql`vacuum analyze`)

  server = await startServer({ DATABASE_URL: database.url as string, SEED_DEMO: '0' })
  const running = server
  const superToken = await login(running)
  const api = async (path: string, token: string, method = 'GET', body?: unknown) => {
    const res = await fetch(`${running.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
  const role = await api('/api/roles', superToken, 'POST', {
    name: 'Bench narrowed',
    permissions: ['list-users', 'list-orders', 'all-channels'],
    field_rules: { users: { email: 'none' }, orders: { payment_method: 'none', amount: 'none' } },
  })
  if (role.status !== 201) throw new Error(`role: ${role.status} ${JSON.stringify(role.body)}`)
  const roleId = (role.body.data as { id: number }).id
  const password = 'bench-Passw0rd!'
  const made = await api('/api/admins', superToken, 'POST', {
    username: 'narrowed',
    password,
    name: 'Narrowed',
    role_ids: [roleId],
  })
  if (made.status !== 201) throw new Error(`admin: ${made.status} ${JSON.stringify(made.body)}`)
  const loggedIn = await fetch(`${running.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'narrowed', password }),
  })
  const token = ((await loggedIn.json()) as { access_token: string }).access_token

  const timed = async (path: string) => {
    const started = performance.now()
    const res = await fetch(`${running.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
    const text = await res.text()
    return { ms: performance.now() - started, status: res.status, text }
  }

  console.log(`field rules timing: ${ROWS.toLocaleString('en')} members and orders, ${ROUNDS} rounds a value`)
  console.log(
    `load average: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')} (1, 5, 15 min)`,
  )
  console.log('case | matching: status, median, p90 | none matching: status, median, p90 | medians')
  for (const [name, matching, none] of cases) {
    // Warm both, then interleave so the machine's moments fall on both alike.
    for (let i = 0; i < 20; i++) await Promise.all([timed(matching), timed(none)])
    const times: [number[], number[]] = [[], []]
    const statuses: [Set<number>, Set<number>] = [new Set(), new Set()]
    const bodies: [Set<string>, Set<string>] = [new Set(), new Set()]
    for (let i = 0; i < ROUNDS; i++) {
      const order = i % 2 === 0 ? [0, 1] : [1, 0]
      for (const which of order as (0 | 1)[]) {
        const answer = await timed(which === 0 ? matching : none)
        times[which].push(answer.ms)
        statuses[which].add(answer.status)
        bodies[which].add(answer.text)
      }
    }
    const [a, b] = times
    const ratio = quantile(a, 0.5) / quantile(b, 0.5)
    const same = bodies[0].size === 1 && bodies[1].size === 1 && [...bodies[0]][0] === [...bodies[1]][0]
    console.log(
      `${name} | ${[...statuses[0]].join('/')}, ${quantile(a, 0.5).toFixed(2)}, ${quantile(a, 0.9).toFixed(2)} | ` +
        `${[...statuses[1]].join('/')}, ${quantile(b, 0.5).toFixed(2)}, ${quantile(b, 0.9).toFixed(2)} | ` +
        `${ratio.toFixed(2)}${same ? ', the same answer' : ''}`,
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
