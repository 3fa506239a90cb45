import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commentReports, comments, cooperations, supports, users, videos } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

/** Comments and their reports, support tickets and cooperation requests: every route and transition. */
describeEachEngine('community: comments, supports, cooperations', (engine) => {
  let t: TestApp
  let token: string
  let userId: number
  let videoId: number
  let seq = 0
  const api = (path: string, options: Parameters<TestApp['request']>[1] = {}) =>
    t.request(path, { token, ...options })
  const post = (path: string) => api(path, { method: 'POST' })

  const addComment = async (values: Partial<typeof comments.$inferInsert> = {}) => {
    const [row] = await t.db
      .insert(comments)
      .values({ userId, videoId, comment: `Comment ${++seq}`, ...values })
      .returning({ id: comments.id })
    return row?.id as number
  }
  const addTicket = async (values: Partial<typeof supports.$inferInsert> = {}) => {
    const [row] = await t.db
      .insert(supports)
      .values({
        type: 'billing',
        subject: `Ticket ${++seq}`,
        email: 'member@example.com',
        message: 'Help',
        ...values,
      })
      .returning({ id: supports.id })
    return row?.id as number
  }
  const addRequest = async (values: Partial<typeof cooperations.$inferInsert> = {}) => {
    const [row] = await t.db
      .insert(cooperations)
      .values({
        subject: `Partnership ${++seq}`,
        name: 'Studio A',
        email: 'studio@example.com',
        message: 'Hello',
        ...values,
      })
      .returning({ id: cooperations.id })
    return row?.id as number
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
    const [user] = await t.db.insert(users).values({ username: 'commenter' }).returning({ id: users.id })
    const [video] = await t.db
      .insert(videos)
      .values({ title: 'Night Train', serialNumber: 'SN-C1' })
      .returning({ id: videos.id })
    userId = user?.id as number
    videoId = video?.id as number
  })
  afterAll(() => t?.close())

  describe('comments', () => {
    it('shows a comment with its member, video and newest report', async () => {
      const id = await addComment({ comment: 'Great film', likesCount: 7, reportStatus: 'pending' })
      await t.db.insert(commentReports).values([
        { commentId: id, userId, reason: 'spam', createdAt: new Date('2026-11-01T00:00:00Z') },
        { commentId: id, userId, reason: 'rude', createdAt: new Date('2026-11-02T00:00:00Z') },
      ])
      const res = await api(`/api/comments/${id}`)
      expect(res.status).toBe(200)
      expect(res.body.data).toEqual({
        version: expect.any(String),
        id,
        user_id: userId,
        username: 'commenter',
        video_id: videoId,
        video_title: 'Night Train',
        comment: 'Great film',
        likes_count: 7,
        status: 'enabled',
        report_status: 'pending',
        reports_count: 2,
        report_reason: 'rude',
        reported_at: '2026-11-02T00:00:00.000Z',
        banned_at: null,
        banned_by: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      })
    })

    it('sorts by how often and how lately comments were reported', async () => {
      const once = await addComment({ comment: 'yak once', reportStatus: 'pending' })
      const twice = await addComment({ comment: 'yak twice', reportStatus: 'pending' })
      const never = await addComment({ comment: 'yak never' })
      await t.db.insert(commentReports).values([
        { commentId: once, userId, reason: 'spam', createdAt: new Date('2026-11-05T00:00:00Z') },
        { commentId: twice, userId, reason: 'rude', createdAt: new Date('2026-11-03T00:00:00Z') },
        { commentId: twice, userId, reason: 'spam', createdAt: new Date('2026-11-04T00:00:00Z') },
      ])
      const sorted = async (sort: string) =>
        (await api(`/api/comments?keyword=yak&sort=${sort}`)).body.data.map((c: { id: number }) => c.id)
      expect(await sorted('-reports_count')).toEqual([twice, once, never])
      // The newest report of each: 4 November for the one reported twice, 5 November for the other.
      expect(await sorted('reported_at')).toEqual([twice, once, never])
    })

    it('lists by status, report status and keyword; the reports view holds only reported comments', async () => {
      const quiet = await addComment({ comment: 'zebra quiet one' })
      const reported = await addComment({ comment: 'zebra reported one', reportStatus: 'pending' })
      const all = await api('/api/comments?keyword=zebra&sort=id')
      expect(all.body.data.map((c: { id: number }) => c.id)).toEqual([quiet, reported])
      const pending = await api('/api/comments?keyword=zebra&report_status=pending')
      expect(pending.body.data.map((c: { id: number }) => c.id)).toEqual([reported])
      const reports = await api('/api/comments/reports?keyword=zebra')
      expect(reports.status).toBe(200)
      expect(reports.body.data.map((c: { id: number }) => c.id)).toEqual([reported])
      expect((await api('/api/comments?state=x')).status).toBe(422)
    })

    it('disables and enables; the same state again is 409', async () => {
      const id = await addComment()
      expect((await post(`/api/comments/${id}/enable`)).status).toBe(409)
      const disabled = await post(`/api/comments/${id}/disable`)
      expect(disabled.status).toBe(200)
      expect(disabled.body.data.status).toBe('disabled')
      expect((await post(`/api/comments/${id}/disable`)).status).toBe(409)
      expect((await post(`/api/comments/${id}/enable`)).body.data.status).toBe('enabled')
    })

    it('bans a reported comment: hidden for good, who and when recorded, audited', async () => {
      const id = await addComment({ reportStatus: 'pending' })
      const banned = await post(`/api/comments/${id}/ban`)
      expect(banned.status).toBe(200)
      expect(banned.body.data).toMatchObject({
        status: 'banned',
        report_status: 'banned',
        banned_by: 'admin',
        banned_at: expect.any(String),
      })
      // A banned comment is neither enabled nor disabled again, nor banned twice.
      for (const action of ['enable', 'disable', 'ban', 'reject-report'])
        expect((await post(`/api/comments/${id}/${action}`)).status).toBe(409)
      const trail = await api(`/api/audit-logs?resource=comments&record_id=${id}`)
      expect(trail.body.data[0]).toMatchObject({
        action: 'ban',
        changes: { status: ['enabled', 'banned'], report_status: ['pending', 'banned'] },
      })
    })

    it('rejects a report: the comment stays; no report, nothing to ban or reject', async () => {
      const id = await addComment({ reportStatus: 'pending' })
      const rejected = await post(`/api/comments/${id}/reject-report`)
      expect(rejected.body.data).toMatchObject({ status: 'enabled', report_status: 'rejected' })
      expect((await post(`/api/comments/${id}/ban`)).status).toBe(409)
      const unreported = await addComment()
      const refused = await post(`/api/comments/${unreported}/ban`)
      expect(refused.status).toBe(409)
      expect(refused.body.message).toMatch(/ban/)
      expect((await post(`/api/comments/${unreported}/reject-report`)).status).toBe(409)
    })

    it('deletes a comment (204) and answers 404 after; no create or update routes', async () => {
      const id = await addComment()
      expect((await api(`/api/comments/${id}`, { method: 'DELETE' })).status).toBe(204)
      expect((await api(`/api/comments/${id}`)).status).toBe(404)
      expect((await post(`/api/comments/${id}/disable`)).status).toBe(404)
      expect((await api('/api/comments', { method: 'POST', body: { comment: 'x' } })).status).toBe(404)
      expect((await api(`/api/comments/${id}`, { method: 'PUT', body: {} })).status).toBe(404)
    })

    it('each route asks its own permission', async () => {
      const id = await addComment({ reportStatus: 'pending' })
      const reader = await t.createAdmin(['list-comments'])
      const as = (path: string, method = 'GET') => t.request(path, { token: reader.token, method })
      expect((await as('/api/comments/reports')).status).toBe(200)
      expect((await as(`/api/comments/${id}/ban`, 'POST')).status).toBe(403)
      expect((await as(`/api/comments/${id}`, 'DELETE')).status).toBe(403)
    })
  })

  describe('support tickets', () => {
    it('solves, archives and recovers to where it was; refused transitions are 409', async () => {
      const id = await addTicket()
      const ticket = (await api(`/api/supports/${id}`)).body.data
      expect(ticket).toMatchObject({ status: 'open', archived_from: null, type: 'billing', username: null })
      expect((await post(`/api/supports/${id}/recover`)).status).toBe(409)

      // open -> archived -> open
      expect((await post(`/api/supports/${id}/archive`)).body.data).toMatchObject({
        status: 'archived',
        archived_from: 'open',
      })
      expect((await post(`/api/supports/${id}/archive`)).status).toBe(409)
      expect((await post(`/api/supports/${id}/solve`)).status).toBe(409)
      expect((await post(`/api/supports/${id}/recover`)).body.data).toMatchObject({
        status: 'open',
        archived_from: null,
      })

      // open -> solved -> archived -> solved
      expect((await post(`/api/supports/${id}/solve`)).body.data.status).toBe('solved')
      expect((await post(`/api/supports/${id}/solve`)).status).toBe(409)
      expect((await post(`/api/supports/${id}/archive`)).body.data.archived_from).toBe('solved')
      const recovered = await post(`/api/supports/${id}/recover`)
      expect(recovered.body.data).toMatchObject({ status: 'solved', archived_from: null })
      expect((await post(`/api/supports/${id}/recover`)).status).toBe(409)

      const trail = await api(`/api/audit-logs?resource=supports&record_id=${id}&sort=id`)
      expect(trail.body.data.map((e: { action: string }) => e.action)).toEqual([
        'archive',
        'recover',
        'solve',
        'archive',
        'recover',
      ])
      expect(trail.body.data[4].changes).toEqual({
        status: ['archived', 'solved'],
        archived_from: ['solved', null],
      })
    })

    it('lists by status, type and keyword (subject words, e-mail start); deletes', async () => {
      const a = await addTicket({ subject: 'Refund walrus', type: 'billing', status: 'solved' })
      const b = await addTicket({ subject: 'Login walrus', type: 'account', email: 'walrus@ex.org' })
      expect(
        (await api('/api/supports?keyword=walrus&sort=id')).body.data.map((r: { id: number }) => r.id),
      ).toEqual([a, b])
      expect(
        (await api('/api/supports?keyword=walrus&status=solved')).body.data.map((r: { id: number }) => r.id),
      ).toEqual([a])
      expect(
        (await api('/api/supports?keyword=walrus@ex&type=account')).body.data.map(
          (r: { id: number }) => r.id,
        ),
      ).toEqual([b])
      expect((await api(`/api/supports/${a}`, { method: 'DELETE' })).status).toBe(204)
      expect((await api(`/api/supports/${a}`)).status).toBe(404)
    })

    it('the OpenAPI document gives the transition table', async () => {
      const doc = (await t.request('/api/openapi.json')).body
      expect(doc.paths['/api/supports/{id}/recover'].post.description).toMatch(
        /From archived to the archived_from/,
      )
    })
  })

  describe('cooperation requests', () => {
    it('solves and archives; refused transitions are 409; deletes', async () => {
      const id = await addRequest({ phone: '+1 555 0100' })
      expect((await api(`/api/cooperations/${id}`)).body.data).toMatchObject({
        status: 'open',
        phone: '+1 555 0100',
        name: 'Studio A',
        attachment: null,
      })
      expect((await post(`/api/cooperations/${id}/solve`)).body.data.status).toBe('solved')
      expect((await post(`/api/cooperations/${id}/solve`)).status).toBe(409)
      expect((await post(`/api/cooperations/${id}/archive`)).body.data.status).toBe('archived')
      expect((await post(`/api/cooperations/${id}/archive`)).status).toBe(409)
      expect((await post(`/api/cooperations/${id}/solve`)).status).toBe(409)
      expect((await post(`/api/cooperations/${id}/recover`)).status).toBe(404)

      const open = await addRequest()
      expect((await post(`/api/cooperations/${open}/archive`)).body.data.status).toBe('archived')
      expect(
        (await api(`/api/cooperations?status=archived&sort=id`)).body.data.map((r: { id: number }) => r.id),
      ).toEqual([id, open])
      expect((await api(`/api/cooperations/${id}`, { method: 'DELETE' })).status).toBe(204)
    })
  })
})
