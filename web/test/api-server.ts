import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'
import { httpConfig } from '../src/api/http.ts'

/** A local API for one test file: `handle` answers every request, and the app's HTTP module calls it. */
export function serveApi(handle: RequestListener): void {
  const server = createServer(handle)
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    httpConfig.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
}
