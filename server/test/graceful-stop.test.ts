import { rm } from 'node:fs/promises'
import { connect } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServer } from '../../e2e/support/server.ts'
import { scaled, until } from '../../test/support/time.ts'
import { migratedDataDir } from './support/databases.ts'

// Each server starts on a copy of a migrated embedded database: a stop is what is proven, not a first start.
let from: string
beforeAll(async () => {
  from = await migratedDataDir()
})
afterAll(() => rm(from, { recursive: true, force: true }))

// The real entry point (server/src/main.ts) as an operator runs it, stopped with SIGTERM.
it('finishes on SIGTERM within the grace period even when a client leaves a request half sent', {
  timeout: scaled(180_000),
}, async () => {
  const server = await startServer({ SHUTDOWN_GRACE_SECONDS: '1', SEED_DEMO: '0' }, { from })
  const { hostname, port } = new URL(server.url)
  const socket = connect(Number(port), hostname)
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  // Headers never finished: to the server this request is in flight, not an idle connection.
  socket.write('GET /api/openapi.json HTTP/1.1\r\nHost: x\r\n')
  socket.on('error', () => {})
  let heard = ''
  socket.on('data', (chunk) => {
    heard += chunk
  })
  // The server must have read those bytes first (until then the connection is idle and closes at once): a
  // request sent after them, on another connection, is answered only once they were read.
  await fetch(`${server.url}/api/health`).then((res) => res.arrayBuffer())

  const started = Date.now()
  await server.stop()
  const took = Date.now() - started
  socket.destroy()
  // The grace was given (a slow host only makes the stop later)...
  expect(took).toBeGreaterThanOrEqual(900)
  // ...and then the half-sent request was cut, not ended by the request timeout (REQUEST_TIMEOUT_SECONDS, 30 s
  // by default), which answers 408 first: a stop that waited for it would hear one here.
  expect(heard).toBe('')
  expect(server.output()).not.toMatch(/unclean stop/)
})

it('answers not ready from the start of a SIGTERM, while it still answers, then stops', {
  timeout: scaled(180_000),
}, async () => {
  // The first half of the grace is the window the test asks in: scaled, so that a slow host still asks in it.
  const server = await startServer(
    { SHUTDOWN_GRACE_SECONDS: String(Math.ceil(scaled(4000) / 1000)), SEED_DEMO: '0' },
    { from },
  )
  expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200)
  process.kill(server.pid, 'SIGTERM')
  // Not ready while it still takes requests: the 503 comes before it stops listening (a request then would
  // fail to connect, and the wait with it), and other requests are still answered after it.
  const statuses: number[] = []
  await until(
    'readiness answering 503',
    async () => {
      statuses.push((await fetch(`${server.url}/api/health/ready`)).status)
      return statuses.at(-1)
    },
    (status) => status === 503,
  )
  // Ready until the signal was taken (nothing else meanwhile), and not ready from then on.
  expect(statuses.slice(0, -1).filter((status) => status !== 200)).toEqual([])
  // Still live, and still answering other requests, during the first half of the grace.
  expect((await fetch(`${server.url}/api/health/live`)).status).toBe(204)
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
  expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(503)
  await until('the process gone', () => !server.alive(), Boolean, { every: 200 })
  await server.stop()
  expect(server.output()).not.toMatch(/unclean stop/)
})
