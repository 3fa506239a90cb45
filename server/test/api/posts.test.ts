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
        content: '<p>ok</p><svg onload="alert(5)"></svg><img src="x"><img src="data:image/png;base64,AAAA">',
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
