import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'

describeEachEngine('posts', (engine) => {
  let t: TestApp
  let token: string
  const api = (path: string, method = 'GET', body?: Json) => t.request(path, { token, method, body })

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
  })
  afterAll(() => t?.close())

  describe('rich text', () => {
    it('keeps the formatting and drops scripts, handlers, styles and javascript: links, on create and on edit', async () => {
      const html =
        '<h2>标题</h2><p>Hello <strong>bold</strong> <a href="https://example.com" target="_blank">link</a></p>' +
        '<script>alert(1)</script><img src="/uploads/images/2026/11/a.png" onerror="alert(2)" alt="a">' +
        '<p style="color:red" onclick="alert(3)">styled</p><a href="javascript:alert(4)">bad</a>' +
        '<iframe src="https://evil.example"></iframe>'
      const created = await api('/api/posts', 'POST', { title: 'Clean me', content: html, is_sticky: 1 })
      expect(created.status).toBe(201)
      const content = created.body.data.content as string
      expect(content).toBe(
        '<h2>标题</h2><p>Hello <strong>bold</strong> <a href="https://example.com" target="_blank" rel="noopener noreferrer">link</a></p>' +
          '<img src="/uploads/images/2026/11/a.png" alt="a" /><p>styled</p><a>bad</a>',
      )
      const edited = await api(`/api/posts/${created.body.data.id}`, 'PUT', {
        // Images from elsewhere would load a tracker when staff open the post: only uploads stay.
        content:
          '<p>ok</p><svg onload="alert(5)"></svg><img src="x"><img src="data:image/png;base64,AAAA">' +
          '<img src="https://tracker.example/pixel.gif"><img src="//tracker.example/p.gif">',
      })
      expect(edited.body.data.content).toBe('<p>ok</p>')
      expect((await api(`/api/posts/${created.body.data.id}`)).body.data.content).toBe('<p>ok</p>')
    })
  })

  describe('fields and lists', () => {
    it('is a draft unless said, filters by status and stickiness, and refuses bad values', async () => {
      const draft = await api('/api/posts', 'POST', { title: 'Draft one' })
      expect(draft.body.data).toMatchObject({
        status: 'draft',
        is_sticky: 0,
        content: '',
        published_at: null,
      })
      await api('/api/posts', 'POST', {
        title: 'Live one',
        status: 'published',
        published_at: '2026-11-01T08:00:00+08:00',
      })
      const live = await api('/api/posts?status=published')
      expect(live.body.data.map((p: Json) => [p.title, p.published_at])).toEqual([
        ['Live one', '2026-11-01T00:00:00.000Z'],
      ])
      expect((await api('/api/posts?is_sticky=1')).body.data.map((p: Json) => p.title)).toEqual(['Clean me'])
      const bad = await api('/api/posts', 'POST', {
        title: '',
        status: 'gone',
        published_at: 'soon',
        cover: 'x',
      })
      expect(bad.status).toBe(422)
      expect(Object.keys(bad.body.errors).sort()).toEqual(['cover', 'published_at', 'status', 'title'])
    })

    it('stamps the publish time of a post saved as published without one, created or edited, and keeps a given one', async () => {
      const started = Date.now() - 1000
      const created = await api('/api/posts', 'POST', { title: 'Published now', status: 'published' })
      expect(created.status).toBe(201)
      expect(Date.parse(created.body.data.published_at)).toBeGreaterThanOrEqual(started)
      const stored = await api(`/api/posts/${created.body.data.id}`)
      expect(stored.body.data.published_at).toBe(created.body.data.published_at)

      const draft = await api('/api/posts', 'POST', { title: 'Later' })
      expect(draft.body.data.published_at).toBeNull()
      const edited = await api(`/api/posts/${draft.body.data.id}`, 'PUT', { status: 'published' })
      expect(Date.parse(edited.body.data.published_at)).toBeGreaterThanOrEqual(started)

      const given = await api('/api/posts', 'POST', {
        title: 'Dated',
        status: 'published',
        published_at: '2026-01-02T03:04:05.000Z',
      })
      expect(given.body.data.published_at).toBe('2026-01-02T03:04:05.000Z')
    })

    it('keeps what a PUT leaves out, defaults included: a new title only changes the title', async () => {
      const created = await api('/api/posts', 'POST', {
        title: 'Before',
        content: '<p>kept</p>',
        status: 'published',
      })
      const id = created.body.data.id
      const edited = await api(`/api/posts/${id}`, 'PUT', { title: 'After' })
      expect(edited.status).toBe(200)
      expect((await api(`/api/posts/${id}`)).body.data).toMatchObject({
        title: 'After',
        content: '<p>kept</p>',
        status: 'published',
      })
    })
  })
})
