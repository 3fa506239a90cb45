import { defineContract, type ResourceContract } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { integer, pgTable, varchar } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineResource } from '../../src/lib/resource/define-resource.ts'
import { gadgetsModule } from '../fixtures/gadgets/module.ts'
import { gadgetParts, gadgets, gadgetTags } from '../fixtures/gadgets/tables.ts'
import { shelfItems, shelves, shelvesModule } from '../fixtures/shelves.ts'
import { describeEachEngine } from '../support/databases.ts'
import { createFixtureTables } from '../support/fixture-tables.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

describe('resource declarations', () => {
  const things = pgTable('things', {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: varchar({ length: 10 }).notNull(),
  })
  const thingsContract = (given: Partial<ResourceContract>) =>
    defineContract({
      path: 'things',
      record: z.object({ id: z.number(), name: z.string() }),
      input: z.object({ name: z.string() }),
      list: { sortable: ['id'], defaultSort: 'id' },
      ...given,
    })
  const declare = (
    input: z.ZodObject,
    record: z.ZodObject = z.object({ id: z.number(), name: z.string() }),
  ) => defineResource({ contract: thingsContract({ record, input }), table: things })

  it('refuses an input field that nothing would store, instead of dropping it on every write', () => {
    expect(() => declare(z.object({ name: z.string(), colour: z.string() }))).toThrow(
      /input field "colour" is neither a column, a relation nor transformed/,
    )
    expect(() => declare(z.object({ name: z.string() }))).not.toThrow()
  })

  it('refuses a record field it cannot read', () => {
    expect(() =>
      declare(z.object({ name: z.string() }), z.object({ id: z.number(), size: z.number() })),
    ).toThrow(/record field "size" is neither a column, a relation nor declared in present/)
  })

  it('refuses a transition of a field the record does not have', () => {
    expect(() =>
      defineResource({
        contract: thingsContract({ actions: { publish: { from: ['draft'], to: 'published' } } }),
        table: things,
      }),
    ).toThrow(/action "publish" moves "status", which is no column the record shows/)
  })

  it('asks for the link columns when the link table has more than one way to the same table', () => {
    const pairs = pgTable('pairs', {
      left: integer().references(() => things.id),
      right: integer().references(() => things.id),
    })
    expect(() =>
      defineResource({
        contract: thingsContract({ input: z.object({ name: z.string(), twin_ids: z.array(z.number()) }) }),
        table: things,
        relations: { twin_ids: { through: pairs, target: things } },
      }),
    ).toThrow(/pairs has 2 foreign keys to things; name the column/)
  })
})

