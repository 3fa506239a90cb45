import { tagTypes } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tagCategories, tags } from '../../src/db/schema/index.ts'
import { defineList } from '../../src/lib/list/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

describeEachEngine('tags', (engine) => {
  let t: TestApp
  let token: string
  let film: number
  const api = (path: string, options: Parameters<TestApp['request']>[1] = {}) =>
    t.request(path, { token, ...options })

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
    const [category] = await t.db.insert(tagCategories).values({ name: 'Film' }).returning()
    film = category?.id as number
  })
  afterAll(() => t?.close())

  describe('permissions', () => {
    it('needs list-tags to list and show; 403 without it, 401 without a token', async () => {
      const without = await t.createAdmin(['create-tags'])
      const withIt = await t.createAdmin(['list-tags'])
      const denied = await t.request('/api/tags', { token: without.token })
      expect(denied.status).toBe(403)
      expect(denied.body).toEqual({ message: 'This action is unauthorized.' })
      expect((await t.request('/api/tags', { token: withIt.token })).status).toBe(200)
      expect((await t.request('/api/tags')).status).toBe(401)
    })

    it('needs create-, edit- and delete-tags for the writes', async () => {
      const reader = await t.createAdmin(['list-tags'])
      const body = { name: 'Permission probe', type: 'genre' }
      expect((await t.request('/api/tags', { method: 'POST', token: reader.token, body })).status).toBe(403)
      const created = await api('/api/tags', { method: 'POST', body })
      const id = created.body.data.id
      expect((await t.request(`/api/tags/${id}`, { method: 'PUT', token: reader.token, body })).status).toBe(
        403,
      )
      expect((await t.request(`/api/tags/${id}`, { method: 'DELETE', token: reader.token })).status).toBe(403)
      const writer = await t.createAdmin(['edit-tags', 'delete-tags'])
      expect((await t.request(`/api/tags/${id}`, { method: 'PUT', token: writer.token, body })).status).toBe(
        200,
      )
      expect((await t.request(`/api/tags/${id}`, { method: 'DELETE', token: writer.token })).status).toBe(204)
    })
  })

  describe('CRUD', () => {
    it('creates, shows, updates in part and deletes a tag', async () => {
      const created = await api('/api/tags', {
        method: 'POST',
        body: { name: '  Film Noir  ', type: 'genre', category_id: film, ignored: 'x' },
      })
      expect(created.status).toBe(201)
      const tag = created.body.data
      expect(tag).toEqual({
        version: expect.any(String),
        id: expect.any(Number),
        name: 'Film Noir',
        type: 'genre',
        category_id: film,
        category_name: 'Film',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updated_at: tag.created_at,
      })

      expect((await api(`/api/tags/${tag.id}`)).body).toEqual({ data: tag })

      const renamed = await api(`/api/tags/${tag.id}`, { method: 'PUT', body: { name: 'Neo-noir' } })
      expect(renamed.status).toBe(200)
      expect(renamed.body.data).toMatchObject({
        id: tag.id,
        name: 'Neo-noir',
        type: 'genre',
        category_id: film,
      })
      expect(renamed.body.data.updated_at >= tag.updated_at).toBe(true)

      const cleared = await api(`/api/tags/${tag.id}`, { method: 'PUT', body: { category_id: null } })
      expect(cleared.body.data).toMatchObject({ name: 'Neo-noir', category_id: null, category_name: null })

      const unchanged = await api(`/api/tags/${tag.id}`, { method: 'PUT', body: {} })
      expect(unchanged.body.data).toMatchObject({ name: 'Neo-noir', category_id: null })

      const deleted = await api(`/api/tags/${tag.id}`, { method: 'DELETE' })
      expect(deleted.status).toBe(204)
      expect(deleted.body).toBe('')
      expect((await api(`/api/tags/${tag.id}`)).status).toBe(404)
      expect((await api(`/api/tags/${tag.id}`, { method: 'PUT', body: { name: 'x' } })).status).toBe(404)
      expect((await api(`/api/tags/${tag.id}`, { method: 'DELETE' })).status).toBe(404)
    })

    it('refuses a duplicate (type, name) with 422 on name and keeps the old data', async () => {
      const first = await api('/api/tags', { method: 'POST', body: { name: 'Unique One', type: 'studio' } })
      const dup = await api('/api/tags', { method: 'POST', body: { name: 'Unique One', type: 'studio' } })
      expect(dup.status).toBe(422)
      expect(dup.body).toEqual({
        message: 'The name has already been taken.',
        errors: { name: ['The name has already been taken.'] },
      })
      // In any letter case: "unique one" beside "Unique One" would be the same studio twice.
      const cased = await api('/api/tags', { method: 'POST', body: { name: 'UNIQUE one', type: 'studio' } })
      expect(cased.status).toBe(422)
      expect(cased.body.errors).toEqual({ name: ['The name has already been taken.'] })
      // The same name under another type is a different tag.
      expect(
        (await api('/api/tags', { method: 'POST', body: { name: 'Unique One', type: 'model' } })).status,
      ).toBe(201)

      const second = await api('/api/tags', { method: 'POST', body: { name: 'Unique Two', type: 'studio' } })
      const clash = await api(`/api/tags/${second.body.data.id}`, {
        method: 'PUT',
        body: { name: 'Unique One' },
      })
      expect(clash.status).toBe(422)
      expect(clash.body.errors.name).toEqual(['The name has already been taken.'])
      expect((await api(`/api/tags/${second.body.data.id}`)).body.data.name).toBe('Unique Two')
      expect((await api(`/api/tags/${first.body.data.id}`)).body.data.name).toBe('Unique One')
    })

    it('validates the body field by field', async () => {
      const res = await api('/api/tags', {
        method: 'POST',
        body: { name: 42, type: 'director', category_id: 'seven' },
      })
      expect(res.status).toBe(422)
      expect(res.body).toEqual({
        message: 'The name field must be a string.',
        errors: {
          name: ['The name field must be a string.'],
          type: ['The selected type is invalid.'],
          category_id: ['The category ID field must be a number.'],
        },
      })
      const zh = await api('/api/tags', {
        method: 'POST',
        body: { type: 'genre' },
        headers: { 'accept-language': 'zh-CN' },
      })
      expect(zh.body).toEqual({ message: '名称不能为空。', errors: { name: ['名称不能为空。'] } })
      const long = await api('/api/tags', { method: 'POST', body: { name: 'x'.repeat(101), type: 'genre' } })
      expect(long.body.errors.name).toEqual(['The name field must not be greater than 100 characters.'])
    })
  })

  describe('list', () => {
    const names = ['Alpha', 'beta', 'Gamma', 'delta', '50% off', 'under_score', "O'Brien"]
    let seeded: { id: number; name: string; type: string }[] = []

    beforeAll(async () => {
      await t.db.delete(tags)
      seeded = []
      for (const [i, name] of names.entries()) {
        const type = tagTypes[i % 3] as string
        const res = await api('/api/tags', {
          method: 'POST',
          body: { name, type, category_id: i < 3 ? film : null },
        })
        seeded.push(res.body.data)
      }
      // Spread creation times over days so the date range has something to cut.
      for (const [i, tag] of seeded.entries())
        await t.db.execute(
          sql`update tags set created_at = ${`2026-03-0${i + 1}T10:00:00Z`}::timestamptz where id = ${tag.id}`,
        )
    })

    const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((r) => r.id)

    it('pages with the newest first by default', async () => {
      const page1 = await api('/api/tags?per_page=3')
      expect(page1.status).toBe(200)
      expect(page1.body.meta).toEqual({ current_page: 1, per_page: 3, total: 7, last_page: 3 })
      expect(ids(page1)).toEqual(
        seeded
          .map((s) => s.id)
          .reverse()
          .slice(0, 3),
      )
      const page3 = await api('/api/tags?per_page=3&page=3')
      expect(page3.body.meta).toEqual({ current_page: 3, per_page: 3, total: 7, last_page: 3 })
      expect(ids(page3)).toEqual([seeded[0]?.id])
      const beyond = await api('/api/tags?per_page=3&page=9')
      expect(beyond.body.data).toEqual([])
      expect(beyond.body.meta.total).toBe(7)
    })

    it('sorts by the declared fields, ties broken by id', async () => {
      // Text order is the database collation's; ask the database for the expected order.
      const byName = await api('/api/tags?sort=name&per_page=100')
      const expected = await t.db.select({ id: tags.id }).from(tags).orderBy(tags.name, tags.id)
      expect(ids(byName)).toEqual(expected.map((r) => r.id))
      const byNameDesc = await api('/api/tags?sort=-name&per_page=100')
      expect(ids(byNameDesc)).toEqual(expected.map((r) => r.id).reverse())
      const byTypeThenNameDesc = await api('/api/tags?sort=type,-name')
      const rows = byTypeThenNameDesc.body.data as { type: string; name: string }[]
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [rows[i - 1], rows[i]] as [(typeof rows)[0], (typeof rows)[0]]
        expect(a.type < b.type || (a.type === b.type && a.name >= b.name)).toBe(true)
      }
      expect(ids(await api('/api/tags?sort=created_at&per_page=100'))).toEqual(seeded.map((s) => s.id))
      // Equal types: inside each group the order is by id, so pages never repeat a row.
      const byCategory = ids(await api('/api/tags?sort=type&per_page=100'))
      const paged = [
        ...ids(await api('/api/tags?sort=type&per_page=3&page=1')),
        ...ids(await api('/api/tags?sort=type&per_page=3&page=2')),
        ...ids(await api('/api/tags?sort=type&per_page=3&page=3')),
      ]
      expect(paged).toEqual(byCategory)
      const rowsByType = (await api('/api/tags?sort=-type&per_page=100')).body.data as {
        id: number
        type: string
      }[]
      for (let i = 1; i < rowsByType.length; i++) {
        const [a, b] = [rowsByType[i - 1], rowsByType[i]] as [(typeof rowsByType)[0], (typeof rowsByType)[0]]
        if (a.type === b.type) expect(a.id).toBeLessThan(b.id)
      }
    })

    it('filters by type, category and creation day range', async () => {
      const models = await api('/api/tags?type=model&per_page=100')
      expect(models.body.data.every((r: { type: string }) => r.type === 'model')).toBe(true)
      expect(models.body.meta.total).toBe(seeded.filter((s) => s.type === 'model').length)
      expect((await api(`/api/tags?category_id=${film}`)).body.meta.total).toBe(3)
      const range = await api('/api/tags?created_at_from=2026-03-02&created_at_to=2026-03-04&sort=id')
      expect(ids(range)).toEqual(seeded.slice(1, 4).map((s) => s.id))
      const exactEnd = await api(
        `/api/tags?created_at_to=${encodeURIComponent('2026-03-02T10:00:00Z')}&sort=id`,
      )
      expect(ids(exactEnd)).toEqual(seeded.slice(0, 2).map((s) => s.id))
    })

    it('searches the name case-insensitively, wildcards and quotes as plain text', async () => {
      const ta = await api('/api/tags?keyword=TA&sort=id')
      expect(ta.body.data.map((r: { name: string }) => r.name)).toEqual(['beta', 'delta'])
      expect((await api('/api/tags?keyword=%25')).body.data.map((r: { name: string }) => r.name)).toEqual([
        '50% off',
      ])
      expect((await api('/api/tags?keyword=_')).body.data.map((r: { name: string }) => r.name)).toEqual([
        'under_score',
      ])
      expect((await api(`/api/tags?keyword=${encodeURIComponent("o'b")}`)).body.meta.total).toBe(1)
      expect((await api('/api/tags?keyword=zzz')).body).toEqual({
        data: [],
        meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 },
      })
    })

    it('treats SQL in filters and keyword as data', async () => {
      for (const q of [
        `keyword=${encodeURIComponent("' or 1=1 --")}`,
        `keyword=${encodeURIComponent('%; drop table tags; --')}`,
        `type=${encodeURIComponent("genre' or '1'='1")}`,
        `category_id=${encodeURIComponent('1 or 1=1')}`,
        `sort=${encodeURIComponent('name; drop table tags')}`,
        `created_at_from=${encodeURIComponent("2026-01-01' or '1'='1")}`,
      ]) {
        const res = await api(`/api/tags?${q}`)
        expect([200, 422], q).toContain(res.status)
        if (res.status === 200) expect(res.body.meta.total, q).toBe(0)
      }
      expect((await api('/api/tags')).body.meta.total).toBe(7)
    })

    it('refuses bad list parameters with 422 naming the parameter', async () => {
      const cases: [string, string][] = [
        ['page=0', 'page'],
        ['per_page=100000', 'per_page'],
        ['per_page=abc', 'per_page'],
        ['sort=password_hash', 'sort'],
        ['type=director', 'type'],
        ['category_id=abc', 'category_id'],
        ['created_at_from=not-a-date', 'created_at_from'],
      ]
      for (const [q, field] of cases) {
        const res = await api(`/api/tags?${q}`)
        expect(res.status, q).toBe(422)
        expect(Object.keys(res.body.errors), q).toEqual([field])
        expect(res.body.message).toBe(res.body.errors[field][0])
      }
    })

    it('counts a write at once: the total remembered for the next pages goes when a record is added or deleted', async () => {
      const total = async () => (await api('/api/tags?per_page=1&type=studio')).body.meta.total as number
      const before = await total()
      expect(await total()).toBe(before)
      const made = await api('/api/tags', {
        method: 'POST',
        body: { name: 'counted at once', type: 'studio' },
      })
      expect(made.status).toBe(201)
      expect(await total()).toBe(before + 1)
      expect((await api(`/api/tags/${made.body.data.id}`, { method: 'DELETE' })).status).toBe(204)
      expect(await total()).toBe(before)
    })

    it('answers an estimate flagged total_estimated past the count cap', async () => {
      const capped = defineList({
        table: tags,
        columns: { id: tags.id },
        sortable: { id: tags.id },
        filters: { type: { column: tags.type, type: 'enum', values: tagTypes } },
        defaultSort: 'id',
        countCap: 2,
      })
      const parse = (q: Record<string, string>) => capped.query.parse(q)
      const all = await capped.run(t.db, parse({ per_page: '2' }))
      expect(all.meta.total_estimated).toBe(1)
      expect(all.meta.total).toBeGreaterThanOrEqual(3)
      const filtered = await capped.run(t.db, parse({ per_page: '1', type: 'genre' }))
      expect(filtered.meta).toMatchObject({ total_estimated: 1 })
      expect(filtered.meta.total).toBeGreaterThanOrEqual(3)
      // Under the cap the count is exact and unflagged.
      const few = await capped.run(t.db, parse({ per_page: '1', type: 'studio' }))
      expect(few.meta).toEqual({ current_page: 1, per_page: 1, total: 2, last_page: 2 })
    })
  })
})
