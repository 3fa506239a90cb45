import { mkdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../support/harness.ts'

describe('the built web app', () => {
  const dist = path.join(os.tmpdir(), `vod-web-dist-${process.pid}`)
  let t: TestApp
  beforeAll(async () => {
    await mkdir(path.join(dist, 'assets'), { recursive: true })
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Back-office</title>')
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
    t = await startTestApp('pglite', { env: { WEB_DIST: dist } })
  })
  afterAll(async () => {
    await t?.close()
    await rm(dist, { recursive: true, force: true })
  })

  it('serves index.html at / without caching it', async () => {
    const res = await t.request('/')
    expect(res.status).toBe(200)
    expect(res.body).toContain('Back-office')
    expect(res.headers.get('cache-control')).toBe('no-cache')
  })

  it('serves hashed assets as immutable for a year', async () => {
    const res = await t.request('/assets/index-abc123.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('leaves the API to the API: unknown paths under /api stay JSON 404s', async () => {
    const res = await t.request('/api/index.html')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Not found.' })
    expect((await t.request('/assets/missing.js')).status).toBe(404)
    expect((await t.request('/api/tags')).status).toBe(401)
  })
})
