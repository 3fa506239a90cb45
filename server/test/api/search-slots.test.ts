import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { scaled } from '../../../test/support/time.ts'
import { describeOnPostgres } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

if (!process.env.TEST_DATABASE_URL)
  console.warn('search-slots.test.ts: skipped, TEST_DATABASE_URL is unset (PostgreSQL only)')

/**
 * SEARCH_CONCURRENCY (README "Configuration", docs/security.md): the search box and every list read by a
 * keyword run at most that many at once in a process, 32 more wait in line, and past that the answer is
 * 429 with Retry-After in API.md's error shape, while lists without a keyword go on.
 */
describeOnPostgres('search slots', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await startTestApp('postgres', { env: { SEARCH_CONCURRENCY: '1' } })
    token = await t.superToken()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('runs one search, lines up 32, answers 429 with Retry-After past them in both languages; other lists go on', async () => {
    // The tags held: a keyword read of them waits on the lock, holding the one slot.
    const holder = new pg.Client({ connectionString: t.testDatabase.url as string })
    await holder.connect()
    try {
      await holder.query('begin')
      await holder.query('lock table tags in access exclusive mode')
      const held = [t.request('/api/tags?keyword=noir', { token })]
      const waiting = async () => {
        const { rows } = await holder.query<{ n: number }>(
          "select count(*)::integer as n from pg_locks where relation = 'tags'::regclass and not granted",
        )
        return rows[0]?.n ?? 0
      }
      await expect.poll(waiting, { timeout: scaled(30_000) }).toBe(1)
      // 32 more in line: the search box and lists of other tables by their keyword alike.
      for (let i = 0; i < 16; i++) held.push(t.request(`/api/search?q=ann${i}`, { token }))
      for (let i = 0; i < 16; i++) held.push(t.request(`/api/users?keyword=bob${i}`, { token }))
      await expect
        .poll(() => t.app.searchSlots.state(), { timeout: scaled(30_000) })
        .toMatchObject({ running: 1, waiting: 32 })
      expect(await waiting()).toBe(1)

      const busy = await t.request('/api/videos?keyword=summer', { token })
      expect(busy.status).toBe(429)
      expect(busy.headers.get('retry-after')).toBe('5')
      expect(busy.body).toEqual({
        message: 'Many searches are running right now; please try again in a few seconds.',
      })
      const zh = await t.request('/api/search?q=carol', { token, headers: { 'accept-language': 'zh-CN' } })
      expect(zh.status).toBe(429)
      expect(zh.body.message).toBe('当前正在进行的搜索较多，请几秒后重试。')
      // What is no search takes no slot: a list without a keyword answers, a bad search is 422 at once.
      expect((await t.request('/api/users', { token })).status).toBe(200)
      expect((await t.request('/api/search?q=a', { token })).status).toBe(422)
      expect(t.app.searchSlots.state()).toEqual({ running: 1, waiting: 32, refused: 2 })

      await holder.query('rollback')
      const answers = await Promise.all(held)
      expect(answers.map((answer) => answer.status)).toEqual(Array(33).fill(200))
      // Every slot back.
      expect(t.app.searchSlots.state()).toEqual({ running: 0, waiting: 0, refused: 2 })
      expect((await t.request('/api/videos?keyword=summer', { token })).status).toBe(200)
    } finally {
      await holder.end()
    }
  })

  it('documents the 429 of the search box and of the lists by keyword', async () => {
    const doc = (await t.request('/api/openapi.json', { token })).body
    expect(Object.keys(doc.paths['/api/search'].get.responses)).toContain('429')
    expect(Object.keys(doc.paths['/api/users'].get.responses)).toContain('429')
  })
})
