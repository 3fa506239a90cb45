import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { scaled, until } from '../../../test/support/time.ts'
import { syncBusinessZone, syncZoneDays } from '../../src/modules/analytics/upkeep.ts'
import { describeOnPostgres } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'

/**
 * Reads never wait (docs/analytics.md, issue 35 item 3): each upkeep step is held midway, in an open
 * transaction on a connection of its own, while every dashboard and analytics call of the API document is
 * asked and the member site writes a visit, a member and an order; each must answer while the step is held.
 * The hold lasts until all of them are done, so one that waited on the step would never answer: CEILING_MS
 * (scaled) only ends the wait for it, far above what any of them takes on a loaded host, and how long each
 * took is no part of the verdict. A step holds at vod_upkeep_hold (migration 0026) when its session asks it
 * to; a step without that hold has run to its end when the calls start, its locks held by the open
 * transaction.
 */

const CEILING_MS = scaled(15_000)
const ZONE = 'Asia/Kolkata'
/** The advisory lock vod_upkeep_hold waits for. */
const HOLD_KEY = 35026

interface Step {
  name: string
  /** Committed before the step, on a connection of its own. */
  before?: string
  /** The step, run in a transaction held open until the calls are done. */
  run: string
  /** Whether it holds midway at vod_upkeep_hold; the others are held after they ran, their transaction open. */
  midway: boolean
}

const steps: Step[] = [
  {
    // A start in the server's zone, its business days kept in another (UTC) until then.
    name: 'the business days built for a new zone (vod_zone_days_rebuild)',
    before: `select vod_zone_days_rebuild('UTC')`,
    run: `select vod_zone_days_rebuild('${ZONE}')`,
    midway: true,
  },
  {
    name: 'the visitors counted again in a new zone (vod_visitors_recount)',
    run: `update app_settings set value = 'America/New_York' where key = 'business_time_zone';
      select vod_visitors_recount()`,
    midway: true,
  },
  {
    // With something to correct: an order's figures taken out of the rollups by hand.
    name: 'the rollups built anew from the rows (vod_rollup_rebuild)',
    before: `update rollup_quarters set orders = orders - 1 where orders > 0
      and (channel_id, campaign_id, plan_id, device) = (-1, -1, -1, '*')
      and bucket = (select max(bucket) from rollup_quarters where orders > 0 and channel_id = -1)`,
    run: 'select vod_rollup_rebuild()',
    midway: true,
  },
  {
    // The background steps of every process: the folding of queued changes (migration 0027) and the pruning
    // of old visits (upkeep.ts).
    name: 'the queued changes folded in (vod_figures_fold)',
    before: `insert into visits (visitor, device) select 'fold' || i, 'desktop' from generate_series(1, 50) i`,
    run: 'select vod_figures_fold(true)',
    midway: false,
  },
  {
    name: 'old visits pruned (pruneVisits)',
    run: `select pg_advisory_xact_lock(35002);
      delete from visits where visited_at < now() - interval '40 days'`,
    midway: false,
  },
]

