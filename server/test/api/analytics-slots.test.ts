import { addDays } from '@vod/contract'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scaled } from '../../../test/support/time.ts'
import { createSlots } from '../../src/lib/slots.ts'
import { describeOnPostgres } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

/**
 * ANALYTICS_CONCURRENCY (README "Configuration", docs/security.md "Availability"): at most that many
 * dashboard and analytics calls run at once in a process, 32 more wait in line for a slot, and
 * past that the answer is 429 with Retry-After, while lists go on.
 */
describe('slots (lib/slots.ts)', () => {
  it('runs at most the limit, lets a bounded line wait first come first served, and refuses past it', async () => {
    const slots = createSlots({ limit: 2, queue: 2, busy: 'errors.analytics_busy' })
    const first = await slots.enter()
    const second = await slots.enter()
    const order: string[] = []
    const third = slots.enter().then((release) => {
      order.push('third')
      return release
    })
    const fourth = slots.enter().then((release) => {
      order.push('fourth')
      return release
    })
    await expect(slots.enter()).rejects.toMatchObject({ status: 429, key: 'errors.analytics_busy' })
    expect(() => slots.take()).toThrow()
    first()
    first() // twice is once
    await third
    expect(order).toEqual(['third'])
    second()
    await fourth
    expect(order).toEqual(['third', 'fourth'])
    ;(await third)()
    ;(await fourth)()
    // All free again: two at once, none waiting.
    slots.take()()
    const a = slots.take()
    const b = await slots.enter()
    expect(() => slots.take()).toThrow()
    a()
    b()
  })
})

if (!process.env.TEST_DATABASE_URL)
  console.warn('analytics-slots.test.ts: the API part skipped, TEST_DATABASE_URL is unset (PostgreSQL only)')

describeOnPostgres('analytics slots', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await startTestApp('postgres', { env: { ANALYTICS_CONCURRENCY: '1' } })
    token = await t.superToken()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('runs one call, lines up 32, answers 429 with Retry-After past them in both languages; lists go on', async () => {
    // The visits held: the live panel's call waits on them, holding its slot.
    const holder = new pg.Client({ connectionString: t.testDatabase.url as string })
    await holder.connect()
    try {
      await holder.query('begin')
      await holder.query('lock table visits in access exclusive mode')
      const live = () => t.request('/api/dashboard/real-time-users', { token })
      const held = [live()]
      // The live panel's statement waits on the lock (the embedded fold's own steps read the visits too, and
      // may wait there beside it); the slots as the metrics count them.
      const waitingOnVisits = async () =>
        (
          await holder.query<{ n: number }>(
            "select count(*)::integer as n from pg_locks where relation = 'visits'::regclass and not granted",
          )
        ).rows[0]?.n ?? 0
      // The two gauges alone: a whole scrape also reads the fold's state, which waits on the lock too.
      const gauge = async (name: string) =>
        (await t.app.metrics.registry.getSingleMetric(name)?.get())?.values.find(
          (value) => value.labels.kind === 'analytics',
        )?.value
      const slots = async () => ({
        running: await gauge('vod_slots_in_use'),
        waiting: await gauge('vod_slots_waiting'),
      })
      await expect.poll(waitingOnVisits, { timeout: scaled(30_000) }).toBeGreaterThanOrEqual(1)
      expect(await slots()).toEqual({ running: 1, waiting: 0 })
      // Each another call: the same one asked again waits for the answer being made (recent-answers.ts), in no line.
      const daily = (days: number) =>
        t.request(`/api/analytics/data/daily?start_date=2025-01-01&end_date=${addDays('2025-01-01', days)}`, {
          token,
        })
      for (let i = 0; i < 32; i++) held.push(daily(i))
      // One running, 32 in line; the next call is refused.
      await expect.poll(slots, { timeout: scaled(30_000) }).toEqual({ running: 1, waiting: 32 })
      const busy = await t.request('/api/analytics/data/daily?start_date=2026-01-01&end_date=2026-12-31', {
        token,
      })
      expect(busy.status).toBe(429)
      expect(busy.headers.get('retry-after')).toBe('5')
      expect(busy.body.message).toBe(
        'Many reports are being worked out right now; please try again in a few seconds.',
      )
      const zh = await t.request('/api/dashboard', { token, headers: { 'accept-language': 'zh-CN' } })
      expect(zh.status).toBe(429)
      expect(zh.body.message).toBe('当前正在计算的报表较多，请几秒后重试。')
      const csv = await t.request(
        '/api/analytics/revenue/exportCsv?start_date=2026-01-01&end_date=2026-01-31',
        {
          token,
        },
      )
      expect(csv.status).toBe(429)
      // Lists take no analytics slot.
      expect((await t.request('/api/channels', { token })).status).toBe(200)
      await holder.query('rollback')
      const answers = await Promise.all(held)
      expect(answers.map((answer) => answer.status)).toEqual(Array(33).fill(200))
      // Every slot back: a call not asked before answers again.
      expect((await daily(40)).status).toBe(200)
    } finally {
      await holder.end()
    }
  })

  it('documents the 429 of every dashboard and analytics call', async () => {
    const document = (await t.request('/api/openapi.json')).body
    const calls = Object.entries<Record<string, { responses: Record<string, unknown> }>>(
      document.paths,
    ).filter(([path]) => path.startsWith('/api/dashboard') || path.startsWith('/api/analytics'))
    expect(calls.length).toBeGreaterThan(30)
    for (const [path, item] of calls) expect(Object.keys(item.get?.responses ?? {}), path).toContain('429')
  })
})
