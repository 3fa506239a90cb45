import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commentReports, comments, deletedRecords, users, videos } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'
import { rewritten } from '../support/versions.ts'

/** The machinery every resource gets: bulk actions with per-row answers, and undo after delete. */
describeEachEngine('bulk actions and undo', (engine) => {
  let t: TestApp
  let token: string
  let userId: number
  let videoId: number
  let seq = 0
  const api = (path: string, method = 'GET', body?: unknown, as = token) =>
    t.request(path, { token: as, method, body })

  const addComments = async (count: number, values: Partial<typeof comments.$inferInsert> = {}) => {
    const rows = await t.db
      .insert(comments)
      .values(
        Array.from({ length: count }, () => ({ userId, videoId, comment: `Comment ${++seq}`, ...values })),
      )
      .returning({ id: comments.id })
    return rows.map((row) => row.id)
  }
  const statusOf = async (id: number) => (await api(`/api/comments/${id}`)).body.data?.status

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
    const [user] = await t.db.insert(users).values({ username: 'bulk-member' }).returning({ id: users.id })
    const [video] = await t.db
      .insert(videos)
      .values({ title: 'Bulk film', serialNumber: 'SN-B1' })
      .returning({ id: videos.id })
    userId = user?.id as number
    videoId = video?.id as number
  })
  afterAll(() => t?.close())

  describe('bulk actions', () => {
    it('runs an action row by row: done ones stay done, a refused one says why, each audited', async () => {
      const [a, b, c] = (await addComments(3)) as [number, number, number]
      await api(`/api/comments/${b}/disable`, 'POST')
      const res = await api('/api/comments/bulk/disable', 'POST', { ids: [a, b, c] })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        data: [
          { id: a, result: 'done' },
          {
            id: b,
            result: 'refused',
            status: 409,
            message: 'The action disable does not apply while the record is disabled.',
          },
          { id: c, result: 'done' },
        ],
        meta: { done: 2, refused: 1 },
      })
      expect([await statusOf(a), await statusOf(b), await statusOf(c)]).toEqual([
        'disabled',
        'disabled',
        'disabled',
      ])
      for (const id of [a, c]) {
        const trail = await api(`/api/audit-logs?resource=comments&record_id=${id}&action=disable`)
        expect(trail.body.data).toHaveLength(1)
      }
      // A row that does not exist is refused as 404, in the request's language.
      const missing = await t.request('/api/comments/bulk/enable', {
        token,
        method: 'POST',
        body: { ids: [a, 999_999] },
        headers: { 'accept-language': 'zh-CN' },
      })
      expect(missing.body.data[0]).toEqual({ id: a, result: 'done' })
      expect(missing.body.data[1]).toMatchObject({ id: 999_999, result: 'refused', status: 404 })
      expect(missing.body.data[1].message).toMatch(/[\u4e00-\u9fff]/)
    })

    it('takes every row the list filters match, and only those', async () => {
      const matching = await addComments(3, { comment: 'okapi matching' })
      const other = await addComments(1, { comment: 'okapi other', reportStatus: 'pending' })
      const res = await api('/api/comments/bulk/disable?keyword=okapi&report_status=none', 'POST', { all: 1 })
      expect(res.body.meta).toEqual({ done: 3, refused: 0 })
      expect(res.body.data.map((row: Json) => row.id).sort()).toEqual([...matching].sort())
      expect(await statusOf(other[0] as number)).toBe('enabled')
      // The list's own rules: an unknown parameter is 422, naming it.
      const unknown = await api('/api/comments/bulk/disable?stauts=enabled', 'POST', { all: 1 })
      expect(unknown.status).toBe(422)
      expect(Object.keys(unknown.body.errors)).toEqual(['stauts'])
    })

    it('is capped at 1,000 rows a request: past it 422 and nothing is done', async () => {
      const many = await addComments(1001, { comment: 'capybara' })
      const all = await api('/api/comments/bulk/disable?keyword=capybara', 'POST', { all: 1 })
      expect(all.status).toBe(422)
      expect(all.body.message).toBe(
        'At most 1000 rows can be changed in one request; narrow the filters or select rows.',
      )
      const ids = await api('/api/comments/bulk/disable', 'POST', { ids: many })
      expect(ids.status).toBe(422)
      expect(Object.keys(ids.body.errors)).toEqual(['ids'])
      const [row] = await t.db
        .select({ n: sql<number>`count(*)::integer` })
        .from(comments)
        .where(and(eq(comments.status, 'disabled'), eq(comments.comment, 'capybara')))
      expect(row?.n).toBe(0)
      expect((await api('/api/comments/bulk/disable', 'POST', { ids: [] })).status).toBe(422)
      expect((await api('/api/comments/bulk/disable', 'POST', { all: 1, ids: [1] })).status).toBe(422)
    })

    it('asks the action permission of one record', async () => {
      const [id] = await addComments(1)
      const reader = await t.createAdmin(['list-comments'])
      expect((await api('/api/comments/bulk/disable', 'POST', { ids: [id] }, reader.token)).status).toBe(403)
      expect((await api('/api/comments/bulk/delete', 'POST', { ids: [id] }, reader.token)).status).toBe(403)
      expect(await statusOf(id as number)).toBe('enabled')
    })
  })

  describe('undo after delete', () => {
    it('puts a video back exactly: id, tags, directors, ordered photos, its comments and their reports', async () => {
      const tag = (await api('/api/tags', 'POST', { name: 'Undo genre', type: 'genre' })).body.data.id
      const director = (await api('/api/directors', 'POST', { name: 'Undo director' })).body.data.id
      const created = await api('/api/videos', 'POST', {
        title: 'Undo me',
        serial_number: 'UNDO-1',
        cover: '/uploads/images/2026/11/cover.png',
        tag_ids: [tag],
        director_ids: [director],
      })
      const id = created.body.data.id
      const photoIds: number[] = []
      for (const n of [1, 2, 3])
        photoIds.push(
          (await api(`/api/videos/${id}/photos`, 'POST', { url: `/uploads/images/2026/11/${n}.png` })).body
            .data.id,
        )
      await api(`/api/videos/${id}/photos/reorder`, 'POST', { ids: [photoIds[2], photoIds[0], photoIds[1]] })
      const [comment] = await t.db
        .insert(comments)
        .values({ userId, videoId: id, comment: 'on the film', reportStatus: 'pending' })
        .returning({ id: comments.id })
      const commentId = comment?.id as number
      await t.db.insert(commentReports).values({ commentId, userId, reason: 'spoiler' })
      const before = (await api(`/api/videos/${id}`)).body.data
      const photosBefore = (await api(`/api/videos/${id}/photos`)).body.data
      const commentBefore = (await api(`/api/comments/${commentId}`)).body.data

      expect((await api(`/api/videos/${id}`, 'DELETE')).status).toBe(204)
      expect((await api(`/api/videos/${id}`)).status).toBe(404)
      expect((await api(`/api/comments/${commentId}`)).status).toBe(404)
      const pending = (await api('/api/deletions')).body.data
      expect(pending).toContainEqual(
        expect.objectContaining({ resource: 'videos', ids: [id], labels: ['Undo me'] }),
      )
      const entry = pending.find((d: Json) => d.resource === 'videos')
      expect(Date.parse(entry.expires_at) - Date.parse(entry.deleted_at)).toBe(60_000)

      const restored = await api(`/api/videos/${id}/restore`, 'POST')
      expect(restored.status).toBe(200)
      expect(restored.body.data).toEqual(rewritten(before))
      expect((await api(`/api/videos/${id}`)).body.data).toEqual(rewritten(before))
      expect((await api(`/api/videos/${id}/photos`)).body.data).toEqual(photosBefore.map(rewritten))
      expect(photosBefore.map((p: Json) => p.id)).toEqual([photoIds[2], photoIds[0], photoIds[1]])
      expect((await api(`/api/comments/${commentId}`)).body.data).toEqual(rewritten(commentBefore))
      expect((await api(`/api/videos?tag_id=${tag}`)).body.data.map((v: Json) => v.id)).toEqual([id])
      // The tag it holds cannot be deleted again (the link is back).
      expect((await api(`/api/tags/${tag}`, 'DELETE')).status).toBe(409)

      const trail = await api(`/api/audit-logs?resource=videos&record_id=${id}&sort=id`)
      expect(trail.body.data.map((e: Json) => e.action).slice(-2)).toEqual(['delete', 'restore'])
      // Once is enough: nothing left to undo.
      expect((await api(`/api/videos/${id}/restore`, 'POST')).status).toBe(404)
      expect((await api('/api/deletions')).body.data.some((d: Json) => d.resource === 'videos')).toBe(false)
    })

    it('puts an admin back with its roles and its place in the trail, but not its sessions', async () => {
      const staff = await t.createAdmin(['list-comments'])
      const before = (await api(`/api/admins/${staff.id}`)).body.data
      const trailOf = async () =>
        (await api(`/api/audit-logs?admin_id=${staff.id}&action=login`)).body.data.length as number
      expect(await trailOf()).toBeGreaterThan(0)
      expect((await api(`/api/admins/${staff.id}`, 'DELETE')).status).toBe(204)
      // The trail keeps its rows, no longer linked to the admin (SET NULL).
      expect(await trailOf()).toBe(0)
      expect((await api('/api/auth/me', 'GET', undefined, staff.token)).status).toBe(401)

      expect((await api(`/api/admins/${staff.id}/restore`, 'POST')).status).toBe(200)
      expect((await api(`/api/admins/${staff.id}`)).body.data).toEqual(rewritten(before))
      expect(await trailOf()).toBeGreaterThan(0)
      // A session a delete ended stays ended; the admin logs in again.
      expect((await api('/api/auth/me', 'GET', undefined, staff.token)).status).toBe(401)
      expect(await t.login(staff.username, staff.password)).toBeTruthy()
    })

    it("is the deleting admin's, within the window only", async () => {
      const [mine] = await addComments(1)
      const other = await t.createAdmin(['list-comments', 'delete-comments'])
      expect((await api(`/api/comments/${mine}`, 'DELETE')).status).toBe(204)
      expect((await api(`/api/comments/${mine}/restore`, 'POST', undefined, other.token)).status).toBe(404)
      expect((await api('/api/deletions', 'GET', undefined, other.token)).body.data).toEqual([])
      // Past the window (and its grace), the capture is gone for good.
      await t.db
        .update(deletedRecords)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(deletedRecords.recordId, mine as number))
      expect((await api(`/api/comments/${mine}/restore`, 'POST')).status).toBe(404)
      expect((await api(`/api/comments/${mine}`)).status).toBe(404)
    })

    it('a delete refused (409) keeps nothing; a restore whose unique value was taken meanwhile is 409', async () => {
      const tag = (await api('/api/tags', 'POST', { name: 'Held tag', type: 'genre' })).body.data.id
      await api('/api/sources', 'POST', { name: 'Holder', genre_id: tag })
      expect((await api(`/api/tags/${tag}`, 'DELETE')).status).toBe(409)
      expect((await api(`/api/tags/${tag}/restore`, 'POST')).status).toBe(404)

      const site = (await api('/api/sites', 'POST', { name: 'Old', domain: 'undo.example.com' })).body.data.id
      expect((await api(`/api/sites/${site}`, 'DELETE')).status).toBe(204)
      expect((await api('/api/sites', 'POST', { name: 'New', domain: 'undo.example.com' })).status).toBe(201)
      const taken = await api(`/api/sites/${site}/restore`, 'POST')
      expect(taken.status).toBe(409)
      expect(taken.body.message).toMatch(/unique value/)
    })

    it('bulk delete is undone at once, row by row, and GET /deletions offers it after a reload', async () => {
      const ids = await addComments(3, { comment: 'bulk delete me' })
      const deleted = await api('/api/comments/bulk/delete', 'POST', { ids })
      expect(deleted.body.meta).toEqual({ done: 3, refused: 0 })
      const pending = (await api('/api/deletions')).body.data.filter((d: Json) => d.resource === 'comments')
      expect(pending).toHaveLength(1)
      expect(pending[0].ids).toEqual(ids)
      expect(pending[0].labels).toEqual(['bulk delete me', 'bulk delete me', 'bulk delete me'])
      const restored = await api('/api/comments/bulk/restore', 'POST', { ids: [...ids, 999_999] })
      expect(restored.body.meta).toEqual({ done: 3, refused: 1 })
      for (const id of ids) expect(await statusOf(id)).toBe('enabled')
      expect((await api('/api/comments/bulk/restore', 'POST', { all: 1 })).status).toBe(422)
    })
  })
})
