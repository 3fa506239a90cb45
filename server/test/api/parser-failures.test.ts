import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

const UPLOAD_ROUTES = [
  '/api/files/images',
  '/api/files/videos',
  '/api/files/upload',
  '/api/users/batch-create',
  '/api/files/cdn77BatchUpload',
]

/** Issue 23 item 4: a body the parsers cannot read is the client's mistake, never a 500. */
describeEachEngine('parser failures', (engine) => {
  let t: TestApp
  let token: string

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
  })
  afterAll(() => t?.close())

  const post = (path: string, contentType: string, body: string | Buffer) =>
    fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body: new Uint8Array(typeof body === 'string' ? Buffer.from(body) : body),
    }).then(async (res) => ({ status: res.status, body: await res.json() }))

  it('answers a malformed multipart body with 400 on every upload and import route', async () => {
    const bodies: [string, string][] = [
      ['multipart/form-data', 'garbage without a boundary'],
      ['multipart/form-data; boundary=', '--\r\n\r\n'],
      ['multipart/form-data; boundary=xyz', 'complete garbage \u0000\u0001 no parts at all'],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nname\r\nx',
      ],
    ]
    for (const path of UPLOAD_ROUTES)
      for (const [type, body] of bodies) {
        const res = await post(path, type, body)
        expect(res.status, `${path} ${type} ${JSON.stringify(body)}`).toBe(400)
        expect(res.body.message, path).toMatch(/could not be read|did not arrive whole/)
      }
  })

  it('answers any CSV parse error with 422 on file naming the line', async () => {
    const csv = (text: string) => {
      const form = new FormData()
      form.append('file', new Blob([text]), 'rows.csv')
      return fetch(`${t.url}/api/users/batch-create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      }).then(async (res) => ({ status: res.status, body: await res.json() }))
    }
    for (const [text, line] of [
      ['username,email\nab"c,x@example.com\n', 2], // a quote inside an unquoted field
      ['username,email\nok,a@example.com\n"open,b@example.com\n', 3], // a quote never closed
      ['username,email\n"a"b,c@example.com\n', 2], // text after a closing quote
    ] as const) {
      const res = await csv(text)
      expect(res.status, text).toBe(422)
      expect(res.body.errors, text).toEqual({ file: [`The file is not valid CSV (line ${line}).`] })
    }
  })
})

/** Issue 23 item 7: an import is bounded in rows, and stops at the first batch with a mistake. */
describeEachEngine('import bounds', (engine) => {
  let t: TestApp
  let token: string

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
  })
  afterAll(() => t?.close())

  const total = async () => (await t.request('/api/users?per_page=1', { token })).body.meta.total

  it('refuses more than 10,000 rows, as JSON or CSV, before writing any', async () => {
    const before = await total()
    const rows = Array.from({ length: 10_001 }, (_, i) => ({ username: `bulk${i}` }))
    const json = await t.request('/api/users/batch-create', { method: 'POST', token, body: { rows } })
    expect(json.status).toBe(422)
    expect(json.body.errors).toEqual({
      rows: ['An import may hold at most 10000 rows; split it into several.'],
    })

    const form = new FormData()
    form.append('file', new Blob([`username\n${rows.map((r) => r.username).join('\n')}\n`]), 'bulk.csv')
    const csv = await fetch(`${t.url}/api/users/batch-create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
    expect(csv.status).toBe(422)
    expect((await csv.json()).errors).toEqual({
      file: ['An import may hold at most 10000 rows; split it into several.'],
    })
    expect(await total()).toBe(before)
  })

  it('stops at the first batch with a bad row: later mistakes are not read, nothing is written', async () => {
    const before = await total()
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      username: `later${i}`,
      email: `later${i}@example.com`,
    }))
    rows[1] = { username: 'bad-early', email: 'not an address' }
    rows[2499] = { username: 'bad-late', email: 'not an address either' }
    const res = await t.request('/api/users/batch-create', { method: 'POST', token, body: { rows } })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ 'rows.2.email': ['The email field must be a valid email address.'] })
    expect(await total()).toBe(before)
  })
})
