/**
 * Who else is on a record, at PAGES open record pages (issue 67: 500 on one process with under 50 MB more
 * memory, notices delivered within 1 s p99; docs/resources.md "Who else is here"). Two server processes on one
 * PostgreSQL database: every page is open on the first (two on each of PAGES / 2 tags, each beating every
 * PRESENCE_HEARTBEAT_SECONDS as a browser does), while the saves and the newcomers go through the second, so
 * every notice crosses processes (NOTIFY). Beside each figure its floor, measured in the same run: the memory
 * a bare Fastify route holding as many event streams takes; a save's own round trip (a notice is sent once its
 * answer is out); one LISTEN/NOTIFY round trip between two bare connections.
 *
 *   npx tsx bench/presence.ts [pages]
 */
import { randomBytes } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import { PRESENCE_HEARTBEAT_SECONDS } from '@vod/contract'
import pg from 'pg'
import { type RunningServer, startServer } from '../e2e/support/server.ts'
import { type EventStream, openEventStream, type ServerEvent } from '../server/test/support/event-stream.ts'
import { login } from './support/api.ts'
import { startBareRoute } from './support/bare-route.ts'
import { benchDatabase } from './support/bench-database.ts'
import { memoryMb } from './support/memory.ts'
import { quantile } from './support/quantile.ts'

