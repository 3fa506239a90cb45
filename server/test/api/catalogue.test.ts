import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'

describeEachEngine('catalogue: directors, sources, SEO, sites', (engine) => {
  let t: TestApp
  let token: string
  const api = (path: string, method = 'GET', body?: Json) => t.request(path, { token, method, body })
  const tag = async (name: string, type: string) =>
    (await api('/api/tags', 'POST', { name, type })).body.data.id as number

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
  })
  afterAll(() => t?.close())

  describe('directors', () => {
    it('creates, finds by keyword, renames and deletes; a name is unique in any letter case', async () => {
      const created = await api('/api/directors', 'POST', { name: '  Wong Kar-wai ' })
      expect(created.status).toBe(201)
      expect(created.body.data).toMatchObject({ name: 'Wong Kar-wai' })
      const id = created.body.data.id
      const dup = await api('/api/directors', 'POST', { name: 'WONG KAR-WAI' })
      expect(dup.status).toBe(422)
      expect(dup.body.errors).toEqual({ name: ['The name has already been taken.'] })
      const found = await api('/api/directors?keyword=kar')
      expect(found.body.data.map((d: Json) => d.id)).toEqual([id])
      expect((await api(`/api/directors/${id}`, 'PUT', { name: 'Wong' })).body.data.name).toBe('Wong')
      expect((await api(`/api/directors/${id}`, 'DELETE')).status).toBe(204)
      expect((await api(`/api/directors/${id}`)).status).toBe(404)
    })

    it('needs the directors permissions', async () => {
      const reader = await t.createAdmin(['list-directors'])
      const body = { name: 'Nobody' }
      expect((await t.request('/api/directors', { token: reader.token })).status).toBe(200)
      expect((await t.request('/api/directors', { method: 'POST', token: reader.token, body })).status).toBe(
        403,
      )
    })
  })

  describe('sources', () => {
    it('files a source under a genre tag, shows and sorts by its name, and keeps the tag from deletion', async () => {
      const drama = await tag('Drama', 'genre')
      const action = await tag('Action', 'genre')
      const a = await api('/api/sources', 'POST', { name: 'Studio feed', genre_id: drama })
      expect(a.status).toBe(201)
      expect(a.body.data).toMatchObject({ genre_id: drama, genre_name: 'Drama' })
      await api('/api/sources', 'POST', { name: 'Archive', genre_id: action })
      await api('/api/sources', 'POST', { name: 'Loose', genre_id: null })
      const sorted = await api('/api/sources?sort=genre_name')
      expect(sorted.body.data.map((s: Json) => s.genre_name)).toEqual(['Action', 'Drama', null])
      const byGenre = await api(`/api/sources?genre_id=${drama}`)
      expect(byGenre.body.data.map((s: Json) => s.name)).toEqual(['Studio feed'])

      const held = await api(`/api/tags/${drama}`, 'DELETE')
      expect(held.status).toBe(409)
      expect(held.body.message).toBe(
        'Sources are still filed under this genre; move them to another genre first.',
      )
      expect((await api(`/api/tags/${drama}`)).status).toBe(200)
    })

    it('refuses a tag that is not a genre, and a tag that does not exist, on genre_id', async () => {
      const model = await tag('Someone', 'model')
      const wrongType = await api('/api/sources', 'POST', { name: 'Wrong', genre_id: model })
      expect(wrongType.status).toBe(422)
      expect(wrongType.body.errors).toEqual({
        genre_id: ['The genre id field must name a tag of type genre.'],
      })
      const missing = await api('/api/sources', 'POST', { name: 'Missing', genre_id: 999_999 })
      expect(missing.status).toBe(422)
      expect(Object.keys(missing.body.errors)).toEqual(['genre_id'])
      expect((await api('/api/sources?keyword=Wrong')).body.data).toEqual([])
    })
  })

  describe('SEO', () => {
    it('keeps a page title and description, optionally for a tag, and clears the description', async () => {
      const genre = await tag('Comedy', 'genre')
      const created = await api('/api/seos', 'POST', {
        title: 'Comedy videos',
        description: 'Laugh.',
        page: '/videos',
        tag_id: genre,
      })
      expect(created.status).toBe(201)
      expect(created.body.data).toMatchObject({ page: '/videos', tag_id: genre, tag_name: 'Comedy' })
      const cleared = await api(`/api/seos/${created.body.data.id}`, 'PUT', { description: '' })
      expect(cleared.body.data.description).toBeNull()
      const bad = await api('/api/seos', 'POST', { title: '', page: '' })
      expect(bad.status).toBe(422)
      expect(Object.keys(bad.body.errors).sort()).toEqual(['page', 'title'])
    })
  })

  describe('sites', () => {
    it('takes a domain name only, lower-cased and unique, with a status', async () => {
      const created = await api('/api/sites', 'POST', { name: 'Main', domain: 'Videos.Example.com' })
      expect(created.status).toBe(201)
      expect(created.body.data).toMatchObject({ domain: 'videos.example.com', status: 'enabled' })
      for (const domain of ['https://example.com', 'example', 'exa mple.com', 'example.com/path', '-x.com']) {
        const res = await api('/api/sites', 'POST', { name: 'Bad', domain })
        expect(res.status, domain).toBe(422)
        expect(res.body.errors.domain).toEqual([
          'The domain field must be a domain name such as example.com.',
        ])
      }
      const dup = await api('/api/sites', 'POST', { name: 'Again', domain: 'videos.example.com' })
      expect(dup.body.errors).toEqual({ domain: ['The domain has already been taken.'] })
      const off = await api(`/api/sites/${created.body.data.id}`, 'PUT', { status: 'disabled' })
      expect(off.body.data.status).toBe('disabled')
      expect((await api('/api/sites?status=disabled')).body.data).toHaveLength(1)
    })
  })
})
