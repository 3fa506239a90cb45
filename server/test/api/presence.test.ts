import { PRESENCE_EXPIRY_SECONDS, type PresencePerson } from '@vod/contract'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { until } from '../../../test/support/time.ts'
import { queryRows } from '../../src/db/client.ts'
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

/**
 * The reader's page on the tag, then the editor's (each through its `base`): each is shown the other, then the
 * editor's heartbeat, sent to `t`, says it is editing, and the reader's page shows it.
 */
async function readerMeetsEditor(
  t: TestApp,
  tagId: number,
  [reader, editor]: [{ base: string; admin: TestAdmin }, { base: string; admin: TestAdmin }],
) {
  const readerPage = await openEventStream(`${reader.base}/api/presence/tags/${tagId}`, reader.admin.token)
  expect(readerPage.status).toBe(200)
  await until('hello', () => readerPage.last('hello'))
  // Until another process listens, what the first says is lost: it says it again when it hears nothing.
  const editorPage = await openEventStream(`${editor.base}/api/presence/tags/${tagId}`, editor.admin.token)
  await seen(readerPage, [`${editor.admin.username}:viewing`])
  await seen(editorPage, [`${reader.admin.username}:viewing`])
  const connection = (await until('hello', () => editorPage.last('hello'))).connection as string
  const beat = await t.request(`/api/presence/tags/${tagId}`, {
    method: 'PUT',
    token: editor.admin.token,
    body: { connection, state: 'editing' },
  })
  expect(beat.status).toBe(204)
  await seen(readerPage, [`${editor.admin.username}:editing`])
  return { readerPage, editorPage, connection }
}

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
  /** Edits the video at `path` and waits until `page` is told of that edit, its last event then. */
  const editTold = async (page: EventStream, path: string, token: string) => {
    const edited = await t.request(path, {
      method: 'PUT',
      token,
      body: { title: `Edited ${path.split('/').at(-1)}.${page.events.length}` },
    })
    expect(edited.status).toBe(200)
    await until(
      'the edit told',
      () => page.last('saved'),
      (last) => last?.version === edited.body.data.version,
    )
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
    const { readerPage, editorPage, connection } = await readerMeetsEditor(t, tagId, [
      { base: t.url, admin: reader },
      { base: t.url, admin: editor },
    ])
    open.push(readerPage, editorPage)

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

  it('tells of a save made by an action (a publish) as of an edit, and of no refused one', async () => {
    const token = await t.superToken()
    const video = (
      await t.request('/api/videos', {
        method: 'POST',
        token,
        body: { title: 'Told', serial_number: 'PR-1' },
      })
    ).body.data
    const watcher = await t.createAdmin(['list-videos'])
    const page = await stream(t.url, `/api/presence/videos/${video.id}`, watcher.token)
    await until('hello', () => page.last('hello'))
    const published = await t.request(`/api/videos/${video.id}/publish`, { method: 'POST', token })
    expect(published.status).toBe(200)
    const event = await until('saved', () => page.last('saved'))
    expect(event).toMatchObject({ resource: 'videos', id: video.id, version: published.body.data.version })
    expect(event.scheduled).toBeUndefined()
    // Published already: refused (409), and nothing more is told.
    const told = page.events.length
    expect((await t.request(`/api/videos/${video.id}/publish`, { method: 'POST', token })).status).toBe(409)
    await editTold(page, `/api/videos/${video.id}`, token)
    expect(page.events.slice(told).filter((e) => e.event === 'saved')).toHaveLength(1)
    page.close()
  })

  it('tells of each row a bulk action saved, with its version, and of none it refused', async () => {
    const token = await t.superToken()
    const video = async (serial: string) =>
      (
        await t.request('/api/videos', {
          method: 'POST',
          token,
          body: { title: serial, serial_number: serial },
        })
      ).body.data as { id: number }
    const [first, second] = [await video('PR-B1'), await video('PR-B2')]
    // Published already: the bulk publish refuses it (409).
    expect((await t.request(`/api/videos/${second.id}/publish`, { method: 'POST', token })).status).toBe(200)
    const watcher = await t.createAdmin(['list-videos'])
    const [firstPage, secondPage] = [
      await stream(t.url, `/api/presence/videos/${first.id}`, watcher.token),
      await stream(t.url, `/api/presence/videos/${second.id}`, watcher.token),
    ]
    for (const page of [firstPage, secondPage]) await until('hello', () => page.last('hello'))
    const told = secondPage.events.length
    const bulk = await t.request('/api/videos/bulk/publish', {
      method: 'POST',
      token,
      body: { ids: [first.id, second.id] },
    })
    expect(bulk.status).toBe(200)
    expect(bulk.body.meta).toEqual({ done: 1, refused: 1 })
    const version = (await t.request(`/api/videos/${first.id}`, { token })).body.data.version
    const event = await until('saved', () => firstPage.last('saved'))
    expect(event).toMatchObject({ resource: 'videos', id: first.id, version })
    // The refused row's page is told nothing: its next save is the first thing it hears of.
    await editTold(secondPage, `/api/videos/${second.id}`, token)
    expect(secondPage.events.slice(told).filter((e) => e.event === 'saved')).toHaveLength(1)
    firstPage.close()
    secondPage.close()
  })

  it("marks a list's rows someone else is editing, naming them only on rows the caller may read", async () => {
    const token = await t.superToken()
    const member = async (username: string, channel: number | null) =>
      (
        await queryRows<{ id: number }>(
          t.db,
          sql`insert into users (username, channel_id) values (${username}, ${channel}) returning id`,
        )
      )[0]?.id as number
    const [channel] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into channels (utm_source, type) values ('marked', 'social') returning id`,
    )
    const mine = await member('marked-mine', channel?.id ?? null)
    const direct = await member('marked-direct', null)
    const idle = await member('marked-idle', null)
    // Edits every member; the scoped one reads its channel's only.
    const everyone = await t.createAdmin(['list-users', 'edit-users', 'all-channels'])
    const scoped = await t.createAdmin(['list-users', 'edit-users'])
    expect(
      (
        await t.request(`/api/channels/${channel?.id}/admins`, {
          method: 'POST',
          token,
          body: { admin_id: scoped.id },
        })
      ).status,
    ).toBe(200)
    const editing = async (who: TestAdmin, id: number) => {
      const page = await stream(t.url, `/api/presence/users/${id}?state=editing`, who.token)
      expect(page.status).toBe(200)
      await until('hello', () => page.last('hello'))
      return page
    }
    const pages = [await editing(everyone, mine), await editing(everyone, direct)]
    const marks = async (who: TestAdmin, ids: number[]) => {
      const answer = await t.request(`/api/presence/users?ids=${ids.join(',')}`, { token: who.token })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return answer.body.data
    }
    const by = { admin_id: everyone.id, username: everyone.username, name: everyone.username }
    expect(await marks(scoped, [mine, direct, idle])).toEqual([{ id: mine, people: [by] }])
    // One's own pages are no one else.
    expect(await marks(everyone, [mine, direct, idle])).toEqual([])
    const other = await t.createAdmin(['list-users', 'all-channels'])
    expect(await marks(other, [idle, direct, mine])).toEqual([
      { id: direct, people: [by] },
      { id: mine, people: [by] },
    ])
    // Viewing is not editing; a closed page marks nothing.
    pages[1]?.close()
    await until(
      'the closed page forgotten',
      () => marks(other, [direct]),
      (rows) => rows.length === 0,
    )

    expect((await t.request(`/api/presence/users?ids=${mine}`, { token: stranger.token })).status).toBe(403)
    for (const query of [
      '',
      '?ids=',
      '?ids=0',
      '?ids=1,x',
      `?ids=${Array.from({ length: 201 }, (_, n) => n + 1).join(',')}`,
    ]) {
      const refused = await t.request(`/api/presence/users${query}`, { token: other.token })
      expect([query.slice(0, 12), refused.status]).toEqual([query.slice(0, 12), 422])
      expect(refused.body).toMatchObject({ message: expect.any(String) })
    }
    expect((await t.request('/api/presence/no-such-things?ids=1', { token: other.token })).status).toBe(404)
    pages[0]?.close()
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

/** The way between processes: NOTIFY, or Redis (REDIS_URL) when TEST_REDIS_URL names one to test against. */
const redisUrl = process.env.TEST_REDIS_URL
const buses: { name: string; env: Record<string, string>; describe: typeof describeOnPostgres }[] = [
  { name: 'NOTIFY', env: {}, describe: describeOnPostgres },
  redisUrl
    ? { name: 'Redis', env: { REDIS_URL: redisUrl }, describe: describeOnPostgres }
    : {
        name: 'Redis [redis: skipped, set TEST_REDIS_URL]',
        env: {},
        describe: (name: string, suite: () => void) => describe.skip(name, suite),
      },
]

for (const bus of buses)
  bus.describe(`who else is on a record, across server processes, through ${bus.name}`, () => {
    let t: TestApp
    let second: SecondServer
    let editor: TestAdmin
    let reader: TestAdmin
    let tagId: number
    const open: EventStream[] = []

    beforeAll(async () => {
      t = await startTestApp('postgres', { env: bus.env })
      second = await startSecondServer(t)
      editor = await t.createAdmin(['list-tags', 'edit-tags'])
      reader = await t.createAdmin(['list-tags'])
      const token = await t.superToken()
      tagId = (
        await t.request('/api/tags', { method: 'POST', token, body: { name: 'Shared', type: 'genre' } })
      ).body.data.id
    })
    afterAll(async () => {
      for (const s of open) s.close()
      await second?.close()
      await t?.close()
    })

    it('shows a page on one process the pages on the other, their state, their leaving and their saves', async () => {
      // What goes through NOTIFY on the database: all of it, or with Redis nothing.
      const notices = new pg.Client({ connectionString: t.testDatabase.url as string })
      let notified = 0
      notices.on('notification', (n) => {
        if (n.channel === 'vod_presence') notified++
      })
      await notices.connect()
      await notices.query('listen vod_presence')
      // The editor's page is on the second process, its heartbeat sent to the first: the one holding the page
      // applies it.
      const met = await readerMeetsEditor(t, tagId, [
        { base: t.url, admin: reader },
        { base: second.url, admin: editor },
      ])
      const { readerPage } = met
      let { editorPage } = met
      open.push(readerPage, editorPage)

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
      await notices.end()
      if ('REDIS_URL' in bus.env) expect(notified).toBe(0)
      else expect(notified).toBeGreaterThan(0)
    })
  })
