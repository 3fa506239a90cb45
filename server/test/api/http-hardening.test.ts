import { mkdir, rm, writeFile } from 'node:fs/promises'
import { connect, type Socket } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
    /** Resolves true once the server closed the connection, false if it still stands after `ms`. */
    closedWithin: (ms: number) =>
      Promise.race([
        closed.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
      ]),
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

describe('timeouts and the connection cap', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      env: { REQUEST_TIMEOUT_SECONDS: '2', CONNECTION_TIMEOUT_SECONDS: '1', MAX_CONNECTIONS: '3' },
    })
  })
  afterAll(() => t?.close())

  it('closes a connection that stays silent (CONNECTION_TIMEOUT_SECONDS)', async () => {
    const idle = await open(t)
    const started = Date.now()
    expect(await idle.closedWithin(5000)).toBe(true)
    expect((idle.closedAt() ?? 0) - started).toBeGreaterThanOrEqual(900)
  })

  it('answers 408 to a request sent too slowly, even one that never falls silent (REQUEST_TIMEOUT_SECONDS)', async () => {
    const slow = await open(t)
    slow.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n')
    // A header line every half second: the connection is never idle, the request never complete.
    const drip = setInterval(() => slow.socket.writable && slow.socket.write('X-Drip: 1\r\n'), 500)
    try {
      expect(await slow.closedWithin(6000)).toBe(true)
    } finally {
      clearInterval(drip)
    }
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('refuses connections past MAX_CONNECTIONS, and serves again once one closes', async () => {
    const held = await Promise.all([open(t), open(t), open(t)])
    const extra = await open(t)
    expect(await extra.closedWithin(500)).toBe(true)
    expect(extra.received()).toBe('')
    for (const connection of held) connection.socket.destroy()
    await Promise.all(held.map((connection) => connection.closed))
    expect((await t.request('/api/health')).status).toBe(200)
  })
})
