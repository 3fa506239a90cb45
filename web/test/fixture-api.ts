import { request as forward, type IncomingMessage, type ServerResponse } from 'node:http'
import { afterAll, beforeAll, inject } from 'vitest'
import { scaled } from '../../test/support/time.ts'
import { useSession } from '../src/stores/session.ts'
import { serveApi } from './api-server.ts'

/** A request the app made, as the tests read it. */
interface SeenRequest {
  method: string
  path: string
  query: URLSearchParams
  body: string
}

const control = (action: string, url = '') =>
  fetch(`${inject('fixtureControl')}/${action}?url=${encodeURIComponent(url)}`, { method: 'POST' }).then(
    async (res) => {
      if (!res.ok) throw new Error(await res.text())
      return (await res.json()) as { url?: string; token?: string }
    },
  )

/**
 * For one test file: the real server with the gadgets fixture (fixture-server.ts), seeded, its super-admin
 * signed in. The app reaches it through a pass-through that notes each request, so tests can say what the
 * screens asked; the answers are the server's own. `reset()` seeds the data again and forgets the requests.
 */
export function serveGadgets() {
  const seen: SeenRequest[] = []
  const server = { url: '', token: '' }
  serveApi((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const url = new URL(req.url ?? '', server.url)
      seen.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        body: body.toString(),
      })
      const headers = { ...req.headers, host: url.host, 'content-length': String(body.length) }
      const out = forward(url, { method: req.method, headers, agent: false }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.on('error', () => res.destroy())
        answer.pipe(res)
      })
      // The server went away under a request still on its way (a screen asking again as its file's server
      // stops): the screen gets a 502, not the run an uncaught ECONNRESET.
      out.on('error', () => {
        if (!res.headersSent) res.writeHead(502)
        res.end()
      })
      out.end(body)
    })
  })
  beforeAll(async () => {
    Object.assign(server, await control('start'))
    useSession.setState({ token: server.token })
  }, scaled(120_000))
  afterAll(() => control('stop', server.url), scaled(60_000))
  return {
    seen,
    /** The server's address, for a test to act as someone else would (another admin's change). */
    server,
    /** Requests with this method and path, in order. */
    requests: (method: string, path: string) => seen.filter((r) => r.method === method && r.path === path),
    async reset() {
      await control('reset', server.url)
      seen.length = 0
    },
  }
}