const PAGES = Number(process.argv[2] ?? 500)
const RECORDS = Math.ceil(PAGES / 2)
/** Saves made at once in the busy round: a team's worth of people pressing save together. */
const AT_ONCE = 16
process.env.TEST_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** When `page`'s first event matching `wanted` arrived (performance.now()), waiting up to 10 s (then NaN). */
async function arrival(page: EventStream, wanted: (event: ServerEvent) => boolean) {
  const deadline = performance.now() + 10_000
  for (;;) {
    const found = page.events.find(wanted)
    if (found) return found.at
    if (performance.now() > deadline) return Number.NaN
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
}

/** Every stream in `pages` open (their `hello` in), then the resident memory the process settles at. */
async function settledMemory(pid: number) {
  // Read a few times a second apart: the figure a process holds, not a collection's moment.
  const readings: number[] = []
  for (let i = 0; i < 5; i++) {
    readings.push(await memoryMb(pid))
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
  return quantile(readings, 0.5)
}

async function openAll(urls: string[], token: string) {
  const pages: EventStream[] = []
  for (let at = 0; at < urls.length; at += 50)
    pages.push(...(await Promise.all(urls.slice(at, at + 50).map((url) => openEventStream(url, token)))))
  for (const page of pages) {
    if (page.status !== 200) throw new Error(`a page answered ${page.status}: ${JSON.stringify(page.body)}`)
    await arrival(page, (e) => e.event === 'hello')
  }
  return pages
}

const line = (label: string, values: number[], unit = 'ms') =>
  console.log(
    `${label.padEnd(72)}${quantile(values, 0.5).toFixed(1).padStart(8)}${quantile(values, 0.99).toFixed(1).padStart(8)}` +
      `${Math.max(...values)
        .toFixed(1)
        .padStart(
          8,
        )} ${unit}${values.some(Number.isNaN) ? `  (${values.filter(Number.isNaN).length} never came)` : ''}`,
  )

const database = await benchDatabase()
const open: EventStream[] = []
/** The processes the bench started, stopped however it ends, a failed step included. */
const stops: (() => Promise<void>)[] = []
try {
  // One set of keys, as a deployment's processes share them: a token from one is good on the other.
  const keys = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  }
  // Every page comes from this one address, as PAGES browsers' would not: the cap on one address's connections
  // (README "Configuration") is lifted past them.
  const env = {
    DATABASE_URL: database.url,
    SEED_DEMO: '0',
    MAX_CONNECTIONS_PER_ADDRESS: String(PAGES + 100),
    ...keys,
  }
  const holder = await startServer(env)
  stops.push(() => holder.stop())
  const other = await startServer(env)
  stops.push(() => other.stop())
  const bare = await startBareRoute(database.url, [])
  stops.push(() => bare.stop())
  const token = await login(holder)
  const call = async (server: RunningServer, path: string, method: string, body?: unknown) => {
    const answer = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`)
    return answer.status === 204 ? null : ((await answer.json()) as { data: { id: number; version: string } })
  }
  const tags: number[] = []
  for (let i = 0; i < RECORDS; i++)
    tags.push(
      (await call(holder, '/api/tags', 'POST', { name: `Presence ${i}`, type: 'genre' }))?.data.id ?? 0,
    )
  const pageUrls = tags.flatMap((id) => [
    `/api/presence/tags/${id}`,
    `/api/presence/tags/${id}?state=editing`,
  ])

  console.log(
    `presence: ${PAGES} record pages on one process (two on each of ${RECORDS} tags), PostgreSQL; ` +
      `${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model}, load ${loadavg()[0]?.toFixed(2)}`,
  )

  // Memory: the process at rest with a few pages opened and closed (its first ones' code warmed), then holding
  // every page through one round of heartbeats, then again once all are closed.
  for (const page of await openAll(
    pageUrls.slice(0, 20).map((path) => `${holder.url}${path}`),
    token,
  ))
    page.close()
  const bareBefore = await settledMemory(bare.pid)
  const barePages = await openAll(
    pageUrls.map(() => bare.events),
    token,
  )
  const bareHolding = await settledMemory(bare.pid)
  for (const page of barePages) page.close()
  const before = await settledMemory(holder.pid)
  const pages = await openAll(
    pageUrls.map((path) => `${holder.url}${path}`),
    token,
  )
  open.push(...pages)
  // Fifty at a time: the pages' browsers would beat at moments of their own.
  const beat = async () => {
    for (let from = 0; from < pages.length; from += 50)
      await Promise.all(
        pages.slice(from, from + 50).map((page, at) =>
          call(holder, pageUrls[from + at]?.split('?')[0] ?? '', 'PUT', {
            connection: page.events[0]?.data.connection,
            state: (from + at) % 2 ? 'editing' : 'viewing',
          }),
        ),
      )
  }
  await beat()
  const beating = setInterval(() => void beat().catch(() => undefined), PRESENCE_HEARTBEAT_SECONDS * 1000)
  const holding = await settledMemory(holder.pid)

  console.log(`\n${''.padEnd(72)}${'MB'.padStart(8)}`)
  console.log(`${'the server at rest'.padEnd(72)}${before.toFixed(1).padStart(8)}`)
  console.log(`${`holding ${PAGES} pages, beating`.padEnd(72)}${holding.toFixed(1).padStart(8)}`)
  console.log(`${'  more, goal under 50'.padEnd(72)}${(holding - before).toFixed(1).padStart(8)}`)
  console.log(
    `${`  floor: a bare Fastify route holding ${PAGES} event streams`.padEnd(72)}${(bareHolding - bareBefore).toFixed(1).padStart(8)}`,
  )

  // Notices: each tag saved on the other process, one after another, then AT_ONCE at a time; when each of its
  // two pages hears of it, after the save's answer.
  const saveRound = async (atOnce: number) => {
    const told: number[] = []
    const answered: number[] = []
    let next = 0
    await Promise.all(
      Array.from({ length: atOnce }, async () => {
        while (next < tags.length) {
          const at = next++
          const sent = performance.now()
          const saved = await call(other, `/api/tags/${tags[at]}`, 'PUT', {
            name: `Presence ${at} ${sent.toFixed(0)}`,
            type: 'genre',
          })
          const answer = performance.now()
          answered.push(answer - sent)
          for (const page of pages.slice(2 * at, 2 * at + 2))
            told.push(
              (await arrival(page, (e) => e.event === 'saved' && e.data.version === saved?.data.version)) -
                answer,
            )
        }
      }),
    )
    return { told, answered }
  }
  console.log(`\n${''.padEnd(72)}${'p50'.padStart(8)}${'p99'.padStart(8)}${'max'.padStart(8)}`)
  for (const atOnce of [1, AT_ONCE]) {
    const { told, answered } = await saveRound(atOnce)
    line(`a save on the other process, ${atOnce} at once: its answer`, answered)
    line(`  each page on the record told, after the answer (goal p99 1 s)`, told)
  }

  // Newcomers: a page opened on each tag through the other process; when the two already there hear of it.
  const joined: number[] = []
  for (let at = 0; at < tags.length; at++) {
    const newcomer = await openEventStream(`${other.url}/api/presence/tags/${tags[at]}`, token)
    const hello = await arrival(newcomer, (e) => e.event === 'hello')
    const connection = newcomer.events[0]?.data.connection
    for (const page of pages.slice(2 * at, 2 * at + 2))
      joined.push(
        (await arrival(
          page,
          (e) =>
            e.event === 'presence' &&
            e.data.people.some((p: { connection: string }) => p.connection === connection),
        )) - hello,
      )
    newcomer.close()
  }
  line('a page opened on the other process: those there told, after its hello', joined)

  // The floor of any notice between processes: NOTIFY on one bare connection, heard on another.
  const listener = new pg.Client({ connectionString: database.url })
  const notifier = new pg.Client({ connectionString: database.url })
  await Promise.all([listener.connect(), notifier.connect()])
  await listener.query('listen bench_presence')
  const heard: number[] = []
  for (let i = 0; i < PAGES; i++) {
    const sent = performance.now()
    const came = new Promise<number>((resolve) =>
      listener.once('notification', () => resolve(performance.now())),
    )
    await notifier.query(`notify bench_presence, '${i}'`)
    heard.push((await came) - sent)
  }
  await Promise.all([listener.end(), notifier.end()])
  line('  floor: NOTIFY heard on another bare connection', heard)

  clearInterval(beating)
  for (const page of pages) page.close()
  const after = await settledMemory(holder.pid)
  console.log(`\n${`the server once every page closed`.padEnd(72)}${after.toFixed(1).padStart(8)} MB`)
} finally {
  for (const page of open) page.close()
  for (const stop of stops) await stop()
  await database.finish()
}
