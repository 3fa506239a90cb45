import { parse } from 'csv-parse/sync'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachEngine, onPostgresOnly } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'

describeEachEngine('videos', (engine) => {
  let t: TestApp
  let token: string
  const api = (path: string, method = 'GET', body?: Json) => t.request(path, { token, method, body })
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
    for (const [key, body] of Object.entries({
      genre: { name: 'Drama', type: 'genre' },
      model: { name: 'Amelia', type: 'model' },
      studio: { name: 'Northlight', type: 'studio' },
    }))
      ids[key] = (await api('/api/tags', 'POST', body)).body.data.id
    ids.director = (await api('/api/directors', 'POST', { name: 'Kenji Mori' })).body.data.id
    ids.source = (await api('/api/sources', 'POST', { name: 'Feed', genre_id: ids.genre })).body.data.id
  })
  afterAll(() => t?.close())

  const video = (over: Json = {}) => ({
    title: '东京之夜 Tokyo nights',
    serial_number: 'TN-001',
    cover: '/uploads/images/2026/11/a.png',
    video: 'https://cdn.example.com/v/tn-001.mp4',
    video_duration: 5400,
    is_free: 1,
    tag_ids: [ids.genre, ids.model, ids.studio],
    director_ids: [ids.director],
    source_id: ids.source,
    ...over,
  })

  describe('create, show and rules', () => {
    it('stores a video with its tags, directors and source, a draft with zero counts', async () => {
      const res = await api('/api/videos', 'POST', video())
      expect(res.status).toBe(201)
      ids.video = res.body.data.id
      expect(res.body.data).toMatchObject({
        status: 'draft',
        published_at: null,
        views: 0,
        likes: 0,
        is_free: 1,
        is_main: 0,
        source_name: 'Feed',
        directors: [{ id: ids.director, name: 'Kenji Mori' }],
        photos_count: 0,
      })
      expect(res.body.data.tags.map((tag: Json) => tag.type)).toEqual(['genre', 'model', 'studio'])
    })

    it('refuses a serial number taken in any letter case, unknown tags, a bad media address and negative counts', async () => {
      const dup = await api('/api/videos', 'POST', video({ serial_number: 'tn-001' }))
      expect(dup.status).toBe(422)
      expect(dup.body.errors).toEqual({ serial_number: ['The serial number has already been taken.'] })
      const unknown = await api('/api/videos', 'POST', video({ serial_number: 'X-2', tag_ids: [999_999] }))
      expect(unknown.status).toBe(422)
      expect(Object.keys(unknown.body.errors)).toEqual(['tag_ids'])
      const bad = await api(
        '/api/videos',
        'POST',
        video({ serial_number: 'X 3', cover: 'javascript:alert(1)', views: -1 }),
      )
      expect(bad.status).toBe(422)
      expect(Object.keys(bad.body.errors).sort()).toEqual(['cover', 'serial_number', 'views'])
      expect((await api('/api/videos?keyword=X-')).body.data).toEqual([])
    })
  })

  describe('lists', () => {
    it('filters by keyword over title and serial number, tag, director, source, flags and status', async () => {
      await api(
        '/api/videos',
        'POST',
        video({
          title: 'Other',
          serial_number: 'OT-9',
          tag_ids: [],
          director_ids: [],
          is_free: 0,
          source_id: null,
        }),
      )
      const titles = async (query: string) =>
        (await api(`/api/videos?${query}`)).body.data.map((v: Json) => v.serial_number)
      expect(await titles('keyword=tokyo')).toEqual(['TN-001'])
      expect(await titles('keyword=ot-9')).toEqual(['OT-9'])
      // A serial number matches from its start; a title anywhere.
      expect(await titles('keyword=t-9')).toEqual([])
      expect(await titles('keyword=tn-0')).toEqual(['TN-001'])
      // Several words: each anywhere in the title, in any order.
      expect(await titles(`keyword=${encodeURIComponent(' nigh  TOKYO ')}`)).toEqual(['TN-001'])
      expect(await titles(`keyword=${encodeURIComponent('东京 nights')}`)).toEqual(['TN-001'])
      expect(await titles(`keyword=${encodeURIComponent('tokyo other')}`)).toEqual([])
      expect(await titles(`tag_id=${ids.model}`)).toEqual(['TN-001'])
      expect(await titles(`director_id=${ids.director}`)).toEqual(['TN-001'])
      expect(await titles(`source_id=${ids.source}`)).toEqual(['TN-001'])
      expect(await titles('is_free=0')).toEqual(['OT-9'])
      expect(await titles('status=draft&sort=serial_number')).toEqual(['OT-9', 'TN-001'])
    })
  })

  describe('publish', () => {
    it('publishes a draft once, stamping published_at, and keeps a tag on a video from deletion', async () => {
      // Stamped when published: not before the asking (a second's margin for the database's clock).
      const asked = Date.now() - 1000
      const first = await api(`/api/videos/${ids.video}/publish`, 'POST')
      expect(first.status).toBe(200)
      expect(first.body.data.status).toBe('published')
      expect(Date.parse(first.body.data.published_at)).toBeGreaterThanOrEqual(asked)
      expect((await api(`/api/videos/${ids.video}/publish`, 'POST')).status).toBe(409)
      const editor = await t.createAdmin(['list-videos', 'edit-videos'])
      expect(
        (await t.request(`/api/videos/${ids.video}/publish`, { method: 'POST', token: editor.token })).status,
      ).toBe(403)
      // 409 says in plain words what holds the record, never a table's name.
      const tag = await api(`/api/tags/${ids.model}`, 'DELETE')
      expect(tag.status).toBe(409)
      expect(tag.body).toEqual({ message: 'Videos still carry this tag; remove it from them first.' })
      const director = await api(`/api/directors/${ids.director}`, 'DELETE')
      expect(director.status).toBe(409)
      expect(director.body.message).toBe(
        'Videos still name this director; remove the director from them first.',
      )
    })
  })

  describe('gallery photos', () => {
    it('adds, orders and removes photos, listed under the video and in GET /photos', async () => {
      const add = (url: string) =>
        api(`/api/videos/${ids.video}/photos`, 'POST', { url, width: 640, height: 360 })
      const a = (await add('/uploads/images/2026/11/1.png')).body.data
      const b = (await add('/uploads/images/2026/11/2.png')).body.data
      expect([a.position, b.position]).toEqual([1, 2])
      expect((await add('not a url')).status).toBe(422)
      await api(`/api/videos/${ids.video}/photos/reorder`, 'POST', { ids: [b.id, a.id] })
      const listed = await api(`/api/videos/${ids.video}/photos`)
      expect(listed.body.data.map((p: Json) => p.id)).toEqual([b.id, a.id])
      expect((await api(`/api/videos/${ids.video}`)).body.data.photos_count).toBe(2)
      const all = await api(`/api/photos?video_id=${ids.video}&sort=position`)
      expect(all.body.data.map((p: Json) => p.id)).toEqual([b.id, a.id])
      expect((await api(`/api/videos/${ids.video}/photos/${a.id}`, 'DELETE')).status).toBe(204)
      expect((await api(`/api/videos/${ids.video}/photos`)).body.data.map((p: Json) => p.id)).toEqual([b.id])
    })
  })

  describe('batch create from CSV', () => {
    const send = (csv: string, as = token) => {
      const form = new FormData()
      form.append('file', new Blob([csv]), 'videos.csv')
      return fetch(`${t.url}/api/files/cdn77BatchUpload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${as}` },
        body: form,
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as Json }))
    }
    const header = 'title,serial_number,is_free,genres,models,directors,published_at,studios'

    it('creates every row with its tags and directors matched by name, within their kind', async () => {
      const csv = [
        header,
        '批量一,B-1,1,Drama,Amelia,Kenji Mori,2026-01-02T03:04:05Z,',
        '"Two, with a comma",B-2,0,,Amelia,,,Northlight',
        'Three,B-3,0,Drama,,,,',
      ].join('\n')
      const asked = Date.now() - 1000
      const res = await send(csv)
      expect(res.status).toBe(201)
      expect(res.body.data.created).toBe(3)
      const one = (await api('/api/videos?keyword=B-1')).body.data[0]
      expect(one.tags.map((tag: Json) => tag.name)).toEqual(['Drama', 'Amelia'])
      expect(one.directors.map((d: Json) => d.name)).toEqual(['Kenji Mori'])
      expect(one).toMatchObject({ title: '批量一', is_free: 1, published_at: '2026-01-02T03:04:05.000Z' })
      const two = (await api('/api/videos?keyword=B-2')).body.data[0]
      // A cell left empty in one row of the batch takes the column's default there, the others their own.
      expect(two).toMatchObject({ title: 'Two, with a comma', is_free: 0, published_at: null })
      expect(Date.parse(two.created_at)).toBeGreaterThanOrEqual(asked)
      expect(two.tags.map((tag: Json) => `${tag.type}:${tag.name}`)).toEqual([
        'model:Amelia',
        'studio:Northlight',
      ])
    })

    it('reports every bad row by number and field and writes nothing', async () => {
      const csv = [
        header,
        'Good,C-1,0,Drama,,,,',
        // Northlight is a studio: named as a model it is unknown.
        'Unknown tag,C-2,0,Drama|Nope,Northlight,,,',
        'Taken serial,b-1,0,,,,,',
        'Bad date,C-4,yes,,,,yesterday,',
      ].join('\n')
      const res = await send(csv)
      expect(res.status).toBe(422)
      expect(Object.keys(res.body.errors).sort()).toEqual([
        'rows.2.genres',
        'rows.2.models',
        'rows.3.serial_number',
        'rows.4.is_free',
        'rows.4.published_at',
      ])
      expect((await api('/api/videos?keyword=C-')).body.data).toEqual([])
      const missing = await send('title,is_free\nNo serial,0')
      expect(missing.status).toBe(422)
      expect(missing.body.errors.file[0]).toMatch(/serial_number/)
      const reader = await t.createAdmin(['list-videos', 'create-videos'])
      expect((await send(csv, reader.token)).status).toBe(403)
    })
  })

  describe('export', () => {
    it('exports the filtered list as CSV with a BOM, Chinese titles intact', async () => {
      const res = await fetch(`${t.url}/api/videos/exportCsv?keyword=tokyo`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-disposition')).toContain('videos.csv')
      const bytes = Buffer.from(await res.arrayBuffer())
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const lines = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/)
      expect(lines).toHaveLength(2)
      const [header, row] = parse(bytes.subarray(3).toString('utf8')) as string[][]
      const cells = Object.fromEntries((header ?? []).map((name, i) => [name, row?.[i]]))
      expect(cells).toMatchObject({
        title: '东京之夜 Tokyo nights',
        serial_number: 'TN-001',
        is_free: '1',
        genres: 'Drama',
        models: 'Amelia',
        studios: 'Northlight',
        directors: 'Kenji Mori',
      })
    })

    it('names several tags of a kind in order, none as an empty cell, as the import reads them back', async () => {
      const genre = async (name: string) =>
        (await api('/api/tags', 'POST', { name, type: 'genre' })).body.data.id as number
      const tag_ids = [await genre('Western'), ids.genre as number, await genre('=Noir')]
      const created = await api('/api/videos', 'POST', {
        title: 'Several genres',
        serial_number: 'SG-1',
        tag_ids,
      })
      expect(created.status).toBe(201)
      const res = await fetch(`${t.url}/api/videos/exportCsv?keyword=SG-1`, {
        headers: { authorization: `Bearer ${token}` },
      })
      const [header, row] = parse((await res.text()).replace(/^\ufeff/, '')) as string[][]
      const cells = Object.fromEntries((header ?? []).map((name, i) => [name, row?.[i]]))
      // A name a spreadsheet would run as a formula is defused like any other cell.
      expect(cells).toMatchObject({ genres: "'=Noir|Drama|Western", models: '', studios: '', directors: '' })
    })

    // PostgreSQL writes the CSV itself (COPY); past GROUPED_FROM rows it groups every video's names at once.
    it.runIf(engine === 'postgres')(
      onPostgresOnly(
        engine,
        'writes the same cells for a video whether the export is large (names grouped) or small (read per video)',
        'its exports are written by Node, not by COPY',
      ),
      async () => {
        await t.db.execute(sql`
          insert into videos (title, serial_number)
          select 'Filler ' || n, 'FL-' || n from generate_series(1, 10050) as n`)
        await t.db.execute(sql`analyze videos`)
        const rowsOf = async (query: string) => {
          const res = await fetch(`${t.url}/api/videos/exportCsv${query}`, {
            headers: { authorization: `Bearer ${token}` },
          })
          const [header, ...rows] = parse((await res.text()).replace(/^\ufeff/, '')) as string[][]
          return rows.map((row) => Object.fromEntries((header ?? []).map((name, i) => [name, row[i]])))
        }
        // Newest first (the names grouped in descending id order), then oldest first (ascending).
        const newest = await rowsOf('')
        const oldest = await rowsOf('?sort=id')
        expect(newest.length).toBeGreaterThan(10_050)
        expect(oldest.map((row) => row.id)).toEqual(newest.map((row) => row.id).reverse())
        for (const serial of ['SG-1', 'TN-001', 'FL-10050']) {
          const [alone] = await rowsOf(`?keyword=${serial}`)
          expect(alone?.serial_number).toBe(serial)
          for (const all of [newest, oldest])
            expect(all.find((row) => row.serial_number === serial)).toEqual(alone)
        }
      },
    )
  })
})
