import { mkdir, rm, writeFile } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../support/harness.ts'

/** A GET whose body comes back exactly as sent (fetch would undo the compression). */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number
    headers: Record<string, string | string[] | undefined>
    body: Buffer
  }>((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

describe('the built web app', () => {
  const dist = path.join(os.tmpdir(), `vod-web-dist-${process.pid}`)
  const script = `console.log(${JSON.stringify('x'.repeat(4000))})`
  let t: TestApp
  beforeAll(async () => {
    await mkdir(path.join(dist, 'assets'), { recursive: true })
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Back-office</title>')
    await writeFile(
      path.join(dist, 'index.html.br'),
      brotliCompressSync('<!doctype html><title>Back-office</title>'),
    )
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), script)
    await writeFile(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script))
    await writeFile(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script))
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

  it('sends the copy the build compressed, by the Accept-Encoding the browser sends', async () => {
    const url = `${t.url}/assets/index-abc123.js`
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.body.length).toBeLessThan(200)
    expect(brotliDecompressSync(br.body).toString()).toBe(script)

    const gz = await rawGet(url, { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.body.length).toBeLessThan(200)

    const plain = await rawGet(url)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(script)

    const index = await rawGet(`${t.url}/`, { 'accept-encoding': 'br' })
    expect(index.headers['content-encoding']).toBe('br')
    expect(index.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(index.body).toString()).toContain('Back-office')
  })

  it('compresses API answers above the threshold, and only those', async () => {
    const token = await t.superToken()
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' }
    const big = await rawGet(`${t.url}/api/permissions`, headers)
    expect(big.status).toBe(200)
    expect(big.headers['content-encoding']).toBe('br')
    const json = brotliDecompressSync(big.body)
    expect(json.length).toBeGreaterThan(1024)
    expect(big.body.length).toBeLessThan(json.length / 3)
    expect(JSON.parse(json.toString()).data.length).toBeGreaterThan(10)

    const small = await rawGet(`${t.url}/api/tags/999999`, headers)
    expect(small.status).toBe(404)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(small.body.toString())).toEqual({ message: 'Not found.' })
  })

  it('leaves the API to the API: unknown paths under /api stay JSON 404s', async () => {
    const res = await t.request('/api/index.html')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Not found.' })
    expect((await t.request('/assets/missing.js')).status).toBe(404)
    expect((await t.request('/api/tags')).status).toBe(401)
  })
})
