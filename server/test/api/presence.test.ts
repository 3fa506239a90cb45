import { PRESENCE_EXPIRY_SECONDS, type PresencePerson } from '@vod/contract'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { until } from '../../../test/support/time.ts'
import { describeEachEngine, describeOnPostgres } from '../support/databases.ts'
import { type EventStream, openEventStream } from '../support/event-stream.ts'
import {
  type SecondServer,
  startSecondServer,
  startTestApp,
  type TestAdmin,
  type TestApp,
} from '../support/harness.ts'

const names = (stream: EventStream): string[] =>
  ((stream.last('presence')?.people ?? []) as PresencePerson[]).map((p) => `${p.username}:${p.state}`).sort()
const seen = (stream: EventStream, wanted: string[]) =>
  until(
    `presence ${wanted.join(', ')}`,
    () => names(stream),
    (now) => now.join() === [...wanted].sort().join(),
    { every: 20 },
  )

describeEachEngine('who else is on a record', (engine) => {
  let t: TestApp
  let editor: TestAdmin
  let reader: TestAdmin
  let stranger: TestAdmin
  let tagId: number
  const open: EventStream[] = []
  const stream = async (base: string, path: string, token: string) => {
    const s = await openEventStream(`${base}${path}`, token)
    open.push(s)
    return s
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    editor = await t.createAdmin(['list-tags', 'edit-tags'])
    reader = await t.createAdmin(['list-tags'])
    stranger = await t.createAdmin(['list-videos'])
    const token = await t.superToken()
    tagId = (
      await t.request('/api/tags', { method: 'POST', token, body: { name: 'Presence', type: 'genre' } })
    ).body.data.id
  })
  afterAll(async () => {
    for (const s of open) s.close()
    await t?.close()
  })

  it('shows each page the others on the record, their editing, and their leaving when the page closes', async () => {
    const readerPage = await stream(t.url, `/api/presence/tags/${tagId}`, reader.token)
    expect(readerPage.status).toBe(200)
    await until('hello', () => readerPage.last('hello'))
    const editorPage = await stream(t.url, `/api/presence/tags/${tagId}`, editor.token)
    await seen(readerPage, [`${editor.username}:viewing`])
    await seen(editorPage, [`${reader.username}:viewing`])

    const connection = (await until('hello', () => editorPage.last('hello'))).connection
    const beat = await t.request(`/api/presence/tags/${tagId}`, {
      method: 'PUT',
      token: editor.token,
      body: { connection, state: 'editing' },
    })
    expect(beat.status).toBe(204)
    await seen(readerPage, [`${editor.username}:editing`])

    // Another admin cannot speak for the editor's page.
    const forged = await t.request(`/api/presence/tags/${tagId}`, {
      method: 'PUT',
      token: reader.token,
      body: { connection, state: 'viewing' },
    })
    expect(forged.status).toBe(engine === 'pglite' ? 404 : 204)

    editorPage.close()
    await seen(readerPage, [])
    readerPage.close()
  })

  it('tells the open pages of a record that someone saved it, with the version and who', async () => {
    const readerPage = await stream(t.url, `/api/presence/tags/${tagId}`, reader.token)
    await until('hello', () => readerPage.last('hello'))
    const saved = await t.request(`/api/tags/${tagId}`, {
      method: 'PUT',
      token: editor.token,
      body: { name: 'Renamed' },
    })
    expect(saved.status).toBe(200)
    const event = await until('saved', () => readerPage.last('saved'))
    expect(event).toEqual({
      resource: 'tags',
      id: tagId,
      version: saved.body.data.version,
      by: { admin_id: editor.id, username: editor.username, name: editor.username },
    })
    readerPage.close()
  })

  it('tells nobody who is on a record they may not read, and says why in the usual shape', async () => {
    const editorPage = await stream(t.url, `/api/presence/tags/${tagId}`, editor.token)
    await until('hello', () => editorPage.last('hello'))
    const refused = await stream(t.url, `/api/presence/tags/${tagId}`, stranger.token)
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ message: expect.any(String) })
    expect(JSON.stringify(refused.body)).not.toContain(editor.username)
    const beat = await t.request(`/api/presence/tags/${tagId}`, {
      method: 'PUT',
      token: stranger.token,
      body: { connection: editorPage.last('hello').connection, state: 'editing' },
    })
    expect(beat.status).toBe(403)
    expect((await openEventStream(`${t.url}/api/presence/tags/${tagId}`, 'nonsense')).status).toBe(401)
    editorPage.close()
  })

  it('answers a malformed or unknown record 4xx in the error shape, never a stream', async () => {
    for (const [path, status] of [
      // As everywhere (API.md): what is no id is no record.
      ['/api/presence/tags/0', 404],
      ['/api/presence/tags/abc', 404],
      ['/api/presence/Tags!/1', 404],
      ['/api/presence/no-such-things/1', 404],
      ['/api/presence/tags/999999', 404],
      [`/api/presence/tags/${tagId}?state=typing`, 422],
    ] as const) {
      const answer = await openEventStream(`${t.url}${path}`, editor.token)
      expect([path, answer.status]).toEqual([path, status])
      expect(answer.body).toMatchObject({ message: expect.any(String) })
    }
    const unknown = await t.request(`/api/presence/tags/${tagId}`, {
      method: 'PUT',
      token: editor.token,
      body: { connection: crypto.randomUUID(), state: 'editing' },
    })
    expect(unknown.status).toBe(engine === 'pglite' ? 404 : 204)
    const malformed = await t.request(`/api/presence/tags/${tagId}`, {
      method: 'PUT',
      token: editor.token,
      body: { connection: 'x', state: 'sleeping' },
    })
    expect(malformed.status).toBe(422)
    expect(malformed.body).toMatchObject({ message: expect.any(String) })
    expect(PRESENCE_EXPIRY_SECONDS).toBeLessThan(60)
  })
})

