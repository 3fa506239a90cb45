import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'

describeEachEngine('tag categories', (engine) => {
  let t: TestApp
  let token: string
  const api = (path: string, method = 'GET', body?: Json) => t.request(path, { token, method, body })
  const create = async (path: string, body: Json) => {
    const res = await api(path, 'POST', body)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
  })
  afterAll(() => t?.close())

  describe('categories', () => {
    it('creates, lists in their order with their tag counts, renames and deletes; a name is unique in any case', async () => {
      const film = await create('/api/tag-categories', { name: '  Film & TV ', sort: 2 })
      expect(film).toEqual({
        version: expect.any(String),
        id: expect.any(Number),
        name: 'Film & TV',
        sort: 2,
        tags_count: 0,
        created_at: expect.stringMatching(/Z$/),
        updated_at: film.created_at,
      })
      const talent = await create('/api/tag-categories', { name: 'Talent' })
      expect(talent.sort).toBe(0)
      await create('/api/tags', { name: 'Drama', type: 'genre', category_id: film.id })
      await create('/api/tags', { name: 'Comedy', type: 'genre', category_id: film.id })

      const listed = await api('/api/tag-categories')
      expect(listed.body.data.map((c: Json) => [c.name, c.tags_count])).toEqual([
        ['Talent', 0],
        ['Film & TV', 2],
      ])
      const byCount = await api('/api/tag-categories?sort=-tags_count')
      expect(byCount.body.data[0].id).toBe(film.id)
      expect((await api('/api/tag-categories?keyword=film')).body.data.map((c: Json) => c.id)).toEqual([
        film.id,
      ])

      const dup = await api('/api/tag-categories', 'POST', { name: 'TALENT' })
      expect(dup.status).toBe(422)
      expect(dup.body.errors).toEqual({ name: ['The name has already been taken.'] })
      expect((await api('/api/tag-categories', 'POST', { name: '', sort: -1 })).body.errors).toMatchObject({
        name: expect.any(Array),
        sort: expect.any(Array),
      })

      expect((await api(`/api/tag-categories/${talent.id}`, 'PUT', { name: 'Cast' })).body.data.name).toBe(
        'Cast',
      )
      expect((await api(`/api/tag-categories/${talent.id}`, 'DELETE')).status).toBe(204)
      expect((await api(`/api/tag-categories/${talent.id}`)).status).toBe(404)
    })

    it('keeps a category its tags are filed under (409), and names an unknown one on the tag (422)', async () => {
      const lifestyle = await create('/api/tag-categories', { name: 'Lifestyle' })
      const tag = await create('/api/tags', { name: 'Cooking', type: 'genre', category_id: lifestyle.id })
      expect(tag).toMatchObject({ category_id: lifestyle.id, category_name: 'Lifestyle' })

      const held = await api(`/api/tag-categories/${lifestyle.id}`, 'DELETE')
      expect(held.status).toBe(409)
      expect((await api(`/api/tag-categories/${lifestyle.id}`)).status).toBe(200)

      const unknown = await api('/api/tags', 'POST', {
        name: 'Nowhere',
        type: 'genre',
        category_id: 2_000_000,
      })
      expect(unknown.status).toBe(422)
      expect(unknown.body.errors).toEqual({ category_id: [expect.stringContaining('does not exist')] })

      expect(
        (await api(`/api/tags/${tag.id}`, 'PUT', { category_id: null })).body.data.category_name,
      ).toBeNull()
      expect((await api(`/api/tag-categories/${lifestyle.id}`, 'DELETE')).status).toBe(204)
    })

    it('needs the tag-categories permissions', async () => {
      const reader = await t.createAdmin(['list-tag-categories'])
      expect((await t.request('/api/tag-categories', { token: reader.token })).status).toBe(200)
      const refused = await t.request('/api/tag-categories', {
        method: 'POST',
        token: reader.token,
        body: { name: 'X' },
      })
      expect(refused.status).toBe(403)
      const tagsOnly = await t.createAdmin(['list-tags'])
      expect((await t.request('/api/tag-categories', { token: tagsOnly.token })).status).toBe(403)
    })
  })

  describe('filters by category', () => {
    it('finds tags, the videos carrying any tag of a category, and the sources filed under one', async () => {
      const music = await create('/api/tag-categories', { name: 'Music' })
      const travel = await create('/api/tag-categories', { name: 'Travel' })
      const jazz = await create('/api/tags', { name: 'Jazz', type: 'genre', category_id: music.id })
      const studio = await create('/api/tags', { name: 'Blue Note', type: 'studio', category_id: music.id })
      const road = await create('/api/tags', { name: 'Road trips', type: 'genre', category_id: travel.id })
      const plain = await create('/api/tags', { name: 'Uncategorised', type: 'model' })

      const both = await create('/api/videos', {
        title: 'Jazz on the road',
        serial_number: 'CAT-1',
        tag_ids: [jazz.id, road.id],
      })
      const label = await create('/api/videos', {
        title: 'Label story',
        serial_number: 'CAT-2',
        tag_ids: [studio.id, plain.id],
      })
      const trip = await create('/api/videos', { title: 'Trip', serial_number: 'CAT-3', tag_ids: [road.id] })
      await create('/api/videos', { title: 'Untagged', serial_number: 'CAT-4' })

      const ids = async (path: string) =>
        (await api(path)).body.data.map((r: Json) => r.id).sort((a: number, b: number) => a - b)
      expect(await ids(`/api/tags?category_id=${music.id}`)).toEqual([jazz.id, studio.id])
      expect(await ids(`/api/videos?category_id=${music.id}`)).toEqual([both.id, label.id])
      expect(await ids(`/api/videos?category_id=${travel.id}`)).toEqual([both.id, trip.id])
      // A video with two tags of the category is listed once.
      expect((await api(`/api/videos?category_id=${travel.id}`)).body.meta.total).toBe(2)

      const jazzFeed = await create('/api/sources', { name: 'Jazz feed', genre_id: jazz.id })
      await create('/api/sources', { name: 'Road feed', genre_id: road.id })
      expect(await ids(`/api/sources?category_id=${music.id}`)).toEqual([jazzFeed.id])
      expect((await api('/api/videos?category_id=abc')).status).toBe(422)

      const sorted = await api(`/api/tags?category_id=${music.id}&sort=category_name,name`)
      expect(sorted.body.data.map((r: Json) => r.name)).toEqual(['Blue Note', 'Jazz'])
    })
  })
})
