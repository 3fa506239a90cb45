import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'

/** Takedowns (issue 58, item 1): a published video or post goes back to a draft, with a reason, audited. */
describeEachEngine('unpublish', (engine) => {
  let t: TestApp
  let token: string
  const api = (path: string, method = 'GET', body?: Json) => t.request(path, { token, method, body })

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
  })
  afterAll(() => t?.close())

  const publishedVideo = async (serial: string) => {
    const { id } = (await api('/api/videos', 'POST', { title: `Take ${serial}`, serial_number: serial })).body
      .data
    expect((await api(`/api/videos/${id}/publish`, 'POST')).status).toBe(200)
    return id as number
  }
  const trail = async (resource: string, id: number, action: string) =>
    (await api(`/api/audit-logs?resource=${resource}&record_id=${id}&action=${action}`)).body.data as Json[]

  it('takes a published video back to a draft with its reason in the audit trail, its publish time kept', async () => {
    const id = await publishedVideo('UP-1')
    const publishedAt = (await api(`/api/videos/${id}`)).body.data.published_at
    const none = await api(`/api/videos/${id}/unpublish`, 'POST', {})
    expect(none.status).toBe(422)
    expect(Object.keys(none.body.errors)).toEqual(['reason'])
    expect((await api(`/api/videos/${id}/unpublish`, 'POST', { reason: '   ' })).status).toBe(422)
    const done = await api(`/api/videos/${id}/unpublish`, 'POST', { reason: 'DMCA notice #4411' })
    expect(done.status).toBe(200)
    expect(done.body.data).toMatchObject({ status: 'draft', published_at: publishedAt })
    expect((await api('/api/videos?status=published')).body.data.map((v: Json) => v.id)).not.toContain(id)
    const [entry] = await trail('videos', id, 'unpublish')
    expect(entry?.changes).toMatchObject({ status: ['published', 'draft'], reason: 'DMCA notice #4411' })
    // A draft cannot be taken down again.
    expect((await api(`/api/videos/${id}/unpublish`, 'POST', { reason: 'again' })).status).toBe(409)
    // Publishing again undoes it and keeps the first publish time.
    const back = await api(`/api/videos/${id}/publish`, 'POST')
    expect(back.body.data).toMatchObject({ status: 'published', published_at: publishedAt })
  })

  it('answers who took a video down, when and why, on its record and in its list, until it is published again', async () => {
    const id = await publishedVideo('UP-6')
    const taker = await t.createAdmin(['list-videos', 'unpublish-videos'], { username: 'legal-desk' })
    const before = Date.now()
    const done = await t.request(`/api/videos/${id}/unpublish`, {
      method: 'POST',
      token: taker.token,
      body: { reason: 'DMCA notice #77' },
    })
    expect(done.status).toBe(200)
    const takedown = { taken_down_by: 'legal-desk', takedown_reason: 'DMCA notice #77' }
    // The action's own answer already says it, as do the record and the list.
    expect(done.body.data).toMatchObject({ status: 'draft', ...takedown })
    const record = (await api(`/api/videos/${id}`)).body.data
    expect(record).toMatchObject(takedown)
    expect(Date.parse(record.taken_down_at)).toBeGreaterThanOrEqual(before - 1000)
    const listed = (await api('/api/videos?status=draft')).body.data.find((v: Json) => v.id === id)
    expect(listed).toMatchObject({ ...takedown, taken_down_at: record.taken_down_at })
    // A draft never published, and a video published again, have no takedown.
    const draft = (await api('/api/videos', 'POST', { title: 'Plain', serial_number: 'UP-7' })).body.data
    expect(draft).toMatchObject({ taken_down_at: null, taken_down_by: null, takedown_reason: null })
    const back = (await api(`/api/videos/${id}/publish`, 'POST')).body.data
    expect(back).toMatchObject({ taken_down_at: null, taken_down_by: null, takedown_reason: null })
    // Taken down again, it answers the latest takedown.
    const again = (await api(`/api/videos/${id}/unpublish`, 'POST', { reason: 'Licence ended' })).body.data
    expect(again.takedown_reason).toBe('Licence ended')
    expect(again.taken_down_by).not.toBe('legal-desk')
  })

  it('is behind unpublish-videos, not publish-videos', async () => {
    const id = await publishedVideo('UP-2')
    const publisher = await t.createAdmin(['list-videos', 'publish-videos'])
    const refused = await t.request(`/api/videos/${id}/unpublish`, {
      method: 'POST',
      token: publisher.token,
      body: { reason: 'x' },
    })
    expect(refused.status).toBe(403)
    const taker = await t.createAdmin(['list-videos', 'unpublish-videos'])
    const done = await t.request(`/api/videos/${id}/unpublish`, {
      method: 'POST',
      token: taker.token,
      body: { reason: 'court order' },
    })
    expect(done.status).toBe(200)
  })

  it('takes down many videos in bulk with one reason, row by row, and bulk publish undoes it', async () => {
    const ids = [await publishedVideo('UP-3'), await publishedVideo('UP-4')]
    const draft = (await api('/api/videos', 'POST', { title: 'Draft', serial_number: 'UP-5' })).body.data.id
    expect((await api('/api/videos/bulk/unpublish', 'POST', { ids })).status).toBe(422)
    const bulk = await api('/api/videos/bulk/unpublish', 'POST', {
      ids: [...ids, draft],
      reason: 'Licence ended',
    })
    expect(bulk.status).toBe(200)
    expect(bulk.body.meta).toEqual({ done: 2, refused: 1 })
    expect(bulk.body.data[2]).toMatchObject({ id: draft, result: 'refused', status: 409 })
    for (const id of ids) {
      expect((await api(`/api/videos/${id}`)).body.data.status).toBe('draft')
      expect((await trail('videos', id, 'unpublish'))[0]?.changes).toMatchObject({ reason: 'Licence ended' })
    }
    const undo = await api('/api/videos/bulk/publish', 'POST', { ids })
    expect(undo.body.meta).toEqual({ done: 2, refused: 0 })
    for (const id of ids) expect((await api(`/api/videos/${id}`)).body.data.status).toBe('published')
  })

  it('takes a post down the same way, alone and in bulk', async () => {
    const post = async (title: string) =>
      (await api('/api/posts', 'POST', { title, content: '<p>x</p>', status: 'published' })).body.data
        .id as number
    const one = await post('First')
    const two = await post('Second')
    const alone = await api(`/api/posts/${one}/unpublish`, 'POST', { reason: 'Wrong facts' })
    expect(alone.body.data.status).toBe('draft')
    expect((await trail('posts', one, 'unpublish'))[0]?.changes).toMatchObject({ reason: 'Wrong facts' })
    const bulk = await api('/api/posts/bulk/unpublish', 'POST', { ids: [two], reason: 'Expired' })
    expect(bulk.body.meta).toEqual({ done: 1, refused: 0 })
    expect((await api(`/api/posts/${two}`)).body.data.status).toBe('draft')
    expect((await api(`/api/posts/${one}/publish`, 'POST')).body.data.status).toBe('published')
  })
})
