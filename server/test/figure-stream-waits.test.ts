import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../e2e/support/server.ts'
import { scaled, until } from '../../test/support/time.ts'
import { describeOnPostgres } from './support/databases.ts'
import { type Cluster, startLogicalCluster } from './support/logical-cluster.ts'

/**
 * Issue 64, item 6: the change stream's slot is made once every transaction open in the cluster has ended,
 * prepared ones in other databases included; until then the log says which it waits for.
 */
describeOnPostgres('the change stream waiting for open transactions', () => {
  let cluster: Cluster
  let other: pg.Client
  let server: RunningServer | undefined

  beforeAll(async () => {
    cluster = await startLogicalCluster(['max_prepared_transactions=2'])
    other = new pg.Client({ connectionString: await cluster.createDatabase('shop') })
    await other.connect()
    await cluster.createDatabase('vod')
  }, scaled(240_000))
  afterAll(async () => {
    // The prepared transaction ended first, should the test have failed before: the slot's wait ends with it.
    await other?.query(`rollback prepared 'held-by-the-shop'`).catch(() => undefined)
    await other?.end()
    await server?.stop()
    await cluster?.stop()
  })

  it('names a prepared transaction of another database it waits for, then makes the slot once it ends', {
    timeout: scaled(120_000),
  }, async () => {
    await other.query('begin')
    await other.query('create table orders_pending (id int)')
    await other.query(`prepare transaction 'held-by-the-shop'`)
    server = await startServer({ DATABASE_URL: cluster.url('vod'), SEED_DEMO: '0' })
    const running = server
    const said = await until(
      'the log naming the prepared transaction',
      () => running.output(),
      (log) => log.includes('held-by-the-shop'),
    )
    expect(said).toContain('the figures wait for these transactions to end')
    const vod = new pg.Client({ connectionString: cluster.url('vod') })
    await vod.connect()
    try {
      // The slot is listed from the start of its making; its position is kept once made and the figures built.
      const made = async () =>
        Number((await vod.query(`select count(*)::int as n from figure_stream`)).rows[0]?.n)
      expect(await made()).toBe(0)
      await other.query(`commit prepared 'held-by-the-shop'`)
      await until('the slot made and its position kept', made, (n) => n === 1)
    } finally {
      await vod.end()
    }
  })
})
