import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggerOptions } from '../../src/logger.ts'
import { SUPER_PASSWORD, SUPER_USERNAME, startTestApp, type TestApp } from '../support/harness.ts'

/** A pino logger at `level` writing its lines into `lines`. */
function capture(level: string, lines: string[]) {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return pino(loggerOptions(level), sink)
}

describe('logging', () => {
  const lines: string[] = []
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      logger: capture('trace', lines),
      beforeListen(app) {
        // A handler that logs what it was given, as careless code might.
        app.post('/api/test/echo-log', { config: { access: 'public' } }, async (request) => {
          request.log.info({ body: request.body, headers: request.headers }, 'echo')
          return {}
        })
      },
    })
  })
  afterAll(() => t?.close())

  it('never writes passwords, tokens or cookies', async () => {
    const token = await t.login(SUPER_USERNAME, SUPER_PASSWORD)
    await t.request('/api/tags', { token, headers: { cookie: 'session=cookie-secret' } })
    await t.request('/api/test/echo-log', {
      method: 'POST',
      token,
      headers: { cookie: 'session=cookie-secret' },
      body: { password: 'body-secret1', access_token: token },
    })
    const log = lines.join('')
    expect(log).toContain('"echo"')
    expect(log).toContain('[redacted]')
    for (const secret of [SUPER_PASSWORD, token, 'cookie-secret', 'body-secret1'])
      expect(log).not.toContain(secret)
  })
})

describe('request logs', () => {
  it('are one line per request at info: id, admin, route template, status, time; never the path or query', async () => {
    const lines: string[] = []
    const t = await startTestApp('pglite', { logger: capture('info', lines) })
    try {
      const token = await t.login(SUPER_USERNAME, SUPER_PASSWORD)
      const me = await t.request('/api/auth/me', { token })
      lines.length = 0
      await t.request('/api/tags/987654?secret-word=1', { token })
      await t.request('/api/no-such-route-here')
      const entries = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request')
      expect(entries).toEqual([
        expect.objectContaining({
          level: 30,
          reqId: expect.any(String),
          admin: me.body.data.id,
          method: 'GET',
          route: '/api/tags/:id',
          status: 404,
          ms: expect.any(Number),
        }),
        expect.objectContaining({ admin: null, route: 'unmatched', status: 404 }),
      ])
      const log = lines.join('')
      for (const hidden of ['987654', 'secret-word', 'no-such-route-here']) expect(log).not.toContain(hidden)
    } finally {
      await t.close()
    }
  })

  it("keep Fastify's own lines out of the default level; they come with LOG_LEVEL=debug", async () => {
    for (const [level, expected] of [
      ['info', false],
      ['debug', true],
    ] as const) {
      const lines: string[] = []
      const t = await startTestApp('pglite', { logger: capture(level, lines) })
      try {
        const token = await t.login(SUPER_USERNAME, SUPER_PASSWORD)
        await t.request('/api/tags', { token })
        await t.request('/api/no-such-route')
        const log = lines.join('')
        expect(log.includes('request completed'), level).toBe(expected)
        expect(log.includes('incoming request'), level).toBe(expected)
        expect(log.includes('no-such-route'), level).toBe(expected)
      } finally {
        await t.close()
      }
    }
  })
})
