import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'

/** Upload paths that climb out of /uploads/ once a browser resolves them (issue 34 item 6). */
const climbing = [
  '/uploads/../../api/auth/me',
  '/uploads/images/../../api/auth/me',
  '/uploads/./images/a.png',
  '/uploads/images/..',
  '/uploads/%2e%2e/api/auth/me',
  '/uploads/%2E%2E/%2e%2e/api/auth/me',
  '/uploads/.%2e/api/auth/me',
  '/uploads\\..\\api\\auth\\me',
  '/uploads/images\\..\\..\\api\\auth\\me',
  '/uploads//api/auth/me',
]
const plain = '/uploads/images/2026/11/a.png'

/**
 * Issue 34 item 6: an image field or a rich-text image naming an upload by a path with `.` or `..`
 * segments, %-escapes or backslashes is 422 on that field; nothing is stored.
 */
describeEachEngine('upload paths', (engine) => {
  let t: TestApp
  let token: string
  let seq = 0
  const api = (path: string, method = 'GET', body?: Json) => t.request(path, { token, method, body })

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
  })
  afterAll(() => t?.close())

  describe('image fields', () => {
    it('refuses a climbing path in every image field (422 on the field), on create and on edit', async () => {
      const video = await api('/api/videos', 'POST', { title: 'Paths', serial_number: 'UP-1', cover: plain })
      expect(video.status).toBe(201)
      const post = await api('/api/posts', 'POST', { title: 'Paths', cover: plain })
      expect(post.status).toBe(201)
      for (const path of climbing) {
        const videoCreated = await api('/api/videos', 'POST', {
          title: 'Climb',
          serial_number: `UP-C${++seq}`,
          cover: path,
        })
        expect([path, videoCreated.status, Object.keys(videoCreated.body.errors ?? {})]).toEqual([
          path,
          422,
          ['cover'],
        ])
        const videoEdited = await api(`/api/videos/${video.body.data.id}`, 'PUT', { cover: path })
        expect([path, videoEdited.status, Object.keys(videoEdited.body.errors ?? {})]).toEqual([
          path,
          422,
          ['cover'],
        ])
        const photo = await api(`/api/videos/${video.body.data.id}/photos`, 'POST', { url: path })
        expect([path, photo.status, Object.keys(photo.body.errors ?? {})]).toEqual([path, 422, ['url']])
        const postEdited = await api(`/api/posts/${post.body.data.id}`, 'PUT', { cover: path })
        expect([path, postEdited.status, Object.keys(postEdited.body.errors ?? {})]).toEqual([
          path,
          422,
          ['cover'],
        ])
        const article = await api('/api/articles', 'POST', {
          title: 'Climb',
          author: 'A',
          type: 'cn',
          image_uri: path,
        })
        expect([path, article.status, Object.keys(article.body.errors ?? {})]).toEqual([
          path,
          422,
          ['image_uri'],
        ])
      }
      expect((await api(`/api/videos/${video.body.data.id}`)).body.data.cover).toBe(plain)
      expect((await api(`/api/videos/${video.body.data.id}/photos`)).body.data).toEqual([])
      expect((await api(`/api/posts/${post.body.data.id}`)).body.data.cover).toBe(plain)
      // Plain keys, dots inside a name included, and CDN addresses still pass.
      for (const cover of [
        '/uploads/images/2026/11/a.b..c.png',
        '/uploads/...',
        'https://cdn.example.com/a.png',
      ])
        expect((await api(`/api/videos/${video.body.data.id}`, 'PUT', { cover })).body.data?.cover).toBe(
          cover,
        )
    })
  })

  describe('rich-text images', () => {
    const image = (src: string) => `<p>text</p><img src="${src}" alt="a">`

    it('refuses an image naming an upload by a climbing path (422 on content) in posts, articles and pages', async () => {
      const post = (await api('/api/posts', 'POST', { title: 'Rich', content: image(plain) })).body.data
      expect(post.content).toBe(`<p>text</p><img src="${plain}" alt="a" />`)
      const sources = [
        ...climbing,
        // As the HTML writes it: entities decode before the address is read.
        '/uploads/&#46;&#46;/&#x2e;&#x2e;/api/auth/me',
        ' /uploads/../api/auth/me',
      ]
      for (const src of sources) {
        const edited = await api(`/api/posts/${post.id}`, 'PUT', { content: image(src) })
        expect([src, edited.status, Object.keys(edited.body.errors ?? {})]).toEqual([src, 422, ['content']])
        expect(edited.body.message).toMatch(/not one/)
        const created = await api('/api/posts', 'POST', { title: 'Climb', content: image(src) })
        expect([src, created.status]).toEqual([src, 422])
        const article = await api('/api/articles', 'POST', {
          title: 'Climb',
          author: 'A',
          type: 'cn',
          content: image(src),
        })
        expect([src, article.status, Object.keys(article.body.errors ?? {})]).toEqual([src, 422, ['content']])
        const page = await api('/api/informations', 'POST', {
          type: 'about',
          title: 'Climb',
          content: image(src),
        })
        expect([src, page.status, Object.keys(page.body.errors ?? {})]).toEqual([src, 422, ['content']])
      }
      expect((await api(`/api/posts/${post.id}`)).body.data.content).toBe(post.content)
      // An image from elsewhere is still dropped, not refused.
      const foreign = await api(`/api/posts/${post.id}`, 'PUT', {
        content: image('https://tracker.example/p.gif'),
      })
      expect(foreign.status).toBe(200)
      expect(foreign.body.data.content).toBe('<p>text</p>')
    })
  })
})