describeOnPostgres('who else is on a record, across server processes', () => {
  let t: TestApp
  let second: SecondServer
  let editor: TestAdmin
  let reader: TestAdmin
  let tagId: number
  const open: EventStream[] = []

  beforeAll(async () => {
    t = await startTestApp('postgres')
    second = await startSecondServer(t)
    editor = await t.createAdmin(['list-tags', 'edit-tags'])
    reader = await t.createAdmin(['list-tags'])
    const token = await t.superToken()
    tagId = (await t.request('/api/tags', { method: 'POST', token, body: { name: 'Shared', type: 'genre' } }))
      .body.data.id
  })
  afterAll(async () => {
    for (const s of open) s.close()
    await second?.close()
    await t?.close()
  })

  it('shows a page on one process the pages on the other, their state, their leaving and their saves', async () => {
    const readerPage = await openEventStream(`${t.url}/api/presence/tags/${tagId}`, reader.token)
    open.push(readerPage)
    await until('hello', () => readerPage.last('hello'))
    // Until the second process listens, what the first says is lost: it says it again when it hears nothing.
    let editorPage = await openEventStream(`${second.url}/api/presence/tags/${tagId}`, editor.token)
    open.push(editorPage)
    await seen(readerPage, [`${editor.username}:viewing`])
    await seen(editorPage, [`${reader.username}:viewing`])

    // The heartbeat may reach either process: the one holding the page applies it.
    const connection = (await until('hello', () => editorPage.last('hello'))).connection
    const beat = await t.request(`/api/presence/tags/${tagId}`, {
      method: 'PUT',
      token: editor.token,
      body: { connection, state: 'editing' },
    })
    expect(beat.status).toBe(204)
    await seen(readerPage, [`${editor.username}:editing`])

    editorPage.close()
    await seen(readerPage, [])

    editorPage = await openEventStream(`${second.url}/api/presence/tags/${tagId}`, editor.token)
    open.push(editorPage)
    await seen(readerPage, [`${editor.username}:viewing`])
    const saved = await fetch(`${second.url}/api/tags/${tagId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${editor.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Saved on two' }),
    })
    expect(saved.status).toBe(200)
    const { data } = await saved.json()
    const event = await until('saved', () => readerPage.last('saved'))
    expect(event).toMatchObject({
      resource: 'tags',
      id: tagId,
      version: data.version,
      by: { username: editor.username },
    })
  })
})
