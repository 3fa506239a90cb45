/**
 * Searches and keywords are bounded (issue 53, item 1): 30 clients search at once, half a word no trigram
 * finds beside one in a quarter of a million titles (`zq beaches`, as any admin), half a start that 200,000
 * members of another channel share (`crowd`, as a channel admin, in the search box and the members' list),
 * while other staff page through the members' list. In a fresh PostgreSQL database (dropped after, or kept
 * with BENCH_KEEP=1 and timed again with BENCH_REUSE_URL) holding 400,000 members, a million videos and a
 * million tags (a quarter named `charlie`), the real server as its own process. Prints, each beside its
 * floor (a bare Fastify route with `pg` serving the same page's bare SELECT, bench/support/bare-route.ts):
 * one request of each search alone (median of 20), `GET /api/users` p50 / p99 with no search running and
 * while the 30 clients search back to back (goal: p99 under 100 ms, no 503), what the searches were
 * answered, and `/api/tags?keyword=charlie` at 16 connections (goal: p99 under 50 ms). Asserts nothing.
 *
 *   npx tsx bench/search-bounded.ts        BENCH_DATABASE_URL=postgres://...  BENCH_SECONDS=10
 */
import { Worker } from 'node:worker_threads'
import { sql } from 'drizzle-orm'
import { type RunningServer, startServer } from '../e2e/support/server.ts'
import { hashPassword } from '../server/src/auth/password.ts'
import { loadConfig } from '../server/src/config.ts'
import { queryRows } from '../server/src/db/client.ts'
import { load, loadUrl, login } from './support/api.ts'
import { startBareRoute } from './support/bare-route.ts'
import { benchDatabase } from './support/bench-database.ts'
import { loadClient } from './support/http-load.ts'
import { quantile } from './support/quantile.ts'

const MEMBERS = 400_000
const CROWD = 200_000
const ROWS = 1_000_000
const SEARCH_CLIENTS = 30
const LIST_CONNECTIONS = 10
const KEYWORD_CONNECTIONS = 16
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
process.env.TEST_DATABASE_URL = adminUrl

