import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggerOptions } from '../../src/logger.ts'
import { SUPER_PASSWORD, SUPER_USERNAME, startTestApp, type TestApp } from '../support/harness.ts'

describe('logging', () => {
  const lines: string[] = []
  let t: TestApp
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    t = await startTestApp('pglite', {
      logger: pino(loggerOptions('trace'), sink),
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
