import { execFile } from 'node:child_process'
import { appendFile, chown, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { freePort, type RunningServer, startServer } from '../../e2e/support/server.ts'
import { scaled, until } from '../../test/support/time.ts'
import { describeOnPostgres } from './support/databases.ts'
import { HELD_AT, keptAndRebuilt } from './support/figure-truth.ts'
import {
  type Cluster,
  clusterOn,
  clusterOwner,
  LOGICAL_SETTINGS,
  startLogicalCluster,
} from './support/logical-cluster.ts'
import { postgres17 } from './support/postgres17.ts'

const run = promisify(execFile)

/** The rebuild's line (keeping/setup.ts prepareStream): the slot was not there to go on from. */
const REBUILT = 'cannot give what was committed since'

/**
 * A failover to a standby on PostgreSQL 17 (issue 64 item 5): the figures' slot is made to survive it
 * (FAILOVER), the standby keeps a copy (sync_replication_slots), and after the standby is promoted the
 * server goes on from where the figures were, without building them again, losing or doubling nothing
 * committed before or after. A standby made by a copy of the stopped primary's data (pg_basebackup of 17
 * is not among the package's binaries).
 */
describeOnPostgres('the figures through a failover to a standby (PostgreSQL 17)', () => {
  let binaries: Awaited<ReturnType<typeof postgres17>>
  let primary: Cluster
  let standby: Cluster
  let server: RunningServer | undefined

  const one = async (url: string, text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      return (await client.query(text, values)).rows[0]
    } finally {
      await client.end()
    }
  }
  /** Everything committed so far on `url` is in its figures: a mark written into the stream, awaited. */
  const caughtUp = async (url: string) => {
    const { lsn } = await one(url, `select pg_logical_emit_message(true, 'vod_mark', '')::text as lsn`)
    await until(
      'the figures past a mark written now',
      async () => (await one(url, HELD_AT, [lsn, false])).done,
    )
  }
  /** The rollups on `url` equal the same built again from its rows (in a transaction rolled back). */
  const figuresEqualTheRows = async (url: string) => {
    await caughtUp(url)
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      const { kept, rebuilt } = await keptAndRebuilt(client)
      expect(kept).toEqual(rebuilt)
      return kept.length
    } finally {
      await client.end()
    }
  }
  /** The member site's writes: a member, a paid order and visits, in one transaction. */
  const memberWrites = (url: string, name: string) =>
    one(
      url,
      `with member as (insert into users (username) values ($1) returning id),
         plan as (insert into plans (name, initial_period_count, initial_period_unit, initial_original_price)
           values ($1, 1, 'month', '9.99') returning id),
         paid as (insert into orders (order_no, user_id, plan_id, amount, payment_method, paid_at, transaction_fee,
             total_amount)
           select 'F-' || $1, member.id, plan.id, 12.50, 'segpay', now(), 0.40, 12.10 from member, plan returning id)
       insert into visits (visitor, device) select $1 || '-' || n, 'mobile' from generate_series(1, 20) n, paid
       returning 1`,
      [name],
    )

  beforeAll(async () => {
    binaries = await postgres17()
    primary = await startLogicalCluster([], binaries.bin)
    await primary.createDatabase('vod')
    // The standby's own slot on the primary, which logical walsenders wait for (synchronized_standby_slots):
    // the figures never read past what the standby holds.
    await one(primary.url('postgres'), `select pg_create_physical_replication_slot('standby', true)`)
    await one(primary.url('postgres'), `alter system set synchronized_standby_slots = 'standby'`)
    await primary.run('pg_ctl', ['-D', primary.data, '-m', 'fast', '-w', 'stop'])
    const dir = await mkdtemp(path.join(tmpdir(), 'vod-standby-'))
    const owner = await clusterOwner()
    if (owner) await chown(dir, owner.uid, owner.gid)
    const data = path.join(dir, 'data')
    await run('cp', ['-a', primary.data, data])
    // A base backup holds no slot of its primary's.
    for (const slot of await readdir(path.join(data, 'pg_replslot')))
      await rm(path.join(data, 'pg_replslot', slot), { recursive: true })
    const port = new URL(primary.url('postgres')).port
    await appendFile(
      path.join(data, 'postgresql.auto.conf'),
      [
        `primary_conninfo = 'host=127.0.0.1 port=${port} user=postgres dbname=vod'`,
        `primary_slot_name = 'standby'`,
        `synchronized_standby_slots = ''`,
        'hot_standby = on',
        'hot_standby_feedback = on',
        'sync_replication_slots = on',
        '',
      ].join('\n'),
    )
    await writeFile(path.join(data, 'standby.signal'), '')
    if (owner)
      for (const file of ['postgresql.auto.conf', 'standby.signal'])
        await chown(path.join(data, file), owner.uid, owner.gid)
    await primary.start()
    standby = await clusterOn(binaries.bin, dir, data, await freePort(), LOGICAL_SETTINGS)
    await until(
      'the standby streaming from the primary',
      async () =>
        (await one(primary.url('postgres'), `select count(*)::int as n from pg_stat_replication`)).n,
      (n) => n === 1,
    )
    server = await startServer({ DATABASE_URL: primary.url('vod'), SEED_DEMO: '0' })
  }, scaled(240_000))
  afterAll(async () => {
    await server?.stop()
    await standby?.stop()
    await primary?.stop()
    await binaries?.remove()
  })

  it('goes on from where the figures were on the promoted standby: nothing built again, lost or doubled', async () => {
    await memberWrites(primary.url('vod'), 'before')
    expect(await figuresEqualTheRows(primary.url('vod'))).toBeGreaterThan(2)
    const made = await one(
      primary.url('vod'),
      `select slot_name, failover, confirmed_flush_lsn::text as flushed from pg_replication_slots
       where slot_type = 'logical'`,
    )
    expect(made.failover).toBe(true)
    // The standby's copy of the slot has reached the primary's.
    await until(
      "the standby's copy of the figures' slot",
      () =>
        one(
          standby.url('vod'),
          `select synced, confirmed_flush_lsn >= $2::pg_lsn as reached from pg_replication_slots
           where slot_name = $1`,
          [made.slot_name, made.flushed],
        ),
      (copy) => copy?.synced === true && copy.reached === true,
      { ms: 120_000 },
    )

    await server?.stop()
    await primary.run('pg_ctl', ['-D', primary.data, '-m', 'fast', '-w', 'stop'])
    await standby.run('pg_ctl', ['-D', standby.data, '-w', 'promote'])
    // The member site writes on the new primary before the back-office is back.
    await memberWrites(standby.url('vod'), 'after')

    server = await startServer({ DATABASE_URL: standby.url('vod'), SEED_DEMO: '0' })
    expect(await figuresEqualTheRows(standby.url('vod'))).toBeGreaterThan(2)
    expect(server.output()).not.toContain(REBUILT)
    expect(await one(standby.url('vod'), `select slot from figure_stream`)).toEqual({ slot: made.slot_name })

    // A slot made before it could be kept through a failover (by an earlier version, say) is made so at the
    // next start.
    await server.stop()
    const replication = new pg.Client({
      connectionString: standby.url('vod'),
      replication: 'database',
    } as pg.ClientConfig)
    await replication.connect()
    await replication.query(`ALTER_REPLICATION_SLOT ${made.slot_name} (FAILOVER false)`)
    await replication.end()
    const failover = () =>
      one(standby.url('vod'), `select failover from pg_replication_slots where slot_name = $1`, [
        made.slot_name,
      ])
    expect(await failover()).toEqual({ failover: false })
    server = await startServer({ DATABASE_URL: standby.url('vod'), SEED_DEMO: '0' })
    await until('the slot made to survive a failover again', failover, (slot) => slot?.failover === true)
    expect(server.output()).not.toContain(REBUILT)
  })
})
