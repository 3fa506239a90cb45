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
  // A fresh embedded database takes 10-35 s to start on a busy two-core machine.
}, 90_000)
