import net from 'node:net'
import { BULK_LIMIT } from '@vod/contract'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { scaled, until } from '../../../test/support/time.ts'
import type { Db } from '../../src/db/client.ts'
import { comments, questions, users, videos } from '../../src/db/schema/index.ts'
import { describeEachEngine, onPostgresOnly } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'

/**
 * Counts the statements the app sends through drizzle while `work` runs (both engines: every query, the
 * transactions' and savepoints' included, goes through the session's logger).
 */
async function statementsOf<T>(db: Db, work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  interface Logger {
    logQuery(query: string, params: unknown[]): void
  }
  const session = (db as unknown as { session: { logger: Logger; options: { logger?: Logger } } }).session
  const saved = { logger: session.logger, options: session.options.logger }
  let statements = 0
  const counter: Logger = {
    logQuery() {
      statements++
    },
  }
  session.logger = counter
  session.options.logger = counter
  try {
    const result = await work()
    return { result, statements }
  } finally {
    session.logger = saved.logger
    session.options.logger = saved.options
  }
}

/** docs/resources.md "Bulk actions and undo": bulk work is bounded (docs/security.md "Availability"). */
describeEachEngine('bulk work is bounded', (engine) => {
  let t: TestApp
  let token: string
  let userId: number
  let videoId: number
  const api = (path: string, method = 'GET', body?: unknown, as = token) =>
    t.request(path, { token: as, method, body })
  /** Ids far past any row of the test's. */
  const missing = (count: number, from = 5_000_000) => Array.from({ length: count }, (_, i) => from + i)

  const addComments = async (count: number, comment: string) =>
    (
      await t.db
        .insert(comments)
        .values(Array.from({ length: count }, () => ({ userId, videoId, comment })))
        .returning({ id: comments.id })
    ).map((row) => row.id)

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
    const [user] = await t.db.insert(users).values({ username: 'bounded-member' }).returning({ id: users.id })
    const [video] = await t.db
      .insert(videos)
      .values({ title: 'Bounded film', serialNumber: 'SN-BB1' })
      .returning({ id: videos.id })
    userId = user?.id as number
    videoId = video?.id as number
  })
  afterAll(() => t?.close())

  it('answers 1,000 ids that name nothing 404 each, in a bounded number of statements', async () => {
    const deleter = await t.createAdmin(['delete-questions'])
    const ids = missing(BULK_LIMIT)
    const { result: res, statements } = await statementsOf(t.db, () =>
      api('/api/questions/bulk/delete', 'POST', { ids }, deleter.token),
    )
    expect(res.status).toBe(200)
    expect(res.body.meta).toEqual({ done: 0, refused: BULK_LIMIT })
    expect(res.body.data.map((row: Json) => row.id)).toEqual(ids)
    for (const row of res.body.data)
      expect(row).toEqual({ id: row.id, result: 'refused', status: 404, message: 'Not found.' })
    // One statement finds which ids are there; the request's own (its session) are a few more. Row by row
    // it was four a row (savepoint, lock, rollback, release): 4,000.
    expect(statements).toBeLessThanOrEqual(10)
  })

  it('runs only the rows that are there, each as before: done, 409 or 404 in order, audited and undone', async () => {
    const free = (await api('/api/tags', 'POST', { name: 'Bounded free', type: 'genre' })).body.data.id
    const held = (await api('/api/tags', 'POST', { name: 'Bounded held', type: 'genre' })).body.data.id
    await api('/api/sources', 'POST', { name: 'Bounded holder', genre_id: held })
    const ids = [...missing(500), held, ...missing(497, 6_000_000), free]
    const { result: res, statements } = await statementsOf(t.db, () =>
      api('/api/tags/bulk/delete', 'POST', { ids }),
    )
    expect(res.status).toBe(200)
    expect(res.body.meta).toEqual({ done: 1, refused: 998 })
    expect(res.body.data.map((row: Json) => row.id)).toEqual(ids)
    expect(res.body.data[500]).toMatchObject({ id: held, result: 'refused', status: 409 })
    expect(res.body.data[500].message).toMatch(/^Sources are still filed under this genre/)
    expect(res.body.data[998]).toEqual({ id: free, result: 'done' })
    expect(res.body.data[0]).toEqual({ id: ids[0], result: 'refused', status: 404, message: 'Not found.' })
    expect(statements).toBeLessThan(100)
    expect((await api(`/api/tags/${free}`)).status).toBe(404)
    expect((await api(`/api/tags/${held}`)).status).toBe(200)
    const trail = await api(`/api/audit-logs?resource=tags&record_id=${free}&action=delete`)
    expect(trail.body.data).toHaveLength(1)
    const pending = (await api('/api/deletions')).body.data.filter((d: Json) => d.resource === 'tags')
    expect(pending).toEqual([expect.objectContaining({ ids: [free], labels: ['Bounded free'] })])

    // The undo: only what the caller may still put back runs; the rest is 404 unrun.
    const back = [...missing(998), free, held]
    const restored = await statementsOf(t.db, () => api('/api/tags/bulk/restore', 'POST', { ids: back }))
    expect(restored.result.body.meta).toEqual({ done: 1, refused: 999 })
    expect(restored.result.body.data[998]).toEqual({ id: free, result: 'done' })
    expect(restored.result.body.data[999]).toMatchObject({ id: held, result: 'refused', status: 404 })
    expect(restored.statements).toBeLessThan(100)
    expect((await api(`/api/tags/${free}`)).body.data.name).toBe('Bounded free')
  })

  it('runs at most BULK_CONCURRENCY bulk requests at once: past it 429 with Retry-After, in both languages', async () => {
    const [id] = await t.db
      .insert(questions)
      .values({ question: 'Bounded?', answer: 'Yes.' })
      .returning({ id: questions.id })
    const questionId = id?.id as number
    expect(t.config.bulkConcurrency).toBe(2)
    const slots = [t.app.bulkSlots.take(), t.app.bulkSlots.take()]
    const busy = await api('/api/questions/bulk/delete', 'POST', { ids: [questionId] })
    expect(busy.status).toBe(429)
    expect(busy.headers.get('retry-after')).toBe('5')
    expect(busy.body).toEqual({
      message: 'Other bulk actions are running; please try again in a few seconds.',
    })
    const zh = await t.request('/api/questions/bulk/delete', {
      token,
      method: 'POST',
      body: { ids: [questionId] },
      headers: { 'accept-language': 'zh-CN' },
    })
    expect(zh.status).toBe(429)
    expect(zh.body.message).toMatch(/[\u4e00-\u9fff]/)
    expect((await api(`/api/questions/${questionId}`)).status).toBe(200)
    // One slot free: one runs. A request refused on the way (422) gives its slot back too.
    slots[0]?.()
    expect((await api('/api/questions/bulk/delete', 'POST', { ids: [questionId] })).body.meta).toEqual({
      done: 1,
      refused: 0,
    })
    expect((await api('/api/questions/bulk/restore', 'POST', { all: 1 })).status).toBe(422)
    expect((await api('/api/questions/bulk/restore', 'POST', { ids: [questionId] })).status).toBe(200)
    slots[1]?.()
    // Nothing is left holding a slot.
    for (let n = 0; n < 3; n++)
      expect((await api('/api/questions/bulk/delete', 'POST', { ids: [questionId + 1] })).status).toBe(200)
  })

  it('takes a bulk slot only once the body is in: two trickling bodies leave the slots free', async () => {
    const { port } = new URL(t.url)
    const body = JSON.stringify({ ids: missing(3) })
    // Each asks for 100-continue, so the server says when it has its headers; then one byte of the body.
    const trickle = () =>
      new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1')
        socket.on('error', reject)
        socket.write(
          'POST /api/questions/bulk/delete HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
            `authorization: Bearer ${token}\r\ncontent-length: ${body.length}\r\nexpect: 100-continue\r\n\r\n`,
        )
        socket.once('data', (chunk) => {
          if (!chunk.toString().startsWith('HTTP/1.1 100')) reject(new Error(chunk.toString()))
          socket.write(body.slice(0, 1))
          resolve(socket)
        })
      })
    const sockets = await Promise.all([trickle(), trickle()])
    try {
      // Both were let in before this one, with their login checks ahead of its own.
      const answer = await api('/api/questions/bulk/delete', 'POST', { ids: missing(3) })
      expect(answer.status).toBe(200)
      expect(t.app.bulkSlots.state().running).toBe(0)
    } finally {
      for (const socket of sockets) socket.destroy()
    }
  })

  // Real requests in flight: two bulks wait on a row another connection holds (PostgreSQL only: PGlite runs
  // one transaction at a time, so nothing else would answer meanwhile).
  it.runIf(engine === 'postgres')(
    onPostgresOnly(
      engine,
      'answers 429 while two real bulk requests run, and runs them when they end',
      'it runs one transaction at a time',
    ),
    async () => {
      const ids = await addComments(20, 'bounded burst')
      const holder = new pg.Client({ connectionString: t.testDatabase.url as string })
      // Watches from outside the holder's transaction: PostgreSQL shows a transaction one picture of
      // pg_stat_activity, its first, so a holder that looked before the second request reached its row never
      // saw it wait.
      const watcher = new pg.Client({ connectionString: t.testDatabase.url as string })
      await holder.connect()
      await watcher.connect()
      try {
        // The figures' fold held off (its lock, which a step only tries for): no step of it holds one of the
        // pool's connections while the bulk requests are counted.
        await holder.query('select pg_advisory_lock(270027)')
        await holder.query('begin')
        await holder.query('select id from comments where id = any($1) for update', [[ids[0], ids[10]]])
        const running = [
          api('/api/comments/bulk/disable', 'POST', { ids: ids.slice(0, 10) }),
          api('/api/comments/bulk/delete', 'POST', { ids: ids.slice(10) }),
        ]
        // Both wait on a row: the slots are taken. One that answered (or failed) instead says what it did.
        const answered: string[] = []
        for (const [n, request] of running.entries())
          void request.then(
            (answer) => answered.push(`request ${n}: ${answer.status}`),
            (error: unknown) => answered.push(`request ${n} failed: ${String(error)}`),
          )
        await until(
          'both bulk requests waiting on the row',
          async () => {
            const { rows } = await watcher.query(
              "select count(*)::integer as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
            )
            expect(answered, 'a bulk request answered instead of waiting on the row').toEqual([])
            return rows[0].n as number
          },
          (n) => n >= 2,
          { every: 50 },
        ).catch(async (error: Error) => {
          // What each of the database's sessions was doing: where the request that did not wait was.
          const sessions = await watcher.query(
            'select state, wait_event_type, wait_event, left(query, 120) as query from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
          )
          throw new Error(`${error.message}; the sessions: ${JSON.stringify(sessions.rows)}`)
        })
        const busy = await Promise.all([
          api('/api/comments/bulk/enable', 'POST', { ids }),
          api('/api/questions/bulk/delete', 'POST', { ids: [1] }),
        ])
        expect(busy.map((answer) => answer.status)).toEqual([429, 429])
        expect(busy.map((answer) => answer.headers.get('retry-after'))).toEqual(['5', '5'])
        // Lists answer meanwhile.
        expect((await api('/api/questions')).status).toBe(200)
        await holder.query('commit')
        const done = await Promise.all(running)
        expect(done.map((answer) => answer.status)).toEqual([200, 200])
        expect(done.map((answer) => answer.body.meta)).toEqual([
          { done: 10, refused: 0 },
          { done: 10, refused: 0 },
        ])
        expect((await api('/api/comments/bulk/enable', 'POST', { ids: ids.slice(0, 10) })).status).toBe(200)
      } finally {
        await holder.end()
        await watcher.end()
      }
    },
    scaled(60_000),
  )

  it('documents the 429 of every bulk route', async () => {
    const doc = (await api('/api/openapi.json')).body
    const bulk = Object.entries<Json>(doc.paths).filter(([path]) => path.includes('/bulk/'))
    expect(bulk.length).toBeGreaterThan(10)
    for (const [, item] of bulk) expect(Object.keys(item.post.responses)).toContain('429')
  })
})
