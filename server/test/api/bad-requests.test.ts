import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

/** Every malformed request gets a 4xx in API.md's shape; nothing a client sends produces a 500. */
describeEachEngine('bad requests', (engine) => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await startTestApp(engine, {
      beforeListen(app) {
        app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
          throw new Error('secret internals')
        })
        app.get('/api/test/bad-sql', { config: { access: 'public' } }, async () => {
          await t.db.execute(sql`select * from no_such_table_xyz`)
          return {}
        })
      },
    })
    token = await t.superToken()
  })
  afterAll(() => t?.close())

  const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    t.request('/api/tags', { method: 'POST', token, body, headers })

  it('malformed JSON -> 400', async () => {
    for (const body of ['{bad', '{"name": "x",}', '[', 'null x']) {
      const res = await post(body)
      expect(res.status, body).toBe(400)
      expect(res.body).toEqual({ message: 'The request body is not valid JSON.' })
    }
  })

  it('a JSON body that is not an object -> 400; a missing one -> 400', async () => {
    for (const body of ['[]', '"text"', '42', 'null', '']) {
      const res = await post(body)
      expect(res.status, body).toBe(400)
      expect(res.body).toEqual({ message: 'The request body must be a JSON object.' })
    }
  })

  it('a content type the API does not take -> 400', async () => {
    const xml = await post('<tag/>', { 'content-type': 'application/xml' })
    expect(xml.status).toBe(400)
    expect(xml.body.message).toMatch(/content type application\/xml is not accepted/)
    const text = await post('name=x', { 'content-type': 'text/plain' })
    expect(text.status).toBe(400)
  })

  it('wrong types -> 422 per field', async () => {
    const res = await post(JSON.stringify({ name: ['a'], type: 1, category_id: 1.5 }))
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['category_id', 'name', 'type'])
    expect(res.body.errors.category_id).toEqual(['The category ID field must be an integer.'])
  })

  it('a 1 MB name -> 413; a large one under the limit -> 422; never 500', async () => {
    const huge = await post(JSON.stringify({ name: 'x'.repeat(1024 * 1024), type: 'genre' }))
    expect(huge.status).toBe(413)
    expect(huge.body).toEqual({ message: 'The request body is too large.' })
    const big = await post(JSON.stringify({ name: 'x'.repeat(500_000), type: 'genre' }))
    expect(big.status).toBe(422)
    expect(big.body.errors.name).toEqual(['The name field must not be greater than 100 characters.'])
  })

  it('a huge query string -> 4xx JSON, not a crash', async () => {
    const res = await t.request(`/api/tags?keyword=${'x'.repeat(20_000)}`, { token })
    expect(res.status).toBe(431)
    expect(res.body).toEqual({ message: 'The request headers are too large.' })
    const long = await t.request(`/api/tags?keyword=${'x'.repeat(5000)}`, { token })
    expect(long.status).toBe(422)
  })

  it('values PostgreSQL cannot hold -> 422, not a database error', async () => {
    const big = await post(JSON.stringify({ name: 'Big', type: 'genre', category_id: 3_000_000_000 }))
    expect(big.status).toBe(422)
    expect(big.body.errors.category_id).toEqual([
      'The category ID field must not be greater than 2147483647.',
    ])
    const nul = await post(JSON.stringify({ name: 'a\u0000b', type: 'genre' }))
    expect(nul.status).toBe(422)
    expect(nul.body.errors).toEqual({ name: ['The name field contains a character that is not allowed.'] })
    for (const q of ['category_id=99999999999', 'keyword=a%00b', 'category_id=-99999999999']) {
      const res = await t.request(`/api/tags?${q}`, { token })
      expect(res.status, q).toBe(422)
    }
  })

  it('a body nested deeper than 64 levels -> 400 before any route sees it; 64 levels are fine', async () => {
    const objects = (depth: number, leaf = '1') => `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`
    const tooDeep = 'The request body is nested too deeply (at most 64 levels).'
    for (const body of [
      objects(6000),
      objects(65),
      `{"name": ${'['.repeat(64)}${']'.repeat(64)}, "type": "genre"}`,
    ]) {
      const res = await post(body)
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ message: tooDeep })
    }
    // Public routes too, without a token: the check runs as the body is read.
    const json = { 'content-type': 'application/json' }
    const login = await t.request('/api/login', { method: 'POST', body: objects(6000), headers: json })
    expect(login.body).toEqual({ message: tooDeep })
    const zh = await t.request('/api/login', {
      method: 'POST',
      body: objects(100),
      headers: { ...json, 'accept-language': 'zh-CN' },
    })
    expect(zh.body).toEqual({ message: '请求内容嵌套层级过深（最多 64 层）。' })

    const deepest = await post(objects(64))
    expect(deepest.status).toBe(422)
    expect(Object.keys(deepest.body.errors).sort()).toEqual(['name', 'type'])
    // A NUL character deep down is still found, and named by its path.
    const nul = await post(`{"name": "x", "type": "genre", "extra": ${objects(60, '"a\\u0000b"')}}`)
    expect(nul.status).toBe(422)
    expect(Object.keys(nul.body.errors)).toEqual([`extra${'.a'.repeat(60)}`])
  })

  it('dates PostgreSQL cannot hold (year 0, or an offset moving into it) -> 422; the first and last years work', async () => {
    for (const q of [
      'created_at_from=0000-01-01',
      'created_at_to=0000-01-01',
      'created_at_from=0001-01-01T00:30:00%2B01:00',
      'created_at_to=9999-12-31T23:59:59-01:00',
    ]) {
      const res = await t.request(`/api/tags?${q}`, { token })
      expect(res.status, q).toBe(422)
      expect(res.body.errors, q).toEqual({
        [q.split('=')[0] as string]: [expect.stringMatching(/must be a date in the years 1 to 9999/)],
      })
    }
    for (const q of [
      'created_at_from=0001-01-01',
      'created_at_to=9999-12-30',
      'created_at_to=9999-12-31T00:00:00Z',
    ]) {
      const res = await t.request(`/api/tags?${q}`, { token })
      expect(res.status, q).toBe(200)
    }
  })

  it('a non-numeric or out-of-range id -> 404', async () => {
    for (const id of ['abc', '1.5', '-1', '0', '01', '1e3', '99999999999', "1'%20or%20'1'='1"]) {
      const res = await t.request(`/api/tags/${id}`, { token })
      expect(res.status, id).toBe(404)
      expect(res.body).toEqual({ message: 'Not found.' })
    }
    const put = await t.request('/api/tags/abc', { method: 'PUT', token, body: { name: 'x' } })
    expect(put.status).toBe(404)
  })

  it('an unknown /api route or method -> 404 JSON', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api'],
      ['POST', '/api/tags/1/explode'],
      ['PATCH', '/api/tags/1'],
      ['GET', '/nothing-here'],
    ] as const) {
      const res = await t.request(path, { method, token })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(res.body).toEqual({ message: 'Not found.' })
    }
    const zh = await t.request('/api/nothing-here', { headers: { 'accept-language': 'zh-CN' } })
    expect(zh.body).toEqual({ message: '未找到。' })
  })

  it('X-Api-Version other than 1.0 -> 400; 1.0 or none is fine', async () => {
    const wrong = await t.request('/api/tags', { token, headers: { 'x-api-version': '2.0' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual({ message: 'API version 2.0 is not supported; this server speaks 1.0.' })
    expect(
      (await t.request('/api/login', { method: 'POST', body: {}, headers: { 'x-api-version': '0.9' } }))
        .status,
    ).toBe(400)
    expect((await t.request('/api/tags', { token, headers: { 'x-api-version': '1.0' } })).status).toBe(200)
    expect((await t.request('/api/tags', { token })).status).toBe(200)
  })

  it('a bug -> 500 with a request id, no stack, no SQL', async () => {
    for (const path of ['/api/test/boom', '/api/test/bad-sql']) {
      const res = await t.request(path)
      expect(res.status).toBe(500)
      expect(res.body).toEqual({
        message: 'Server Error',
        request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      })
      expect(JSON.stringify(res.body)).not.toMatch(/secret internals|no_such_table|select/i)
    }
  })
})
