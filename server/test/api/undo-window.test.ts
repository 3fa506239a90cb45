import { UNDO_HOLD_SECONDS } from '@vod/contract'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

/**
 * The undo window counts only while its notice is on screen (issue 36): the web app holds a delete's window
 * while the page is hidden and gives back what was left when it shows again; never past the hold, and only
 * for the admin's own deletes that can still be undone.
 */
describeEachEngine('the undo window, held while its notice is out of sight', (engine) => {
  let t: TestApp
  let token: string

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
  })
  afterAll(() => t?.close())

  async function deleteTag(name: string) {
    const created = await t.request('/api/tags', { method: 'POST', token, body: { name, type: 'genre' } })
    const id = created.body.data.id as number
    expect((await t.request(`/api/tags/${id}`, { method: 'DELETE', token })).status).toBe(204)
    const pending = (await t.request('/api/deletions', { token })).body.data as {
      batch: string
      ids: number[]
      deleted_at: string
      expires_at: string
    }[]
    const deletion = pending.find((row) => row.ids.includes(id))
    if (!deletion) throw new Error('no pending delete')
    return { id, deletion }
  }

  const expiresOf = async (batch: string) =>
    Date.parse(
      (
        (await t.request('/api/deletions', { token })).body.data as { batch: string; expires_at: string }[]
      ).find((row) => row.batch === batch)?.expires_at ?? '',
    )

  it('holds the window while hidden, gives back what was left, never past the hold', async () => {
    const { deletion } = await deleteTag('held window')
    const window = (seconds: number) =>
      t.request(`/api/deletions/${deletion.batch}/window`, { method: 'POST', token, body: { seconds } })
    expect((await window(UNDO_HOLD_SECONDS)).status).toBe(204)
    const held = await expiresOf(deletion.batch)
    expect(held - Date.parse(deletion.deleted_at)).toBeGreaterThan((UNDO_HOLD_SECONDS - 5) * 1000)
    expect(held - Date.parse(deletion.deleted_at)).toBeLessThanOrEqual(UNDO_HOLD_SECONDS * 1000 + 1000)
    // What was left given back: 4 s from the moment the server took it, between the asking and the answer.
    const asked = Date.now()
    expect((await window(4)).status).toBe(204)
    const answered = Date.now()
    const left = await expiresOf(deletion.batch)
    expect(left).toBeGreaterThanOrEqual(asked + 4000)
    expect(left).toBeLessThanOrEqual(answered + 4000)
    expect((await window(UNDO_HOLD_SECONDS + 1)).status).toBe(422)
  })

  it("is nobody else's to hold, and none once a delete is undone", async () => {
    const { id, deletion } = await deleteTag('not yours')
    const other = await t.createAdmin(['list-tags', 'delete-tags'])
    const path = `/api/deletions/${deletion.batch}/window`
    expect((await t.request(path, { method: 'POST', token: other.token, body: { seconds: 5 } })).status).toBe(
      404,
    )
    expect((await t.request(`/api/tags/${id}/restore`, { method: 'POST', token })).status).toBe(200)
    expect((await t.request(path, { method: 'POST', token, body: { seconds: 5 } })).status).toBe(404)
  })
})