// Two connections to one database (a step held midway, calls beside it): PostgreSQL only.
describeOnPostgres('reads never wait', () => {
  let t: TestApp
  let token: string
  let paths: string[]
  let channel: number
  let userId: number
  let planId: number
  const clients: pg.Client[] = []

  const connect = async () => {
    const client = new pg.Client({ connectionString: t.testDatabase.url as string })
    await client.connect()
    clients.push(client)
    return client
  }

  beforeAll(async () => {
    t = await startTestApp('postgres', { env: { BUSINESS_TIME_ZONE: ZONE } })
    token = await t.superToken()
    // What the start does in the background, awaited.
    await syncBusinessZone(t.db, ZONE)
    await syncZoneDays(t.db, ZONE)
    const one = async (text: string) =>
      ((await t.db.execute(sql.raw(text))) as unknown as { rows: { id: number }[] }).rows[0]?.id as number
    planId = await one(
      `insert into plans (name, initial_period_count, initial_period_unit, initial_original_price) values ('Monthly', 1, 'month', '9.99') returning id`,
    )
    channel = await one(
      `insert into channels (utm_source, type) values ('google', 'advertising') returning id`,
    )
    await one(`insert into campaigns (channel_id, name) values (${channel}, 'Spring') returning id`)
    await t.db.execute(
      sql.raw(`insert into users (username, channel_id, created_at)
          select 'member' || i, case when i % 2 = 0 then ${channel} end, now() - i * interval '7 hours'
          from generate_series(1, 120) i`),
    )
    userId = await one('select min(id) as id from users')
    await t.db.execute(
      sql.raw(`insert into orders (order_no, user_id, plan_id, channel_id, amount, payment_method, paid_at, total_amount)
          select 'ORD' || i, ${userId}, ${planId}, case when i % 3 = 0 then ${channel} end, 9.99, 'segpay',
            now() - i * interval '5 hours', 9.99
          from generate_series(1, 200) i`),
    )
    await t.db.execute(
      sql.raw(`insert into visits (visitor, device, channel_id, visited_at)
          select 'v' || (i % 90), (array['desktop', 'mobile', 'tablet'])[1 + i % 3], case when i % 2 = 0 then ${channel} end,
            now() - i * interval '47 minutes'
          from generate_series(1, 1500) i`),
    )
    const doc = (await t.request('/api/openapi.json')).body
    const end = new Date().toISOString().slice(0, 10)
    const start = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10)
    paths = Object.entries(doc.paths as Record<string, Json>)
      .filter(([path, item]) => item.get && /^\/api\/(dashboard|analytics)(\/|$)/.test(path))
      .map(([path, item]) => {
        const query = (item.get.parameters ?? [])
          .filter((p: Json) => p.in === 'query' && p.required)
          .map((p: Json) => {
            if (p.name === 'start_date') return `start_date=${start}`
            if (p.name === 'end_date') return `end_date=${end}`
            throw new Error(`no value for the required query parameter ${p.name} of ${path}`)
          })
        const filled = path.replace(/\{id\}/g, String(channel))
        return query.length > 0 ? `${filled}?${query.join('&')}` : filled
      })
  }, scaled(120_000))

  afterAll(async () => {
    for (const client of clients) await client.end().catch(() => undefined)
    await t?.close()
  })

  it('walks every dashboard and analytics call of the API document', () => {
    expect(paths.length).toBeGreaterThan(25)
    expect(paths).toContain('/api/dashboard')
    expect(paths.some((p) => p.startsWith('/api/analytics/channel/exportCsv'))).toBe(true)
  })

  /** Every call once, in turn: what did not answer 200 while the step was held, and how. */
  async function callEverything(): Promise<string[]> {
    const late: string[] = []
    for (const path of paths) {
      try {
        const res = await fetch(`${t.url}${path}`, {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(CEILING_MS),
        })
        await res.text()
        if (res.status !== 200) late.push(`${path}: ${res.status}`)
      } catch (error) {
        // One that waits on the step is enough of a verdict: the rest would each wait the ceiling too.
        late.push(`${path}: no answer (${(error as Error).message}); the calls after it not asked`)
        break
      }
    }
    return late
  }

  /** The member site's writes, each on a connection of its own that waits at most the ceiling. */
  async function memberSiteWrites(): Promise<string[]> {
    const writes = {
      visit: `insert into visits (visitor, device, channel_id) values ('held', 'mobile', ${channel})`,
      member: `insert into users (username, channel_id) values ('held-' || substr(md5(random()::text), 1, 16), ${channel})`,
      order: `insert into orders (order_no, user_id, plan_id, channel_id, amount, payment_method, paid_at, total_amount)
          values ('HELD-' || substr(md5(random()::text), 1, 16), ${userId}, ${planId}, ${channel}, 4.99, 'segpay', now(), 4.99)`,
    }
    const blocked: string[] = []
    for (const [what, text] of Object.entries(writes)) {
      const member = await connect()
      await member.query(`set statement_timeout = ${CEILING_MS}`)
      try {
        await member.query(text)
      } catch (error) {
        blocked.push(`a ${what} written by the member site: ${(error as Error).message}`)
      }
    }
    return blocked
  }

  for (const step of steps)
    it(`answers every call while ${step.name} is held ${step.midway ? 'midway' : 'open'}`, {
      timeout: scaled(180_000),
    }, async () => {
      if (step.before) await (await connect()).query(step.before)
      const holder = await connect()
      await holder.query('select pg_advisory_lock($1)', [HOLD_KEY])
      const runner = await connect()
      const pid = (await runner.query('select pg_backend_pid() as pid')).rows[0].pid
      await runner.query('begin')
      await runner.query(`set local vod.upkeep_hold = 'all'`)
      let ran = false
      let failed: unknown
      const running = runner.query(step.run).then(
        () => {
          ran = true
        },
        (error: unknown) => {
          ran = true
          failed = error
        },
      )
      // Until the step waits at its hold, or has run (its locks held by the open transaction).
      await until(
        'the step waiting at its hold, or run',
        async () =>
          ran ||
          Boolean(
            (
              await holder.query(
                `select 1 from pg_locks where pid = $1 and locktype = 'advisory' and objid = $2 and not granted`,
                [pid, HOLD_KEY],
              )
            ).rowCount,
          ),
        Boolean,
        { every: 20 },
      )
      const heldMidway = !ran
      const late = await callEverything()
      const blocked = await memberSiteWrites()
      await holder.query('select pg_advisory_unlock($1)', [HOLD_KEY])
      await running
      await runner.query(failed ? 'rollback' : 'commit')
      expect(failed).toBeUndefined()
      expect([...late, ...blocked], step.name).toEqual([])
      expect(heldMidway, 'the step stops at vod_upkeep_hold').toBe(step.midway)
    })
})
