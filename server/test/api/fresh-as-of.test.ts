import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { until } from '../../../test/support/time.ts'
import { queryRows } from '../../src/db/client.ts'
import { foldFigures } from '../../src/modules/analytics/keeping/index.ts'
import { describeEachEngine, onPgliteOnly, onPostgresOnly } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

/**
 * `fresh_as_of` (docs/analytics.md "How fresh the figures are"): every dashboard and analytics answer says
 * the newest commit its figures include, and the CSV exports say it in their `Fresh-As-Of` header; it stays
 * at the oldest row the fold has not taken while the fold is held off, and catches up once it has.
 */
const today = new Date().toISOString().slice(0, 10)
const period = `start_date=${today}&end_date=${today}`
const calls = [
  '/api/dashboard',
  '/api/dashboard/real-time-users',
  '/api/dashboard/real-time-revenues',
  `/api/dashboard/revenueGather?${period}`,
  `/api/dashboard/revenueTrend?${period}`,
  `/api/dashboard/memberTrend?${period}`,
  `/api/dashboard/channelList?${period}`,
  `/api/dashboard/planList?${period}`,
  `/api/dashboard/devices?${period}`,
  '/api/analytics/channel/todayRecord',
  `/api/analytics/channel/periodStatistic?${period}`,
  `/api/analytics/channel/records?${period}`,
  `/api/analytics/channel/userPieChart?${period}`,
  `/api/analytics/channel/type-revenue-distribution?${period}`,
  `/api/analytics/campaign/statistic?${period}`,
  `/api/analytics/data/daily?${period}`,
]

describeEachEngine('fresh_as_of', (engine) => {
  let t: TestApp
  let token = ''
  beforeAll(async () => {
    t = await startTestApp(engine, { env: { ANALYTICS_RECENT_MS: '0' } })
    token = await t.superToken()
  })
  afterAll(() => t?.close())

  it('is on every dashboard and analytics answer, and in the header of both CSV exports', async () => {
    // Everything committed before this moment is folded by the time foldFigures is done.
    const folding = Date.now()
    await foldFigures(t.db)
    for (const call of calls) {
      const answer = await t.request(call, { token })
      expect(answer.status, call).toBe(200)
      const fresh = Date.parse(answer.body.fresh_as_of)
      // Nothing waits for the fold: the figures are as of no earlier than the fold that took everything, and
      // no later than the answer.
      expect(fresh, call).toBeGreaterThanOrEqual(folding)
      expect(fresh, call).toBeLessThanOrEqual(Date.now() + 1000)
    }
    for (const csv of ['revenue', 'channel']) {
      const answer = await t.request(`/api/analytics/${csv}/exportCsv?${period}`, { token })
      expect(answer.status).toBe(200)
      expect(Date.parse(answer.headers.get('fresh-as-of') ?? '')).toBeGreaterThanOrEqual(folding)
    }
  })

  // The fold held off by its lock from another connection (PGlite has no other connection to hold it).
  it.runIf(engine === 'postgres')(
    onPostgresOnly(
      engine,
      'stays at the oldest row the fold has not taken, and catches up after',
      'it has one connection',
    ),
    async () => {
      const holder = new pg.Client({ connectionString: t.testDatabase.url as string })
      await holder.connect()
      const visitedAt = new Date(Date.now() - 45_000)
      try {
        await holder.query('select pg_advisory_lock(270027)')
        await t.db.execute(
          sql`insert into visits (visitor, device, visited_at) values ('fresh-1', 'mobile', ${visitedAt.toISOString()})`,
        )
        await until(
          'the figures as of the visit the fold cannot take',
          async () =>
            Date.parse((await t.request(`/api/analytics/data/daily?${period}`, { token })).body.fresh_as_of),
          (fresh) => fresh === visitedAt.getTime(),
        )
      } finally {
        await holder.query('select pg_advisory_unlock(270027)')
        await holder.end()
      }
      const folding = Date.now()
      await foldFigures(t.db)
      // Caught up: as of no earlier than the fold that took the visit. A freshness reading serves the calls of
      // the next quarter-second, so one read before the fold may still be given for a moment.
      await until(
        'the figures as of the fold that took the visit',
        async () =>
          Date.parse((await t.request(`/api/analytics/data/daily?${period}`, { token })).body.fresh_as_of),
        (fresh) => fresh >= folding,
      )
    },
  )

  it.runIf(engine === 'pglite')(
    onPgliteOnly(
      engine,
      'folds a backlog a part at a time, answering requests between the parts',
      "a statement there runs beside the server's thread, which answers on",
    ),
    async () => {
      // The embedded database runs a statement in the server's own thread: a fold step over a whole backlog
      // would answer nothing until all of it is folded (the demo's: about 40 s).
      const folded = async () =>
        (
          await queryRows<{ folded: number; last: number }>(
            t.db,
            sql`select (select folded from vod_tail_state('visits'))::integer as folded,
              (select max(id) from visits)::integer as last`,
          )
        )[0] ?? { folded: 0, last: 0 }
      const before = (await folded()).folded
      await t.db.execute(
        sql`insert into visits (visitor, device, visited_at)
          select 'backlog-' || i, 'mobile', now() - (i * 5 || ' minutes')::interval
          from generate_series(1, 30000) i`,
      )
      await until(
        'the backlog folded in part, the rest not yet',
        folded,
        (now) => now.folded > before && now.folded < now.last,
        { every: 5 },
      )
      expect((await t.request('/api/tags', { token })).status).toBe(200)
      await foldFigures(t.db)
      const after = await folded()
      expect(after.folded).toBe(after.last)
    },
  )
})
