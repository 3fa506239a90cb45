import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../e2e/support/server.ts'
import { scaled } from '../../test/support/time.ts'
import { describeOnPostgres } from './support/databases.ts'
import { type Cluster, startLogicalCluster } from './support/logical-cluster.ts'
import { promtool, sample } from './support/metrics-text.ts'

/**
 * The figures-behind gauges on the change stream (docs/operations.md "Metrics"), on a wal_level = logical
 * cluster of the test's own and a real server process: a member-site transaction of 200,000 visits committed
 * (past the stream's 8 MB, so it arrives streamed, as a larger one would), the scrapes taken while the stream
 * folds it say the WAL past what the figures hold (bytes) and how long the newest folded commit is past, and the
 * slot's retained WAL, and go on saying so after its commit is read, while its changes are applied a step at a
 * time; once they are in, they fall back. Every scrape passes promtool.
 */
const TOKEN = 'stream-metrics-token-0123456789'
const ROWS = 200_000

describeOnPostgres('the figures-behind gauges on the change stream', () => {
  let cluster: Cluster
  let pool: pg.Pool
  let server: RunningServer
  const one = async (text: string, values: unknown[] = []) => (await pool.query(text, values)).rows[0]
  const scrape = async () => {
    const answer = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(answer.status).toBe(200)
    return answer.text()
  }

  beforeAll(async () => {
    cluster = await startLogicalCluster()
    await cluster.createDatabase('vod')
    pool = new pg.Pool({ connectionString: cluster.url('vod'), max: 4 })
    pool.on('error', () => {})
    server = await startServer({ DATABASE_URL: cluster.url('vod'), SEED_DEMO: '0', METRICS_TOKEN: TOKEN })
  }, scaled(240_000))
  afterAll(async () => {
    await server?.stop()
    await pool?.end()
    await cluster?.stop()
  })

  it('rises while a 200,000-row transaction is folded, and falls once it is', {
    timeout: scaled(360_000),
  }, async () => {
    // The stream follows (its slot and place exist), and it is caught up with a quiet database.
    await expect
      .poll(async () => sample(await scrape(), 'vod_figures_behind_bytes'), { timeout: scaled(60_000) })
      .toBeLessThan(1_000_000)
    const quiet = await scrape()
    await promtool(quiet)
    expect(quiet).toContain('# TYPE vod_figures_behind_bytes gauge')
    expect(sample(quiet, 'vod_replication_slot_retained_bytes')).toBeGreaterThanOrEqual(0)

    // Held from transactions of the test's own: the stream's place (figure_stream), which the fold moves past
    // the transaction's commit once it has read it, and the day rollups, which its changes are applied to
    // after that. Without the holds a quick fold may be done before a scrape is read, and the test would
    // prove nothing.
    const place = await pool.connect()
    const rollups = await pool.connect()
    // At least 50 bytes of WAL a visit: its row's record alone is longer.
    const walOfTheInsert = ROWS * 50
    let during = ''
    let applying = ''
    try {
      await rollups.query('begin')
      await rollups.query('lock table rollup_days in share mode')
      try {
        await place.query('begin')
        await place.query('select 1 from figure_stream for update')
        await pool.query(`insert into visits (visitor, device, visited_at)
          select 'behind-' || (g % 50000), 'mobile', now() - (g % 3600) * interval '1 second'
          from generate_series(1, ${ROWS}) g`)
        // The commit's WAL is wholly past what the figures hold until the stream has applied the transaction.
        during = await scrape()
        // Behind by seconds too: past the 5 s a quiet stream's marks leave at most.
        await expect
          .poll(async () => sample(await scrape(), 'vod_figures_behind_seconds'), { timeout: scaled(30_000) })
          .toBeGreaterThan(6)
      } finally {
        await place.query('rollback')
      }
      // The commit read and the place moved past it, its changes wait to be applied (for the rollups): the
      // figures still hold none of its WAL, and are as fresh as the moment before its commit.
      await expect
        .poll(async () => (await one('select count(*)::int as n from figure_stream_applying')).n, {
          timeout: scaled(60_000),
        })
        .toBe(1)
      const { since } = await one(
        'select extract(epoch from clock_timestamp() - committed_at)::float8 as since from figure_stream_applying',
      )
      applying = await scrape()
      expect(sample(applying, 'vod_figures_behind_bytes')).toBeGreaterThan(walOfTheInsert)
      expect(sample(applying, 'vod_figures_behind_seconds')).toBeGreaterThanOrEqual(Math.floor(since))
    } finally {
      await rollups.query('rollback')
      place.release()
      rollups.release()
    }
    await promtool(during)
    await promtool(applying)
    expect(sample(during, 'vod_figures_behind_bytes')).toBeGreaterThan(walOfTheInsert)
    expect(sample(during, 'vod_replication_slot_retained_bytes')).toBeGreaterThan(walOfTheInsert)
    await expect
      .poll(async () => sample(await scrape(), 'vod_figures_behind_bytes'), {
        timeout: scaled(240_000),
        interval: 500,
      })
      .toBeLessThan(1_000_000)
    // Caught up, the seconds fall too: the stream, quiet again, is marked within 5 s and the newest folded
    // commit is that mark (until then it is the large transaction's own commit, held back by the test).
    await expect
      .poll(async () => sample(await scrape(), 'vod_figures_behind_seconds'), {
        timeout: scaled(30_000),
        interval: 500,
      })
      .toBeLessThan(10)
    const after = await scrape()
    await promtool(after)
    // And the figures hold its visits: the key of every channel, campaign, plan and device sums them.
    const { n } = await one(`select max(total)::text as n from (select sum(visits) as total from rollup_days
      group by channel_id, campaign_id, plan_id, device) keys`)
    expect(Number(n)).toBe(ROWS)
  })
})
