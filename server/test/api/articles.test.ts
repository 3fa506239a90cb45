import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoArticles } from '../../src/db/demo-articles.ts'
import { articles } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'
import { rewritten } from '../support/versions.ts'

describeEachEngine('articles', (engine) => {
  let t: TestApp
  let token: string
  const api = (path: string, method = 'GET', body?: Json) => t.request(path, { token, method, body })
  const valid = { title: 'A new season', author: 'Kenji Mori', type: 'jp' }

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
  })
  afterAll(() => t?.close())

  describe('permissions', () => {
    it('needs list-articles to list and show, and create-, edit- and delete-articles for the writes', async () => {
      const reader = await t.createAdmin(['list-articles'])
      const nobody = await t.createAdmin(['list-tags'])
      expect((await t.request('/api/articles', { token: nobody.token })).status).toBe(403)
      expect((await t.request('/api/articles')).status).toBe(401)
      expect((await t.request('/api/articles', { token: reader.token })).status).toBe(200)
      const denied = await t.request('/api/articles', { method: 'POST', token: reader.token, body: valid })
      expect(denied.status).toBe(403)
      expect(denied.body).toEqual({ message: 'This action is unauthorized.' })
      const id = (await api('/api/articles', 'POST', valid)).body.data.id
      expect((await t.request(`/api/articles/${id}`, { token: nobody.token })).status).toBe(403)
      const change = { method: 'PUT', token: reader.token, body: { title: 'x' } }
      expect((await t.request(`/api/articles/${id}`, change)).status).toBe(403)
      expect((await t.request(`/api/articles/${id}`, { method: 'DELETE', token: reader.token })).status).toBe(
        403,
      )
      const writer = await t.createAdmin(['create-articles', 'edit-articles', 'delete-articles'])
      const created = await t.request('/api/articles', { method: 'POST', token: writer.token, body: valid })
      expect(created.status).toBe(201)
      expect((await t.request(`/api/articles/${id}`, { ...change, token: writer.token })).status).toBe(200)
      expect((await t.request(`/api/articles/${id}`, { method: 'DELETE', token: writer.token })).status).toBe(
        204,
      )
    })
  })

  describe('CRUD', () => {
    it('creates with the column defaults, shows, updates in part and deletes', async () => {
      const created = await api('/api/articles', 'POST', { ...valid, title: '  Trimmed  ', summary: '' })
      expect(created.status).toBe(201)
      const article = created.body.data
      expect(article).toEqual({
        version: expect.any(String),
        id: expect.any(Number),
        title: 'Trimmed',
        author: 'Kenji Mori',
        summary: null,
        content: '',
        type: 'jp',
        importance: 1,
        status: 'draft',
        display_time: expect.stringMatching(/Z$/),
        comment_disabled: 0,
        pageviews: 0,
        image_uri: null,
        created_at: expect.any(String),
        updated_at: article.created_at,
      })
      expect((await api(`/api/articles/${article.id}`)).body).toEqual({ data: article })

      const published = await api(`/api/articles/${article.id}`, 'PUT', {
        status: 'published',
        importance: 3,
        display_time: '2026-11-01T08:00:00+08:00',
        comment_disabled: 1,
        content: '<p>Hello <strong>world</strong></p><script>alert(1)</script>',
      })
      expect(published.status).toBe(200)
      expect(published.body.data).toMatchObject({
        title: 'Trimmed',
        status: 'published',
        importance: 3,
        display_time: '2026-11-01T00:00:00.000Z',
        comment_disabled: 1,
        content: '<p>Hello <strong>world</strong></p>',
      })
      // A partial update leaves every field it does not name as it was.
      const renamed = await api(`/api/articles/${article.id}`, 'PUT', { title: 'Renamed' })
      expect(renamed.body.data).toEqual({
        ...rewritten(published.body.data),
        title: 'Renamed',
        updated_at: expect.any(String),
      })

      expect((await api(`/api/articles/${article.id}`, 'DELETE')).status).toBe(204)
      expect((await api(`/api/articles/${article.id}`)).status).toBe(404)
      expect((await api(`/api/articles/${article.id}`, 'PUT', { title: 'x' })).status).toBe(404)
      expect((await api(`/api/articles/${article.id}`, 'DELETE')).status).toBe(404)
    })

    it('validates the body field by field with 422', async () => {
      const bad = await api('/api/articles', 'POST', {
        title: '',
        type: 'mars',
        importance: 4,
        status: 'gone',
        display_time: 'soon',
        comment_disabled: true,
        image_uri: 'ftp://x',
      })
      expect(bad.status).toBe(422)
      expect(Object.keys(bad.body.errors).sort()).toEqual([
        'author',
        'comment_disabled',
        'display_time',
        'image_uri',
        'importance',
        'status',
        'title',
        'type',
      ])
      expect(bad.body.errors.type).toEqual(['The selected type is invalid.'])
      expect(bad.body.message).toBe(bad.body.errors.title[0])
      const long = await api('/api/articles', 'POST', { ...valid, title: 'x'.repeat(201) })
      expect(long.body.errors.title).toEqual(['The title field must not be greater than 200 characters.'])
      const id = (await api('/api/articles', 'POST', valid)).body.data.id
      const badEdit = await api(`/api/articles/${id}`, 'PUT', { importance: 0, title: '   ' })
      expect(badEdit.status).toBe(422)
      expect(Object.keys(badEdit.body.errors).sort()).toEqual(['importance', 'title'])
      expect((await api(`/api/articles/${id}`)).body.data.title).toBe(valid.title)
    })
  })

  describe('list', () => {
    beforeAll(async () => {
      await t.db.delete(articles)
      await seedDemoArticles(t.db)
    })
    const all = async (query: string): Promise<Json[]> =>
      (await api(`/api/articles?per_page=100&${query}`)).body.data

    it('the demo seed is forty articles, the same on every fresh database, added once', async () => {
      const rows = await all('sort=id')
      expect(rows).toHaveLength(40)
      expect(await seedDemoArticles(t.db)).toBe(0)
      expect(rows.map((row) => row.type)).toEqual(expect.arrayContaining(['cn', 'us', 'jp', 'eu']))
      expect(rows.map((row) => row.status)).toEqual(expect.arrayContaining(['draft', 'published']))
    })

    it('pages, newest first by default', async () => {
      const page = await api('/api/articles?per_page=15&page=3')
      expect(page.body.meta).toEqual({ current_page: 3, per_page: 15, total: 40, last_page: 3 })
      expect(page.body.data).toHaveLength(10)
      const ids = (await all('')).map((row) => row.id)
      expect(ids).toEqual([...ids].sort((a, b) => b - a))
    })

    it('sorts by id, display time, page views and importance, either way', async () => {
      const ids = (await all('sort=id')).map((row) => row.id)
      expect(ids).toEqual([...ids].sort((a, b) => a - b))
      expect((await all('sort=-id')).map((row) => row.id)).toEqual([...ids].reverse())
      for (const field of ['display_time', 'pageviews', 'importance']) {
        const ascending = (a: Json, b: Json) => (a < b ? -1 : a > b ? 1 : 0)
        const up = (await all(`sort=${field}`)).map((row) => row[field])
        expect(up, field).toEqual([...up].sort(ascending))
        const down = (await all(`sort=-${field}`)).map((row) => row[field])
        expect(down, field).toEqual([...up].reverse())
      }
      expect((await api('/api/articles?sort=author')).status).toBe(422)
    })

    it('filters by title keyword, type, importance and status, together', async () => {
      const rows = await all('')
      const expected = (keep: (row: Json) => boolean) => rows.filter(keep).map((row) => row.id)
      const ids = async (query: string) => (await all(query)).map((row) => row.id)
      expect(await ids('keyword=TRAILER')).toEqual(expected((row) => row.title.includes('trailer')))
      expect(await ids('keyword=纪录片')).toEqual(expected((row) => row.title.includes('纪录片')))
      expect(await ids('type=eu')).toEqual(expected((row) => row.type === 'eu'))
      expect(await ids('importance=3')).toEqual(expected((row) => row.importance === 3))
      expect(await ids('status=published')).toEqual(expected((row) => row.status === 'published'))
      const both = await ids('type=cn&status=draft&importance=2')
      expect(both).toEqual(
        expected((row) => row.type === 'cn' && row.status === 'draft' && row.importance === 2),
      )
      expect((await api('/api/articles?type=mars')).status).toBe(422)
      expect((await api('/api/articles?importance=high')).status).toBe(422)
    })
  })
})
