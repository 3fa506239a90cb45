import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { permissions, rolePermissions } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'
import { rewritten } from '../support/versions.ts'

/**
 * Issue 34 item 5: a restore (undo) runs every rule a create would run, on the record as it comes back, and a
 * tag's retype runs the rules of the records that use it.
 */
describeEachEngine('restore and retype re-check the rules', (engine) => {
  let t: TestApp
  let token: string
  let seq = 0
  const api = (path: string, method = 'GET', body?: unknown) => t.request(path, { token, method, body })

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
  })
  afterAll(() => t?.close())

  const createPlan = async (original: string) => {
    const res = await api('/api/plans', 'POST', {
      name: `Restore plan ${++seq}`,
      title: 'Restore plan',
      initial_period_count: 1,
      initial_period_unit: 'month',
      initial_original_price: original,
      initial_discount_price: null,
      recurring_period_count: null,
      recurring_period_unit: null,
      recurring_original_price: null,
      recurring_discount_price: null,
      downloadable: 1,
      show: 1,
      is_best: 0,
      sort: 1,
      segpay_id: null,
      ccbill_id: null,
      epoch_id: null,
      verotel_id: null,
    })
    expect(res.status).toBe(201)
    return res.body.data.id as number
  }
  const createDeal = async (planId: number, price: string) => {
    const res = await api('/api/deals', 'POST', {
      name: `Deal ${++seq}`,
      plan_id: planId,
      price,
      started_at: '2026-11-27T00:00:00.000Z',
      ended_at: '2026-11-30T00:00:00.000Z',
    })
    expect(res.status).toBe(201)
    return res.body.data.id as number
  }
  const restores = async (path: string, id: number) =>
    (await api(`/api/audit-logs?resource=${path}&record_id=${id}&action=restore`)).body.data.length

  describe('a restore runs the rules of a create', () => {
    it("refuses a deal above its plan's price since (422 on price), puts nothing back, and can be undone once fixed", async () => {
      const plan = await createPlan('20.00')
      const deal = await createDeal(plan, '15.00')
      expect((await api(`/api/deals/${deal}`, 'DELETE')).status).toBe(204)
      // With the deal gone, nothing holds the plan's price up.
      expect((await api(`/api/plans/${plan}`, 'PUT', { initial_original_price: '10.00' })).status).toBe(200)

      const refused = await api(`/api/deals/${deal}/restore`, 'POST')
      expect(refused.status).toBe(422)
      expect(Object.keys(refused.body.errors)).toEqual(['price'])
      expect(refused.body.message).toBe(
        "The price must not be greater than the plan's original price (10.00).",
      )
      expect((await api(`/api/deals/${deal}`)).status).toBe(404)
      expect(await restores('deals', deal)).toBe(0)
      // The bulk restore answers the same, row by row.
      const bulk = await api('/api/deals/bulk/restore', 'POST', { ids: [deal] })
      expect(bulk.body.meta).toEqual({ done: 0, refused: 1 })
      expect(bulk.body.data[0]).toMatchObject({ id: deal, result: 'refused', status: 422 })
      // The undo is still there: once the plan's price allows the deal again, it comes back whole.
      expect((await api('/api/deletions')).body.data.some((d: Json) => d.ids.includes(deal))).toBe(true)
      expect((await api(`/api/plans/${plan}`, 'PUT', { initial_original_price: '15.00' })).status).toBe(200)
      const restored = await api(`/api/deals/${deal}/restore`, 'POST')
      expect(restored.status).toBe(200)
      expect(restored.body.data).toMatchObject({ id: deal, price: '15.00', status: 'enabled' })
      expect(await restores('deals', deal)).toBe(1)
    })

    it('refuses a source whose genre tag was retyped since (422 on genre_id)', async () => {
      const genre = (await api('/api/tags', 'POST', { name: `Restore genre ${++seq}`, type: 'genre' })).body
        .data.id
      const source = (await api('/api/sources', 'POST', { name: `Restore source ${++seq}`, genre_id: genre }))
        .body.data.id
      expect((await api(`/api/sources/${source}`, 'DELETE')).status).toBe(204)
      // No live source uses the genre now: it may become a model.
      expect((await api(`/api/tags/${genre}`, 'PUT', { type: 'model' })).status).toBe(200)

      const refused = await api(`/api/sources/${source}/restore`, 'POST')
      expect(refused.status).toBe(422)
      expect(Object.keys(refused.body.errors)).toEqual(['genre_id'])
      expect((await api(`/api/sources/${source}`)).status).toBe(404)
      // Back to a genre, the source comes back.
      expect((await api(`/api/tags/${genre}`, 'PUT', { type: 'genre' })).status).toBe(200)
      expect((await api(`/api/sources/${source}/restore`, 'POST')).status).toBe(200)
      expect((await api(`/api/sources/${source}`)).body.data.genre_id).toBe(genre)
    })

    it("runs its relations' rules: a permission the catalogue no longer offers is 422 on permissions", async () => {
      const role = await api('/api/roles', 'POST', {
        name: `Restore role ${++seq}`,
        permissions: ['list-tags'],
      })
      expect(role.status).toBe(201)
      // A name dropped from the catalogue stays in the table for older processes; a link to it is not shown.
      const [retired] = await t.db
        .insert(permissions)
        .values({ name: `retired-${seq}`, group: 'tags' })
        .returning({ id: permissions.id })
      await t.db
        .insert(rolePermissions)
        .values({ roleId: role.body.data.id, permissionId: retired?.id as number })
      expect((await api(`/api/roles/${role.body.data.id}`)).body.data.permissions).toEqual(['list-tags'])
      expect((await api(`/api/roles/${role.body.data.id}`, 'DELETE')).status).toBe(204)

      const refused = await api(`/api/roles/${role.body.data.id}/restore`, 'POST')
      expect(refused.status).toBe(422)
      expect(refused.body.errors).toEqual({ permissions: [`Unknown permissions: retired-${seq}.`] })
      expect((await api(`/api/roles/${role.body.data.id}`)).status).toBe(404)
    })

    it("does not do a create's work again: a channel comes back with its creator's link, once", async () => {
      // An admin without all-channels administers the channels it creates (modules/channels, `after`).
      const staff = await t.createAdmin(['list-channels', 'create-channels', 'delete-channels'])
      const as = (path: string, method = 'GET', body?: unknown) =>
        t.request(path, { token: staff.token, method, body })
      const created = await as('/api/channels', 'POST', { utm_source: `restore${++seq}`, type: 'other' })
      expect(created.status).toBe(201)
      const before = (await as(`/api/channels/${created.body.data.id}`)).body.data
      expect(before.admin_count).toBe(1)
      expect((await as(`/api/channels/${before.id}`, 'DELETE')).status).toBe(204)
      const restored = await as(`/api/channels/${before.id}/restore`, 'POST')
      expect(restored.status).toBe(200)
      expect(restored.body.data).toEqual(rewritten(before))
    })

    it('still puts back what passes: a video with its tags and directors', async () => {
      const tag = (await api('/api/tags', 'POST', { name: `Restore model ${++seq}`, type: 'model' })).body
        .data.id
      const video = await api('/api/videos', 'POST', {
        title: 'Restore film',
        serial_number: `RS-${++seq}`,
        tag_ids: [tag],
      })
      const before = video.body.data
      expect((await api(`/api/videos/${before.id}`, 'DELETE')).status).toBe(204)
      const restored = await api(`/api/videos/${before.id}/restore`, 'POST')
      expect(restored.status).toBe(200)
      expect(restored.body.data).toEqual(rewritten(before))
    })
  })

  describe('a retype runs the rules of the records that use the tag', () => {
    it('keeps a genre a live source is filed under a genre (422 on type, naming the source)', async () => {
      const genre = (await api('/api/tags', 'POST', { name: `Held genre ${++seq}`, type: 'genre' })).body.data
        .id
      const name = `Filed source ${++seq}`
      const source = (await api('/api/sources', 'POST', { name, genre_id: genre })).body.data.id
      const before = (await api(`/api/tags/${genre}`)).body.data

      for (const type of ['model', 'studio']) {
        const refused = await api(`/api/tags/${genre}`, 'PUT', { type })
        expect(refused.status).toBe(422)
        expect(Object.keys(refused.body.errors)).toEqual(['type'])
        expect(refused.body.message).toBe(
          `The type cannot change: the source "${name}" is filed under this genre; move it to another genre first.`,
        )
      }
      expect((await api(`/api/tags/${genre}`)).body.data).toEqual(before)
      // What does not retype it passes.
      expect(
        (await api(`/api/tags/${genre}`, 'PUT', { type: 'genre', name: `Held genre ${++seq}` })).status,
      ).toBe(200)
      // Once no source uses it, it may change.
      expect((await api(`/api/sources/${source}`, 'PUT', { genre_id: null })).status).toBe(200)
      expect((await api(`/api/tags/${genre}`, 'PUT', { type: 'studio' })).status).toBe(200)
    })
  })
})
