/**
 * Bulk work is bounded (issue 34, item 2): a staff member holding only `delete-questions` posts bulk deletes
 * of 1,000 ids that name nothing, 30 at once, while other staff page through orders. In a fresh PostgreSQL
 * database (dropped after) with 100,000 orders, the real server as its own process. Prints the time of one
 * 1,000-id bulk delete (goal < 0.5 s), then `GET /api/orders` p50 / p99 and its answers' statuses with no
 * bulk running and while 30 clients post bulk deletes back to back (goal: p99 < 100 ms, no 503), and what
 * the bulk requests were answered. Asserts nothing.
 *
 *   npx tsx bench/bulk-bounded.ts        BENCH_DATABASE_URL=postgres://...  BENCH_SECONDS=10
 */

import { Worker } from 'node:worker_threads'
import { BULK_LIMIT } from '@vod/contract'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { type RunningServer, startServer } from '../e2e/support/server.ts'
import { hashPassword } from '../server/src/auth/password.ts'
import { queryRows } from '../server/src/db/client.ts'
import { createTestDatabase } from '../server/test/support/databases.ts'
import { login } from './support/api.ts'
import { cpuSeconds } from './support/cpu.ts'

const ORDERS = 100_000
const BULK_CLIENTS = 30
const LIST_CONNECTIONS = 10
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
/** The bulk clients' thread (plain JavaScript: it runs as it is, with Node's fetch). */
const BULK_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads')
const { url, token, body, clients, polite } = workerData
let stop = false
const statuses = {}
const times = []
parentPort.once('message', () => { stop = true })
const headers = { authorization: 'Bearer ' + token, 'content-type': 'application/json' }
async function client() {
  while (!stop) {
    const started = performance.now()
    let status = 0
    let wait = 0
    try {
      const res = await fetch(url, { method: 'POST', headers, body })
      await res.arrayBuffer()
      status = res.status
      if (status === 429 && polite) wait = 1000 * Number(res.headers.get('retry-after') ?? 1)
    } catch {}
    statuses[status] = (statuses[status] ?? 0) + 1
    if (status === 200) times.push(performance.now() - started)
    const until = Date.now() + wait
    while (!stop && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
Promise.all(Array.from({ length: clients }, client)).then(() => parentPort.postMessage({ statuses, times }))
`
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
process.env.TEST_DATABASE_URL = adminUrl

const database = await createTestDatabase('postgres')
const db = database.database.db
let server: RunningServer | undefined
try {
  await db.execute(sql`
    insert into plans (name, title, initial_period_count, initial_period_unit, initial_original_price,
                       recurring_period_count, recurring_period_unit, recurring_original_price, sort)
    select 'plan ' || n, 'Plan ' || n, 1, 'month', 9.99 + n, 1, 'month', 9.99 + n, n
    from generate_series(1, 5) as n`)
  await db.execute(sql`
    insert into users (username, email, created_at, updated_at)
    select 'member' || n, 'member' || n || '@example.com', now() - (n || ' minutes')::interval, now()
    from generate_series(1, 1000) as n`)
  await db.execute(sql`
    with bounds as (select (select min(id) from users) as first_user, (select min(id) from plans) as first_plan)
    insert into orders (order_no, user_id, plan_id, amount, payment_method, transaction_number, paid_at,
                        transaction_fee, settlement_fee, reserve_fee, total_amount, created_at, updated_at)
    select 'ORD' || lpad(n::text, 9, '0'), first_user + n % 1000, first_plan + n % 5, 19.99,
           (array['segpay','ccbill','epoch','verotel'])[1 + n % 4], 'TX' || md5(n::text),
           now() - (n * 30 || ' seconds')::interval, 1.20, 0.20, 1.00, 17.59,
           now() - (n * 30 || ' seconds')::interval, now()
    from bounds, generate_series(1, ${ORDERS}) as n`)
  await db.execute(sql`
    insert into questions (question, answer, sort) select 'Question ' || n, 'Answer ' || n, n
    from generate_series(1, 50) as n`)
  await db.execute(sql`vacuum analyze`)

  server = await startServer({ DATABASE_URL: database.url as string, SEED_DEMO: '0' })
  const running = server
  // The bulk user (the server has written the permissions): one role holding delete-questions alone.
  const [role] = await queryRows<{ id: number }>(
    db,
    sql`insert into roles (name) values ('question deleters') returning id`,
  )
  await db.execute(sql`
    insert into role_permissions (role_id, permission_id)
    select ${role?.id}, id from permissions where name = 'delete-questions'`)
  const [deleter] = await queryRows<{ id: number }>(
    db,
    sql`insert into admins (username, password_hash, name)
        values ('deleter', ${await hashPassword('deleter-passw0rd')}, 'Deleter') returning id`,
  )
  await db.execute(sql`insert into admin_roles (admin_id, role_id) values (${deleter?.id}, ${role?.id})`)
  const reader = await login(running)
  const signIn = await fetch(`${running.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'deleter', password: 'deleter-passw0rd' }),
  })
  const bulkToken = ((await signIn.json()) as { access_token: string }).access_token
  const [top] = await queryRows<{ id: number }>(db, sql`select coalesce(max(id), 0) as id from questions`)
  const missing = Array.from({ length: BULK_LIMIT }, (_, i) => (top?.id ?? 0) + 1_000_000 + i)
  const bulkBody = JSON.stringify({ ids: missing })

  const bulk = async () => {
    const started = performance.now()
    const res = await fetch(`${running.url}/api/questions/bulk/delete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bulkToken}`, 'content-type': 'application/json' },
      body: bulkBody,
    })
    const body = (await res.json()) as { meta?: { refused: number } }
    return { status: res.status, ms: performance.now() - started, refused: body.meta?.refused }
  }

  const quantile = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
  }

  // One bulk at a time: the first warms the server up.
  await bulk()
  const single: number[] = []
  for (let i = 0; i < 5; i++) {
    const answer = await bulk()
    if (answer.status !== 200 || answer.refused !== BULK_LIMIT)
      throw new Error(`bulk delete: ${answer.status}, ${answer.refused} refused`)
    single.push(answer.ms)
  }
  console.log(
    `one bulk delete of ${BULK_LIMIT} ids that name nothing (every row 404): ` +
      `median ${quantile(single, 0.5).toFixed(0)} ms, slowest ${Math.max(...single).toFixed(0)} ms of 5`,
  )

  /** `GET /api/orders` driven by other staff for `seconds`, with the server's CPU meanwhile. */
  const orders = async () => {
    const cpu = await cpuSeconds(running.pid)
    const result = await autocannon({
      url: `${running.url}/api/orders`,
      connections: LIST_CONNECTIONS,
      duration: seconds,
      headers: { authorization: `Bearer ${reader}` },
      timeout: 60,
    })
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([status, { count }]) => `${status}: ${count}`)
      .join(', ')
    const failures = [
      result.errors && `errors: ${result.errors}`,
      result.timeouts && `timeouts: ${result.timeouts}`,
    ]
    return {
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      rps: result.requests.average,
      cpu: (100 * ((await cpuSeconds(running.pid)) - cpu)) / seconds,
      statuses: [statuses, ...failures.filter(Boolean)].join(', '),
    }
  }

  /**
   * BULK_CLIENTS clients posting the bulk delete back to back for as long as `during` runs, in a thread of
   * their own (so their answers' parsing does not delay the list's measurement): `polite` ones wait the
   * Retry-After of a 429, the others post again at once. Answers their statuses and the 200s' times.
   */
  const withBulks = async <T>(polite: boolean, during: () => Promise<T>) => {
    const worker = new Worker(BULK_CLIENT, {
      eval: true,
      workerData: {
        url: `${running.url}/api/questions/bulk/delete`,
        token: bulkToken,
        body: bulkBody,
        clients: BULK_CLIENTS,
        polite,
      },
    })
    const report = new Promise<{ statuses: Record<string, number>; times: number[] }>((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
    })
    // The clients are all posting before the list is measured.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const result = await during()
    worker.postMessage('stop')
    const bulks = await report
    await worker.terminate()
    return { result, bulks }
  }

  await autocannon({
    url: `${running.url}/api/orders`,
    connections: LIST_CONNECTIONS,
    duration: 2,
    headers: { authorization: `Bearer ${reader}` },
  })
  const quiet = await orders()
  const polite = await withBulks(true, orders)
  const hostile = await withBulks(false, orders)

  console.log(
    `\nGET /api/orders (${ORDERS.toLocaleString('en')} orders) by other staff, ${LIST_CONNECTIONS} connections, ${seconds} s each:`,
  )
  console.log(
    'case'.padEnd(58),
    'req/s'.padStart(6),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'max ms'.padStart(7),
    'server CPU'.padStart(11),
    ' statuses',
  )
  for (const [label, r] of [
    ['no bulk running', quiet],
    [`${BULK_CLIENTS} clients posting bulk deletes, heeding Retry-After`, polite.result],
    [`${BULK_CLIENTS} clients posting bulk deletes at once again on 429`, hostile.result],
  ] as const)
    console.log(
      label.padEnd(58),
      r.rps.toFixed(0).padStart(6),
      String(r.p50).padStart(7),
      String(r.p99).padStart(7),
      String(r.max).padStart(7),
      `${r.cpu.toFixed(0)}%`.padStart(11),
      ` ${r.statuses}`,
    )
  for (const [label, { bulks }] of [
    ['heeding Retry-After', polite],
    ['again at once', hostile],
  ] as const) {
    const answered = Object.entries(bulks.statuses)
      .map(([status, count]) => `${status === '0' ? 'no answer' : status}: ${count}`)
      .join(', ')
    console.log(
      `the bulk requests (${label}): ${answered}; those run (200): median ${quantile(bulks.times, 0.5).toFixed(0)} ms, ` +
        `p99 ${quantile(bulks.times, 0.99).toFixed(0)} ms`,
    )
  }
} finally {
  await server?.stop()
  await database.drop()
}
