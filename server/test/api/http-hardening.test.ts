import { mkdir, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import { connect, type Socket } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { until } from '../../../test/support/time.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

/** A raw TCP connection to the app, with what it received and whether (and when) the server closed it. */
async function open(t: TestApp) {
  const { hostname, port } = new URL(t.url)
  const socket: Socket = connect(Number(port), hostname)
  let received = ''
  let closedAt: number | null = null
  socket.setEncoding('utf8')
  socket.on('data', (chunk) => {
    received += chunk
  })
  socket.on('error', () => {})
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      closedAt = Date.now()
      resolve()
    }),
  )
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  return {
    socket,
    closed,
    received: () => received,
    closedAt: () => closedAt,
    /** Resolves once the server closed the connection; fails if it still stands after a ceiling. */
    closedByServer: (what: string) => until(what, () => closedAt !== null),
  }
}

describe('security headers', () => {
  const dist = path.join(os.tmpdir(), `vod-web-dist-headers-${process.pid}`)
  let t: TestApp
  beforeAll(async () => {
    await mkdir(dist, { recursive: true })
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Back-office</title>')
    t = await startTestApp('pglite', { env: { WEB_DIST: dist } })
  })
  afterAll(async () => {
    await t?.close()
    await rm(dist, { recursive: true, force: true })
  })

  it('sends a strict CSP, nosniff, no referrer and no framing on the app, the API, errors and the API reference', async () => {
    for (const url of ['/', '/api/tags', '/api/nothing', '/api/health', '/api/docs/', '/api/openapi.json']) {
      const res = await t.request(url)
      const csp = res.headers.get('content-security-policy') ?? ''
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
          .map(([k, ...v]) => [k, v.join(' ')]),
      )
      expect(directives.get('script-src'), url).toBe("'self'")
      expect(directives.get('frame-ancestors'), url).toBe("'none'")
      expect(directives.get('default-src'), url).toBe("'self'")
      expect(directives.get('object-src'), url).toBe("'none'")
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff')
      expect(res.headers.get('referrer-policy'), url).toBe('no-referrer')
      expect(res.headers.get('x-frame-options'), url).toBe('SAMEORIGIN')
      // Plain HTTP and no trusted proxy saying otherwise: no HSTS.
      expect(res.headers.get('strict-transport-security'), url).toBeNull()
    }
    // A client cannot ask for HSTS by claiming TLS itself.
    const claimed = await t.request('/api/health', { headers: { 'x-forwarded-proto': 'https' } })
    expect(claimed.headers.get('strict-transport-security')).toBeNull()
  })
})

describe('HSTS behind a TLS-terminating proxy (TRUST_PROXY)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('pglite', { env: { TRUST_PROXY: 'loopback' } })
  })
  afterAll(() => t?.close())

  it('is sent when the trusted proxy says the request came over TLS, and only then', async () => {
    const tls = await t.request('/api/health', { headers: { 'x-forwarded-proto': 'https' } })
    expect(tls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    const plain = await t.request('/api/health', { headers: { 'x-forwarded-proto': 'http' } })
    expect(plain.headers.get('strict-transport-security')).toBeNull()
    expect((await t.request('/api/health')).headers.get('strict-transport-security')).toBeNull()
  })
})

describe('timeouts', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      env: { REQUEST_TIMEOUT_SECONDS: '2', CONNECTION_TIMEOUT_SECONDS: '1' },
    })
  })
  afterAll(() => t?.close())

  it('closes a connection that stays silent (CONNECTION_TIMEOUT_SECONDS)', async () => {
    // Taken before connecting: the server's clock for the connection starts later, so a slow host only adds.
    const started = Date.now()
    const idle = await open(t)
    await idle.closedByServer('the server to close the silent connection')
    // Not before its second of silence.
    expect((idle.closedAt() ?? 0) - started).toBeGreaterThanOrEqual(900)
  })

  it('answers 408 to a request sent too slowly, even one that never falls silent (REQUEST_TIMEOUT_SECONDS)', async () => {
    const slow = await open(t)
    slow.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n')
    // A header line every tenth of a second, far under the idle second: the connection is never idle, the
    // request never complete.
    const drip = setInterval(() => slow.socket.writable && slow.socket.write('X-Drip: 1\r\n'), 100)
    try {
      await slow.closedByServer('the server to end the slow request')
    } finally {
      clearInterval(drip)
    }
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /)
  })
})

// The cap on an app of its own whose silent connections stand for the default minute: here the refused one is
// told from one closed for its silence by the order alone (it goes while the three held still stand).
describe('the connection cap', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('pglite', { env: { MAX_CONNECTIONS: '3' } })
  })
  afterAll(() => t?.close())

  it('refuses connections past MAX_CONNECTIONS, and serves again once one closes', async () => {
    const held = await Promise.all([open(t), open(t), open(t)])
    const extra = await open(t)
    await extra.closedByServer('the server to refuse the connection past the cap')
    expect(extra.received()).toBe('')
    expect(held.map((connection) => connection.closedAt())).toEqual([null, null, null])
    for (const connection of held) connection.socket.destroy()
    await Promise.all(held.map((connection) => connection.closed))
    expect((await t.request('/api/health')).status).toBe(200)
  })
})

// One client's slow partial requests past MAX_CONNECTIONS_PER_ADDRESS are closed at once, so another client
// (here 127.0.0.2, loopback too) still finds room under MAX_CONNECTIONS (issue 65).
describe('the connection cap per address', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('pglite', { env: { MAX_CONNECTIONS: '20', MAX_CONNECTIONS_PER_ADDRESS: '5' } })
  })
  afterAll(() => t?.close())

  it('keeps one address from taking every connection with slow partial requests', async () => {
    const slow = await Promise.all(Array.from({ length: 40 }, () => open(t)))
    for (const connection of slow) connection.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n')
    try {
      const server = t.app.server
      const connections = () =>
        new Promise<number>((resolve, reject) =>
          server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
        )
      // Every slow socket either held by the server or closed by it.
      await until(
        'each slow connection held or closed',
        async () => (await connections()) + slow.filter((c) => c.closedAt() !== null).length,
        (seen) => seen === slow.length,
      )
      expect(slow.filter((c) => c.closedAt() === null)).toHaveLength(5)
      const { port } = new URL(t.url)
      const status = await new Promise<number>((resolve, reject) =>
        http
          .get(
            { host: '127.0.0.1', port: Number(port), path: '/api/health', localAddress: '127.0.0.2' },
            (res) => {
              res.resume()
              resolve(res.statusCode ?? 0)
            },
          )
          .on('error', reject),
      )
      expect(status).toBe(200)
    } finally {
      for (const connection of slow) connection.socket.destroy()
    }
  })
})