/** The searching clients' thread (plain JavaScript: it runs as it is, with Node's fetch). */
const SEARCH_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads')
const { requests, clients } = workerData
let stop = false
const statuses = {}
const times = []
parentPort.once('message', () => { stop = true })
async function client(n) {
  for (let i = 0; !stop; i++) {
    const { url, token } = requests[(n + i) % requests.length]
    const started = performance.now()
    let status = 0
    try {
      const res = await fetch(url, { headers: { authorization: 'Bearer ' + token } })
      await res.arrayBuffer()
      status = res.status
    } catch {}
    statuses[status] = (statuses[status] ?? 0) + 1
    if (status === 200) times.push(performance.now() - started)
  }
}
Promise.all(Array.from({ length: clients }, (_, n) => client(n))).then(() => parentPort.postMessage({ statuses, times }))
`

const database = await benchDatabase()
const db = database.database.db
let server: RunningServer | undefined
try {
  if (!database.reused) {
    const started = performance.now()
    await db.execute(
      sql`insert into channels (utm_source, type) select 'source ' || n, 'advertising' from generate_series(1, 20) n`,
    )
    // The crowd: 200,000 members of the second channel start with `crowd`; the others spread over the 20, and 30
    // of the first channel (the channel admin's) start with `crowdmine`.
    await db.execute(sql`
      with c as (select min(id) as first from channels)
      insert into users (username, email, channel_id, created_at, updated_at)
      select case when n <= ${CROWD} then 'crowd' || n else 'member' || n end,
             case when n <= ${CROWD} then 'crowd' || n || '@example.com' else 'member' || n || '@example.org' end,
             case when n <= ${CROWD} then first + 1 else first + n % 20 end,
             now() - (n || ' seconds')::interval, now()
      from c, generate_series(1, ${MEMBERS}) n
      union all
      select 'crowdmine' || n, 'crowdmine' || n || '@example.net', first, now(), now() from c, generate_series(1, 30) n`)
    // A quarter of the titles hold `beaches`, a quarter of the tags are named `charlie`.
    await db.execute(sql`
      insert into videos (title, serial_number, created_at, updated_at)
      select case when n % 4 = 0 then 'Golden beaches ' || n
               else (array['Quiet','Summer','Harbour','Night','River'])[1 + n % 5] || ' '
                    || (array['morning','winter','ocean','road','light'])[1 + (n / 5) % 5] || ' ' || n end,
             'SN' || lpad(n::text, 8, '0'), now() - (n || ' seconds')::interval, now()
      from generate_series(1, ${ROWS}) n`)
    await db.execute(sql`
      insert into tags (name, type, created_at, updated_at)
      select case when n % 4 = 0 then 'charlie ' || n else 'tag ' || n end, (array['genre','model','studio'])[1 + n % 3],
             now() - (n || ' seconds')::interval, now()
      from generate_series(1, ${ROWS}) n`)
    await db.execute(sql`vacuum analyze`)
    console.log(`loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  }

  server = await startServer({ DATABASE_URL: database.url, SEED_DEMO: '0' })
  const running = server
  // The channel admin of the first channel (the server has written the permissions), reading members and the box.
  const password = 'reader-passw0rd'
  const [known] = await queryRows<{ id: number }>(db, sql`select id from admins where username = 'reader'`)
  if (!known) {
    const [role] = await queryRows<{ id: number }>(
      db,
      sql`insert into roles (name) values ('channel readers') returning id`,
    )
    await db.execute(sql`
      insert into role_permissions (role_id, permission_id) select ${role?.id}, id from permissions
      where name in ('list-users', 'list-orders', 'list-videos', 'list-channels')`)
    const [made] = await queryRows<{ id: number }>(
      db,
      sql`insert into admins (username, password_hash, name) values ('reader', ${await hashPassword(password)}, 'Reader') returning id`,
    )
    await db.execute(sql`insert into admin_roles (admin_id, role_id) values (${made?.id}, ${role?.id})`)
    await db.execute(
      sql`insert into channel_admins (channel_id, admin_id) select min(id), ${made?.id} from channels`,
    )
  }
  const staff = await login(running)
  const signIn = await fetch(`${running.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'reader', password }),
  })
  const channelAdmin = ((await signIn.json()) as { access_token: string }).access_token

  const url = (path: string) => `${running.url}${path}`
  const searches = [
    { label: 'search `zq beaches` (any admin)', url: url('/api/search?q=zq%20beaches'), token: staff },
    { label: 'search `crowd` (channel admin)', url: url('/api/search?q=crowd'), token: channelAdmin },
    {
      label: 'members `keyword=crowd` (channel admin)',
      url: url('/api/users?keyword=crowd'),
      token: channelAdmin,
    },
    // Timing tells nothing of other channels: a start only they have, and one nobody has.
    {
      label: 'search `crowd1` (channel admin: others have it)',
      url: url('/api/search?q=crowd1'),
      token: channelAdmin,
    },
    {
      label: 'search `nomatch` (channel admin: nobody has it)',
      url: url('/api/search?q=nomatch'),
      token: channelAdmin,
    },
    { label: 'tags `keyword=charlie`', url: url('/api/tags?keyword=charlie'), token: staff },
  ]
  const once = async (target: { url: string; token: string }) => {
    const started = performance.now()
    const res = await fetch(target.url, { headers: { authorization: `Bearer ${target.token}` } })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`${target.url}: ${res.status}`)
    return performance.now() - started
  }
  const floors = [
    'select * from users order by id desc limit 20',
    "select * from tags where name ilike '%charlie%' order by id desc limit 20",
    'select * from tags order by id desc limit 20',
  ]
  const route = await startBareRoute(database.url, floors)
  try {
    // The server's settings: the environment's (SEARCH_CONCURRENCY=1 compares a line of one), else the defaults.
    const settings = loadConfig({ SEARCH_CONCURRENCY: process.env.SEARCH_CONCURRENCY })
    console.log(
      `\n${new Date().toISOString()}, ${loadClient}, SEARCH_CONCURRENCY ${settings.searchConcurrency}, pool ${settings.databasePoolSize}`,
    )
    console.log('one request alone, median of 20 (after 5):')
    for (const target of searches) {
      for (let i = 0; i < 5; i++) await once(target)
      const times: number[] = []
      for (let i = 0; i < 20; i++) times.push(await once(target))
      console.log(`  ${target.label.padEnd(52)} ${quantile(times, 0.5).toFixed(1).padStart(6)} ms`)
    }

    /** `GET /api/users` by other staff, with the route's floor of the same page. */
    const list = () => load(running, '/api/users', staff, { connections: LIST_CONNECTIONS, seconds })
    const withSearches = async <T>(during: () => Promise<T>) => {
      const worker = new Worker(SEARCH_CLIENT, {
        eval: true,
        workerData: { requests: searches.slice(0, 3), clients: SEARCH_CLIENTS },
      })
      const report = new Promise<{ statuses: Record<string, number>; times: number[] }>((resolve, reject) => {
        worker.once('message', resolve)
        worker.once('error', reject)
      })
      // Every client is searching before the list is measured.
      await new Promise((resolve) => setTimeout(resolve, 2000))
      const result = await during()
      worker.postMessage('stop')
      const searched = await report
      await worker.terminate()
      return { result, searched }
    }

    const floor = await loadUrl(route.url(0), {}, route.pid, { connections: LIST_CONNECTIONS, seconds })
    const quiet = await list()
    const busy = await withSearches(list)
    const floorBusy = await withSearches(() =>
      loadUrl(route.url(0), {}, route.pid, { connections: LIST_CONNECTIONS, seconds }),
    )
    console.log(
      `\nGET /api/users (first page of ${MEMBERS.toLocaleString('en')} members), ${LIST_CONNECTIONS} connections, ${seconds} s:`,
    )
    console.log(
      `${'case'.padEnd(62)}${'req/s'.padStart(7)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}  failed`,
    )
    for (const [label, r] of [
      ['route (bare SELECT), no search', floor],
      ['API, no search', quiet],
      [`route (bare SELECT), ${SEARCH_CLIENTS} clients searching`, floorBusy.result],
      [`API, ${SEARCH_CLIENTS} clients searching`, busy.result],
    ] as const)
      console.log(
        `${label.padEnd(62)}${r.rps.toFixed(0).padStart(7)}${r.p50.toFixed(1).padStart(8)}${r.p99.toFixed(0).padStart(8)}  ${r.failed} of ${r.total}`,
      )
    for (const [label, { searched }] of [
      ['beside the API', busy],
      ['beside the route', floorBusy],
    ] as const) {
      const answered = Object.entries(searched.statuses)
        .map(([status, count]) => `${status === '0' ? 'no answer' : status}: ${count}`)
        .join(', ')
      console.log(
        `the searches (${label}): ${answered}; answered 200 in p50 ${quantile(searched.times, 0.5).toFixed(0)} ms, ` +
          `p99 ${quantile(searched.times, 0.99).toFixed(0)} ms`,
      )
    }

    const keywordCase = [
      ['tags `keyword=charlie` (250,000 of 1,000,000)', '/api/tags?keyword=charlie', 1],
      ['tags first page', '/api/tags', 2],
    ] as const
    console.log(`\n${KEYWORD_CONNECTIONS} connections, ${seconds} s:`)
    console.log(
      `${'case'.padEnd(48)}${'req/s'.padStart(7)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'route'.padStart(8)}${'p99 ms'.padStart(8)}`,
    )
    for (const [label, path, n] of keywordCase) {
      const api = await load(running, path, staff, { connections: KEYWORD_CONNECTIONS, seconds })
      const bare = await loadUrl(route.url(n), {}, route.pid, { connections: KEYWORD_CONNECTIONS, seconds })
      console.log(
        `${label.padEnd(48)}${api.rps.toFixed(0).padStart(7)}${api.p50.toFixed(1).padStart(8)}${api.p99.toFixed(0).padStart(8)}` +
          `${bare.rps.toFixed(0).padStart(8)}${bare.p99.toFixed(0).padStart(8)}${api.failed ? `  ${api.failed} of ${api.total} failed` : ''}`,
      )
    }
  } finally {
    await route.stop()
  }
} finally {
  await server?.stop()
  await database.finish()
}
