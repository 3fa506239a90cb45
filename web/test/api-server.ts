import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'
import { httpConfig } from '../src/api/http.ts'

/**
 * A local API for one test file: `handle` answers every request, and the app's HTTP module calls it.
 * jsdom's XMLHttpRequest (uploads) keeps the browser's same-origin rule, and the test page's origin is
 * not this server's, so it allows every origin, as the real API's own origin would be.
 */
export function serveApi(handle: RequestListener): void {
  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*')
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '',
      })
      res.end()
      return
    }
    handle(req, res)
  })
  // Never closed from this side while a test runs: a connection the server ends after its idle 5 s, just as
  // fetch takes it up again for the next test (a slow machine's gap), fails that request ("fetch failed").
  server.keepAliveTimeout = 0
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    httpConfig.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
  })
  afterAll(() => {
    // Keep-alive connections would hold close() open until they time out.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    server.closeAllConnections()
    return closed
  })
}
