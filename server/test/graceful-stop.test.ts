import { connect } from 'node:net'
import { expect, it } from 'vitest'
import { startServer } from '../../e2e/support/server.ts'

// The real entry point (server/src/main.ts) as an operator runs it, stopped with SIGTERM.
it('finishes on SIGTERM within the grace period even when a client leaves a request half sent', async () => {
  const server = await startServer({ SHUTDOWN_GRACE_SECONDS: '1', SEED_DEMO: '0' })
  const { hostname, port } = new URL(server.url)
  const socket = connect(Number(port), hostname)
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  // Headers never finished: to the server this request is in flight, not an idle connection.
  socket.write('GET /api/openapi.json HTTP/1.1\r\nHost: x\r\n')
  socket.on('error', () => {})
  // The server must have read those bytes first (until then the connection is idle and closes at once): a
  // request sent after them, on another connection, is answered only once they were read.
  await fetch(`${server.url}/api/health`).then((res) => res.arrayBuffer())

  const started = Date.now()
  await server.stop()
  const took = Date.now() - started
  socket.destroy()
  expect(took).toBeGreaterThanOrEqual(900)
  expect(took).toBeLessThan(8000)
  expect(server.output()).not.toMatch(/unclean stop/)
  // A fresh embedded database takes 10-35 s to start on a busy two-core machine, longer within a whole run.
}, 180_000)

it('answers not ready from the first second of a SIGTERM, while it still answers, then stops', async () => {
  const server = await startServer({ SHUTDOWN_GRACE_SECONDS: '4', SEED_DEMO: '0' })
  expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200)
  process.kill(server.pid, 'SIGTERM')
  const signalled = Date.now()
  // When the first request that answers 503 was sent (a loaded machine may take a while to answer it).
  let sent = 0
  await expect
    .poll(
      async () => {
        sent = Date.now()
        return (await fetch(`${server.url}/api/health/ready`)).status
      },
      { interval: 100, timeout: 5000 },
    )
    .toBe(503)
  expect(sent - signalled).toBeLessThan(1000)
  // Still live, and still answering other requests, during the first half of the grace.
  expect((await fetch(`${server.url}/api/health/live`)).status).toBe(204)
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
  await expect.poll(() => server.alive(), { interval: 200, timeout: 30_000 }).toBe(false)
  await server.stop()
  expect(server.output()).not.toMatch(/unclean stop/)
}, 180_000)
