import type { PermissionName } from '@vod/contract'
import { parse } from 'csv-parse/sync'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs, tags } from '../../src/db/schema/index.ts'
import { gadgetsModule } from '../fixtures/gadgets/module.ts'
import { gadgetParts, gadgets, gadgetTags } from '../fixtures/gadgets/tables.ts'
import { describeEachEngine } from '../support/databases.ts'
import { createFixtureTables } from '../support/fixture-tables.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'
import { versioned } from '../support/versions.ts'

const BOM = '\ufeff'

/** An export's rows, after checking it starts with the UTF-8 BOM (which fetch's text() would hide). */
async function csvRows(res: Response): Promise<Record<string, string>[]> {
  const bytes = new Uint8Array(await res.arrayBuffer())
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  return parse(new TextDecoder().decode(bytes), { columns: true }) as Record<string, string>[]
}

/**
 * The "done when" of the machinery: a throwaway resource (server/test/fixtures/gadgets: contract, tables and
 * declaration; its screens are web/test/fixtures/gadgets.tsx) gets a relation, an action, a child list, an export and an import,
 * each exercised here over real HTTP.
 */
describeEachEngine('resource machinery: the gadgets fixture', (engine) => {
  let t: TestApp
  let token: string
  let tagIds: number[]
  const api = (path: string, options: Parameters<TestApp['request']>[1] = {}) =>
    t.request(path, { token, ...options })
  const create = (body: Record<string, unknown>) => api('/api/gadgets', { method: 'POST', body })
  const as = (names: string[]) => t.createAdmin(names as PermissionName[])
  const upload = (path: string, csv: string | Uint8Array, headers: Record<string, string> = {}) => {
    const form = new FormData()
    form.append('file', new Blob([typeof csv === 'string' ? csv : new Uint8Array(csv)]), 'rows.csv')
    return fetch(`${t.url}${path}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}`, ...headers },
    })
  }

  beforeAll(async () => {
    t = await startTestApp(engine, {
      permissions: gadgetsModule.permissions.map((name) => ({ name, group: 'gadgets' })),
      beforeListen: async (app, db) => {
        await app.register(gadgetsModule, { prefix: '/api', db })
      },
    })
    await createFixtureTables(t.db, { gadgets, gadgetTags, gadgetParts })
    token = await t.superToken()
    const made = await t.db
      .insert(tags)
      .values([
        { name: 'Red', type: 'genre' },
        { name: 'Blue', type: 'genre' },
        { name: 'Green', type: 'genre' },
      ])
      .returning({ id: tags.id })
    tagIds = made.map((tag) => tag.id)
  })
  afterAll(() => t?.close())

  it('names every permission its routes use', () => {
    expect([...gadgetsModule.permissions].sort()).toEqual(
      ['batch-create', 'create', 'delete', 'edit', 'export', 'list', 'publish'].map((a) => `${a}-gadgets`),
    )
    const guarded = new Set(t.app.accessTable.flatMap((route) => route.permission ?? []))
    for (const name of gadgetsModule.permissions) expect(guarded.has(name as PermissionName), name).toBe(true)
  })

  describe('relation', () => {
    it('writes the set with the record, presents it, filters on it, and refuses unknown ids on its field', async () => {
      const [red, blue, green] = tagIds as [number, number, number]
      const made = await create({ name: 'Lamp', price: '19.9', tag_ids: [green, red, green] })
      expect(made.status).toBe(201)
      expect(made.body.data).toMatchObject({
        name: 'Lamp',
        price: '19.90',
        status: 'draft',
        tag_ids: [red, green],
      })
      const id = made.body.data.id

      const moved = await api(`/api/gadgets/${id}`, { method: 'PUT', body: { tag_ids: [blue] } })
      expect(moved.body.data.tag_ids).toEqual([blue])
      expect((await api(`/api/gadgets/${id}`)).body.data.tag_ids).toEqual([blue])
      const kept = await api(`/api/gadgets/${id}`, { method: 'PUT', body: { name: 'Desk lamp' } })
      expect(kept.body.data).toMatchObject({ name: 'Desk lamp', tag_ids: [blue] })

      expect((await api(`/api/gadgets?tag_id=${blue}`)).body.data.map((g: { id: number }) => g.id)).toEqual([
        id,
      ])
      expect((await api(`/api/gadgets?tag_id=${red}`)).body.data).toEqual([])
      expect((await api('/api/gadgets?tag_id=x')).status).toBe(422)

      const unknown = await create({ name: 'Ghost', price: '1', tag_ids: [red, 999999] })
      expect(unknown.status).toBe(422)
      expect(unknown.body).toEqual({
        message: 'The tag ids field names records that do not exist: 999999.',
        errors: { tag_ids: ['The tag ids field names records that do not exist: 999999.'] },
      })
      expect((await api('/api/gadgets?keyword=Ghost')).body.meta.total).toBe(0)
      const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.recordId, id))
      expect(
        audit.find((entry) => entry.action === 'update' && entry.resource === 'gadgets')?.changes,
      ).toMatchObject({
        tag_ids: [[red, green], [blue]],
      })
    })

    it('answers many records by id, and 422 for a duplicate on its unique column', async () => {
      const a = (await create({ name: 'Pick A', price: '1' })).body.data
      const b = (await create({ name: 'Pick B', price: '2' })).body.data
      const picked = await api(`/api/gadgets?ids=${b.id},${a.id},999999&sort=-id`)
      expect(picked.body.data.map((g: { id: number }) => g.id)).toEqual([b.id, a.id])
      expect(picked.body.meta.total).toBe(2)
      const dup = await create({ name: 'Pick A', price: '3' })
      expect(dup.status).toBe(422)
      expect(dup.body.errors).toEqual({ name: ['The name has already been taken.'] })
    })
  })

  describe('action', () => {
    it('moves draft to published behind publish-gadgets; 409 from any other state; audited', async () => {
      const id = (await create({ name: 'Kettle', price: '30' })).body.data.id
      const reader = await as(['list-gadgets'])
      const denied = await t.request(`/api/gadgets/${id}/publish`, { method: 'POST', token: reader.token })
      expect(denied.status).toBe(403)

      const done = await api(`/api/gadgets/${id}/publish`, { method: 'POST' })
      expect(done.status).toBe(200)
      expect(done.body.data).toMatchObject({ id, status: 'published' })
      const again = await api(`/api/gadgets/${id}/publish`, { method: 'POST' })
      expect(again.status).toBe(409)
      expect(again.body).toEqual({
        message: 'The action publish does not apply while the record is published.',
      })
      expect((await api('/api/gadgets/999999/publish', { method: 'POST' })).status).toBe(404)
      const [entry] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'publish'))
      expect(entry).toMatchObject({
        resource: 'gadgets',
        recordId: id,
        changes: { status: ['draft', 'published'] },
      })
    })
  })

  describe('child list', () => {
    it('adds children at the end, pages them in position order, reorders, updates and removes them', async () => {
      const id = (await create({ name: 'Bike', price: '500' })).body.data.id
      const other = (await create({ name: 'Trike', price: '400' })).body.data.id
      const add = (label: string, gadget = id) =>
        api(`/api/gadgets/${gadget}/parts`, { method: 'POST', body: { label } })
      const wheel = (await add('wheel')).body.data
      const bell = (await add('bell')).body.data
      const seat = (await add('seat')).body.data
      const foreign = (await add('horn', other)).body.data
      expect([wheel.position, bell.position, seat.position, foreign.position]).toEqual([1, 2, 3, 1])

      const labels = async (query = '') =>
        (await api(`/api/gadgets/${id}/parts${query}`)).body.data.map((p: { label: string }) => p.label)
      expect(await labels()).toEqual(['wheel', 'bell', 'seat'])
      const page = await api(`/api/gadgets/${id}/parts?per_page=2&page=2`)
      expect(page.body).toEqual({
        data: [versioned({ id: seat.id, label: 'seat', position: 3 })],
        meta: { current_page: 2, per_page: 2, total: 3, last_page: 2 },
      })

      const reordered = await api(`/api/gadgets/${id}/parts/reorder`, {
        method: 'POST',
        body: { ids: [seat.id, wheel.id, bell.id] },
      })
      expect(reordered.status).toBe(200)
      expect(
        reordered.body.data.map((p: { label: string; position: number }) => [p.label, p.position]),
      ).toEqual([
        ['seat', 1],
        ['wheel', 2],
        ['bell', 3],
      ])
      for (const ids of [
        [seat.id, wheel.id],
        [seat.id, wheel.id, bell.id, foreign.id],
        [seat.id, seat.id, bell.id],
      ]) {
        const bad = await api(`/api/gadgets/${id}/parts/reorder`, { method: 'POST', body: { ids } })
        expect(bad.status, JSON.stringify(ids)).toBe(422)
        expect(Object.keys(bad.body.errors)).toEqual(['ids'])
      }

      const renamed = await api(`/api/gadgets/${id}/parts/${bell.id}`, {
        method: 'PUT',
        body: { label: 'loud bell' },
      })
      expect(renamed.body.data).toEqual(versioned({ id: bell.id, label: 'loud bell', position: 3 }))
      expect(
        (await api(`/api/gadgets/${id}/parts/${foreign.id}`, { method: 'PUT', body: { label: 'x' } })).status,
      ).toBe(404)
      expect((await api(`/api/gadgets/${id}/parts/${wheel.id}`, { method: 'DELETE' })).status).toBe(204)
      expect((await api(`/api/gadgets/${id}/parts`)).body.data).toEqual([
        versioned({ id: seat.id, label: 'seat', position: 1 }),
        versioned({ id: bell.id, label: 'loud bell', position: 2 }),
      ])
      expect((await api(`/api/gadgets/${id}/parts/${wheel.id}`, { method: 'DELETE' })).status).toBe(404)
      expect((await api('/api/gadgets/999999/parts')).status).toBe(404)
      expect((await api(`/api/gadgets/${id}/parts`, { method: 'POST', body: { label: '' } })).status).toBe(
        422,
      )

      const reader = await as(['list-gadgets'])
      expect((await t.request(`/api/gadgets/${id}/parts`, { token: reader.token })).status).toBe(200)
      const denied = await t.request(`/api/gadgets/${id}/parts`, {
        method: 'POST',
        token: reader.token,
        body: { label: 'x' },
      })
      expect(denied.status).toBe(403)
    })
  })

  describe('export', () => {
    it("streams the list's rows under its filters and sort as CSV with a BOM, formulas defused", async () => {
      const [red, blue] = tagIds as [number, number]
      await create({ name: '=HYPERLINK("x")', price: '-5.5', tag_ids: [blue, red] })
      await create({ name: 'Zither, "grand"', price: '1000000.01' })
      const res = await fetch(
        `${t.url}/api/gadgets/exportCsv?price_to=1000000.01&price_from=-10&sort=-price`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      )
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="gadgets.csv"')
      const rows = await csvRows(res)
      const expected = await t.db.select().from(gadgets)
      expect(rows.map((r) => r.price)).toEqual(
        expected
          .filter((g) => Number(g.price) >= -10)
          .map((g) => g.price)
          .sort((a, b) => Number(b) - Number(a) || 0),
      )
      const formula = rows.find((r) => r.name?.includes('HYPERLINK'))
      expect(formula).toMatchObject({ name: `'=HYPERLINK("x")`, price: '-5.50', tag_ids: `${red}|${blue}` })
      // An instant as the screens show it (the business zone's clock), not the wire's ISO text.
      expect(formula?.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
      expect(rows.find((r) => r.name?.startsWith('Zither'))).toMatchObject({
        name: 'Zither, "grand"',
        tag_ids: '',
      })
      expect(Object.keys(rows[0] ?? {})).toEqual(['name', 'price', 'tag_ids', 'id', 'status', 'created_at'])

      const reader = await as(['list-gadgets'])
      const denied = await t.request('/api/gadgets/exportCsv', { token: reader.token })
      expect(denied.status).toBe(403)
      expect((await api('/api/gadgets/exportCsv?price_from=cheap')).status).toBe(422)
    })

    it('reads a large export in batches, in the order of a sort with ties', async () => {
      await t.db.execute(
        sql`insert into gadgets (name, price) select 'bulk ' || n, (n % 7) + 0.25 from generate_series(1, 2500) as n`,
      )
      const res = await fetch(`${t.url}/api/gadgets/exportCsv?keyword=bulk&sort=price,-name`, {
        headers: { authorization: `Bearer ${token}` },
      })
      const rows = await csvRows(res)
      expect(rows).toHaveLength(2500)
      const names = rows.map((r) => r.name)
      expect(new Set(names).size).toBe(2500)
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [rows[i - 1], rows[i]] as [Record<string, string>, Record<string, string>]
        expect(
          Number(a.price) < Number(b.price) || (a.price === b.price && (a.name ?? '') >= (b.name ?? '')),
        ).toBe(true)
      }
    })

    it('opens to a one-use ticket for its own path, for 60 seconds, while the session lasts', async () => {
      const session = await t.login('admin', 'secret123')
      const ticketFor = async (path: string, with_ = session) =>
        t.request('/api/download-tickets', { method: 'POST', token: with_, body: { path } })
      const issued = await ticketFor('/gadgets/exportCsv')
      expect(issued.status).toBe(201)
      expect(issued.body.data).toEqual({ ticket: expect.any(String), expires_in: 60 })
      const { ticket } = issued.body.data
      expect((await t.request(`/api/gadgets?ticket=${ticket}`)).status).toBe(401)
      const download = await t.request(`/api/gadgets/exportCsv?keyword=Kettle&ticket=${ticket}`)
      expect(download.status).toBe(200)
      expect(download.body).toContain('Kettle')
      expect((await t.request(`/api/gadgets/exportCsv?ticket=${ticket}`)).status).toBe(401)

      expect((await ticketFor('/gadgets')).status).toBe(422)
      expect((await ticketFor('/gadgets/exportCsv?x=1')).status).toBe(422)
      expect(
        (await t.request('/api/download-tickets', { method: 'POST', body: { path: '/gadgets/exportCsv' } }))
          .status,
      ).toBe(401)

      const reader = await as(['list-gadgets'])
      const readerTicket = (await ticketFor('/gadgets/exportCsv', reader.token)).body.data.ticket
      expect((await t.request(`/api/gadgets/exportCsv?ticket=${readerTicket}`)).status).toBe(403)

      const late = (await ticketFor('/gadgets/exportCsv')).body.data.ticket
      await t.request('/api/logout', { method: 'POST', token: session })
      expect((await t.request(`/api/gadgets/exportCsv?ticket=${late}`)).status).toBe(401)
    })
  })

  describe('import', () => {
    it('creates JSON rows and CSV rows (BOM, many values split by |) in one go', async () => {
      const [red, blue] = tagIds as [number, number]
      const json = await api('/api/gadgets/batch-create', {
        method: 'POST',
        body: {
          rows: [
            { name: 'Json one', price: '1.5' },
            { name: 'Json two', price: '2', tag_ids: [red] },
          ],
        },
      })
      expect(json.status).toBe(201)
      expect(json.body.data).toEqual({ created: 2, ids: [expect.any(Number), expect.any(Number)] })
      expect((await api(`/api/gadgets/${json.body.data.ids[1]}`)).body.data).toMatchObject({
        name: 'Json two',
        price: '2.00',
        tag_ids: [red],
      })

      const csv = `${BOM}name,price,tag_ids\r\nCsv one,3.25,${blue}|${red}\r\n"Csv, two",4,\r\n`
      const res = await upload('/api/gadgets/batch-create', csv)
      expect(res.status).toBe(201)
      const body = (await res.json()) as Json
      expect(body.data.created).toBe(2)
      const [one, two] = await Promise.all(body.data.ids.map((id: number) => api(`/api/gadgets/${id}`)))
      expect(one?.body.data).toMatchObject({ name: 'Csv one', price: '3.25', tag_ids: [red, blue] })
      expect(two?.body.data).toMatchObject({ name: 'Csv, two', price: '4.00', tag_ids: [] })
      const [entry] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'batch-create'))
      expect(entry).toMatchObject({ resource: 'gadgets', changes: { created: 2 } })
    })

    it('reports every bad row as rows.<n>.<field> and writes nothing', async () => {
      await create({ name: 'Taken', price: '1' })
      const before = (await api('/api/gadgets')).body.meta.total
      const csv = [
        'name,price,tag_ids',
        'Fine,1,',
        ',2,', // 2: no name
        'Cheap,one,', // 3: not money
        'Taken,4,', // 4: exists already
        'Twice,5,',
        'Twice,6,', // 6: repeats row 5
        `Tagged,7,${tagIds[0]}|999999`, // 7: unknown tag
      ].join('\n')
      const res = await upload('/api/gadgets/batch-create', csv)
      expect(res.status).toBe(422)
      const body = (await res.json()) as Json
      expect(body.errors).toEqual({
        'rows.2.name': ['The name field is required.'],
        'rows.3.price': ['The price field must be an amount such as 19.99.'],
        'rows.4.name': ['The name has already been taken.'],
        'rows.6.name': ['The name has already been taken.'],
        'rows.7.tag_ids': ['The tag ids field names records that do not exist: 999999.'],
      })
      expect(body.message).toBe('The name field is required.')
      expect((await api('/api/gadgets')).body.meta.total).toBe(before)
      expect((await api('/api/gadgets?keyword=Fine')).body.meta.total).toBe(0)

      const json = await api('/api/gadgets/batch-create', {
        method: 'POST',
        body: {
          rows: [
            { name: 'Ok', price: '1' },
            { name: 'Bad', price: 2 },
          ],
        },
      })
      expect(json.status).toBe(422)
      expect(Object.keys(json.body.errors)).toEqual(['rows.2.price'])
      expect((await api('/api/gadgets/batch-create', { method: 'POST', body: { rows: [] } })).status).toBe(
        422,
      )
    })

    it('refuses a file without a needed column (422 on file), a file that is not CSV (415), and one too big (413)', async () => {
      const missing = await upload('/api/gadgets/batch-create', 'name,colour\nA,red\n')
      expect(missing.status).toBe(422)
      expect(((await missing.json()) as Json).errors).toEqual({
        file: ['The file lacks the columns: price.'],
      })
      const extra = await upload('/api/gadgets/batch-create', 'name,price,colour\nA,1,red\n')
      expect(((await extra.json()) as Json).errors).toEqual({
        file: ['The file has columns this import does not take: colour.'],
      })
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
      expect((await upload('/api/gadgets/batch-create', png)).status).toBe(415)
      // Refused at its first bytes, with most of it still to come: the answer arrives all the same.
      const bigPng = new Uint8Array(1000 * 1024)
      bigPng.set(png)
      expect((await upload('/api/gadgets/batch-create', bigPng)).status).toBe(415)
      // Just past the limit, the stream stops it; far past it, the declared length does, before any is read.
      for (const size of [1024 * 1024, 2 * 1024 * 1024]) {
        const big = await upload('/api/gadgets/batch-create', `name,price\n"${'x'.repeat(size)}",1\n`)
        expect(big.status, String(size)).toBe(413)
        expect(((await big.json()) as Json).message).toBe('The request body is too large.')
      }

      const writer = await as(['create-gadgets'])
      const denied = await t.request('/api/gadgets/batch-create', {
        method: 'POST',
        token: writer.token,
        body: { rows: [{ name: 'No', price: '1' }] },
      })
      expect(denied.status).toBe(403)
    })
  })
})