describeEachEngine('resource machinery: shelves and gadgets', (engine) => {
  let t: TestApp
  let token: string
  const api = (path: string, options: Parameters<TestApp['request']>[1] = {}) =>
    t.request(path, { token, ...options })
  const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((row) => row.id)
  const gadget = async (name: string, price = '1') =>
    (await api('/api/gadgets', { method: 'POST', body: { name, price } })).body.data.id as number
  const shelf = async (body: Record<string, unknown>) => api('/api/shelves', { method: 'POST', body })

  beforeAll(async () => {
    const modules = [gadgetsModule, shelvesModule]
    t = await startTestApp(engine, {
      permissions: modules.flatMap((m) => m.permissions.map((name) => ({ name, group: 'fixtures' }))),
      beforeListen: async (app, db) => {
        for (const module of modules) await app.register(module, { prefix: '/api', db })
      },
    })
    await createFixtureTables(t.db, { gadgets, gadgetTags, gadgetParts, shelves, shelfItems })
    token = await t.superToken()
  })
  afterAll(() => t?.close())

  describe('value codecs', () => {
    it('flags are 1/0 in bodies, records and filters', async () => {
      const closed = (await shelf({ name: 'Closed', open: 0 })).body.data
      const open = (await shelf({ name: 'Open' })).body.data
      expect([closed.open, open.open]).toEqual([0, 1])
      expect(ids(await api('/api/shelves?open=0'))).toEqual([closed.id])
      expect(ids(await api('/api/shelves?open=1'))).toContain(open.id)
      expect((await api('/api/shelves?open=true')).body.errors).toEqual({
        open: ['The open field must be 1 or 0.'],
      })
      const bad = await shelf({ name: 'Bad', open: true })
      expect(bad.status).toBe(422)
      expect(bad.body.errors).toEqual({ open: ['The open field must be 1 or 0.'] })
      const flipped = await api(`/api/shelves/${closed.id}`, { method: 'PUT', body: { open: 1 } })
      expect(flipped.body.data.open).toBe(1)
    })

    it('calendar days are YYYY-MM-DD in bodies, records, filters and ranges', async () => {
      const a = (await shelf({ name: 'Leap', opened_on: '2028-02-29' })).body.data
      const b = (await shelf({ name: 'Spring', opened_on: '2028-03-01' })).body.data
      expect(a.opened_on).toBe('2028-02-29')
      expect(ids(await api('/api/shelves?opened_on=2028-02-29'))).toEqual([a.id])
      expect(
        ids(await api('/api/shelves?opened_on_from=2028-02-29&opened_on_to=2028-03-01&sort=-opened_on')),
      ).toEqual([b.id, a.id])
      expect((await api('/api/shelves?opened_on=2027-02-29')).status).toBe(422)
      expect((await api('/api/shelves?opened_on_to=2028-03-01T00:00:00Z')).status).toBe(422)
      expect((await shelf({ name: 'Never', opened_on: '2027-02-29' })).body.errors.opened_on).toEqual([
        'The opened on field must be a valid date (YYYY-MM-DD or ISO 8601).',
      ])
    })

    it('money stays an exact decimal string, in bodies, records, filters and ranges', async () => {
      const cheap = (await api('/api/gadgets', { method: 'POST', body: { name: 'Penny', price: '0.3' } }))
        .body.data
      const dear = (
        await api('/api/gadgets', { method: 'POST', body: { name: 'Pound', price: '99999999.99' } })
      ).body.data
      expect([cheap.price, dear.price]).toEqual(['0.30', '99999999.99'])
      // 0.1 + 0.2 is not 0.3 in floating point; these are compared as numeric in the database.
      expect(ids(await api('/api/gadgets?price_from=0.30&price_to=0.30'))).toEqual([cheap.id])
      expect(ids(await api('/api/gadgets?price_from=99999999.99'))).toEqual([dear.id])
      for (const bad of ['1e3', '0.305', '0x10'])
        expect((await api(`/api/gadgets?price_from=${bad}`)).body.errors, bad).toEqual({
          price_from: ['The price from field must be an amount such as 19.99.'],
        })
      for (const price of [19.99, '19.999', '1,00', 'abc'])
        expect(
          (await api('/api/gadgets', { method: 'POST', body: { name: 'Odd', price } })).status,
          String(price),
        ).toBe(422)
    })
  })

  describe('list parameters', () => {
    it('refuses a parameter the list does not know, naming it, on lists, child lists and exports', async () => {
      const misspelt = await api('/api/shelves?opend=1&name=x')
      expect(misspelt.status).toBe(422)
      expect(misspelt.body.errors).toEqual({
        opend: ['The opend field is not accepted.'],
        name: ['The name field is not accepted.'],
      })
      const shelfId = (await shelf({ name: 'Strict' })).body.data.id
      const child = await api(`/api/shelves/${shelfId}/items?position_from=1`)
      expect(child.status).toBe(422)
      expect(Object.keys(child.body.errors)).toEqual(['position_from'])
      const exported = await api('/api/gadgets/exportCsv?tag=1')
      expect(exported.status).toBe(422)
      expect(Object.keys(exported.body.errors)).toEqual(['tag'])
      // The export's own parameter is not the list's.
      expect((await api('/api/gadgets?ticket=abc')).status).toBe(422)
      expect((await api('/api/shelves?open=1&sort=-name&page=1&per_page=5')).status).toBe(200)
    })
  })

  describe('joined columns, scope and references', () => {
    it('shows a joined column and sorts on it', async () => {
      const zebra = await gadget('Zebra clock')
      const apple = await gadget('Apple press')
      const z1 = (await shelf({ name: 'Joined Z', gadget_id: zebra })).body.data
      const a1 = (await shelf({ name: 'Joined A', gadget_id: apple })).body.data
      expect(z1).toMatchObject({ gadget_id: zebra, gadget_name: 'Zebra clock' })
      expect((await api(`/api/shelves/${a1.id}`)).body.data.gadget_name).toBe('Apple press')
      const sorted = await api(`/api/shelves?ids=${z1.id},${a1.id}&sort=gadget_name`)
      expect(ids(sorted)).toEqual([a1.id, z1.id])
      expect(ids(await api(`/api/shelves?ids=${z1.id},${a1.id}&sort=-gadget_name`))).toEqual([z1.id, a1.id])
      const moved = await api(`/api/shelves/${z1.id}`, { method: 'PUT', body: { gadget_id: apple } })
      expect(moved.body.data.gadget_name).toBe('Apple press')
    })

    it('a reference to nothing is 422 on its field; deleting what is referenced is 409 saying what holds it', async () => {
      const missing = await shelf({ name: 'Dangling', gadget_id: 999999 })
      expect(missing.status).toBe(422)
      expect(missing.body).toEqual({
        message: 'The selected gadget id does not exist.',
        errors: { gadget_id: ['The selected gadget id does not exist.'] },
      })
      const held = await gadget('Held')
      const holder = (await shelf({ name: 'Holder', gadget_id: held })).body.data
      const update = await api(`/api/shelves/${holder.id}`, { method: 'PUT', body: { gadget_id: 999999 } })
      expect(update.status).toBe(422)
      expect(update.body.errors).toEqual({ gadget_id: ['The selected gadget id does not exist.'] })

      const refused = await api(`/api/gadgets/${held}`, { method: 'DELETE' })
      expect(refused.status).toBe(409)
      expect(refused.body).toEqual({ message: 'This record is still used by other records.' })
      expect((await api(`/api/gadgets/${held}`)).status).toBe(200)
      await api(`/api/shelves/${holder.id}`, { method: 'PUT', body: { gadget_id: null } })
      expect((await api(`/api/gadgets/${held}`, { method: 'DELETE' })).status).toBe(204)
    })

    it('keeps records outside the scope out of lists, reads, writes and children', async () => {
      const hidden = (await shelf({ name: 'Archived one' })).body.data
      await t.db.execute(sql`update shelves set archived = true where id = ${hidden.id}`)
      expect(ids(await api('/api/shelves?per_page=100'))).not.toContain(hidden.id)
      expect((await api(`/api/shelves?ids=${hidden.id}`)).body.meta.total).toBe(0)
      expect((await api(`/api/shelves/${hidden.id}`)).status).toBe(404)
      expect((await api(`/api/shelves/${hidden.id}`, { method: 'PUT', body: { name: 'x' } })).status).toBe(
        404,
      )
      expect((await api(`/api/shelves/${hidden.id}`, { method: 'DELETE' })).status).toBe(404)
      expect((await api(`/api/shelves/${hidden.id}/items`)).status).toBe(404)
      const g = await gadget('Scoped gadget')
      expect(
        (await api(`/api/shelves/${hidden.id}/items`, { method: 'POST', body: { ids: [g] } })).status,
      ).toBe(404)
    })
  })

  describe('ordered link children', () => {
    it('links existing records at the end, pages them in order, reorders and unlinks them', async () => {
      const s = (await shelf({ name: 'Links' })).body.data
      const [g1, g2, g3] = [await gadget('Link one'), await gadget('Link two'), await gadget('Link three')]
      const added = await api(`/api/shelves/${s.id}/items`, { method: 'POST', body: { ids: [g2, g1] } })
      expect(added.status).toBe(201)
      expect(added.body.data).toEqual([
        { id: g2, name: 'Link two', position: 1 },
        { id: g1, name: 'Link one', position: 2 },
      ])
      const more = await api(`/api/shelves/${s.id}/items`, { method: 'POST', body: { ids: [g1, g3] } })
      expect(more.body.data).toEqual([{ id: g3, name: 'Link three', position: 3 }])
      const unknown = await api(`/api/shelves/${s.id}/items`, { method: 'POST', body: { ids: [g1, 999999] } })
      expect(unknown.status).toBe(422)
      expect(unknown.body.errors).toEqual({ ids: ['The ids field names records that do not exist: 999999.'] })

      expect(ids(await api(`/api/shelves/${s.id}/items`))).toEqual([g2, g1, g3])
      expect(ids(await api(`/api/shelves/${s.id}/items?sort=-id`))).toEqual([g3, g2, g1])
      expect(ids(await api(`/api/shelves/${s.id}/items?ids=${g3},${g2}`))).toEqual([g2, g3])
      const reordered = await api(`/api/shelves/${s.id}/items/reorder`, {
        method: 'POST',
        body: { ids: [g3, g2, g1] },
      })
      expect(reordered.body.data.map((i: { id: number; position: number }) => [i.id, i.position])).toEqual([
        [g3, 1],
        [g2, 2],
        [g1, 3],
      ])
      expect((await api(`/api/shelves/${s.id}/items/${g2}`, { method: 'DELETE' })).status).toBe(204)
      expect((await api(`/api/shelves/${s.id}/items`)).body.data).toEqual([
        { id: g3, name: 'Link three', position: 1 },
        { id: g1, name: 'Link one', position: 2 },
      ])
      expect((await api(`/api/shelves/${s.id}/items/${g2}`, { method: 'DELETE' })).status).toBe(404)
      // Unlinking leaves the record itself alone.
      expect((await api(`/api/gadgets/${g2}`)).status).toBe(200)
      expect((await api(`/api/shelves/${s.id}/items/${g1}`, { method: 'PUT', body: {} })).status).toBe(404)
    })
  })
})
