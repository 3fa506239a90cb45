import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../e2e/support/server.ts'
import { scaled, until } from '../../test/support/time.ts'
import { queryRows } from '../src/db/client.ts'
import {
  createTestDatabase,
  describeEachEngine,
  describeOnPostgres,
  type TestDatabase,
} from './support/databases.ts'
import { RAW_VISITORS, ROLLUPS, VISITOR_COUNTS } from './support/figure-truth.ts'

/**
 * The member site's writes reach the figures through a queue that the servers fold in (migration 0027,
 * modules/analytics/keeping/index.ts). Two real server processes on one PostgreSQL fold while rows arrive by plain
 * SQL; one is killed with SIGKILL midway, and a fold is cut off mid-transaction. Afterwards the rollups equal
 * the same rollups built again from the raw rows: nothing lost, nothing counted twice, and the survivor
 * takes the queue over.
 */

describeOnPostgres('folding the figures from two processes', () => {
  let database: TestDatabase
  let pool: pg.Pool
  const servers: RunningServer[] = []
  const queued = async () => Number((await pool.query('select vod_figures_unfolded() as n')).rows[0].n)
  /** Resolves once the queue is empty (the servers fold it), failing with what is left after a ceiling. */
  const drained = () => until('the queue folded', queued, (left) => left === 0, { every: 50 })

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    pool = new pg.Pool({ connectionString: database.url as string, max: 6 })
    // The connection the test cuts off reports its end to the pool too.
    pool.on('error', () => {})
    for (let n = 0; n < 2; n++)
      servers.push(await startServer({ DATABASE_URL: database.url as string, SEED_DEMO: '0' }))
  }, scaled(180_000))
  afterAll(async () => {
    for (const server of servers) await server.stop()
    await pool?.end()
    await database?.drop()
  })

  it('loses and doubles nothing when a folder is killed or cut off, and the other takes over', {
    timeout: scaled(120_000),
  }, async () => {
    const one = async (text: string) => Number((await pool.query(text)).rows[0].id)
    const channels = [
      await one(`insert into channels (utm_source, type) values ('fold-a', 'affiliate') returning id`),
      await one(`insert into channels (utm_source, type) values ('fold-b', 'social') returning id`),
    ]
    const plan = await one(
      `insert into plans (name, initial_period_count, initial_period_unit, initial_original_price) values ('Fold', 1, 'month', '9.99') returning id`,
    )
    let batch = 0
    /** One writer's statements: members, their orders and subscriptions, refunds, visits, and a correction. */
    const write = async () => {
      const n = ++batch
      const channel = channels[n % 2]
      await pool.query(
        `with u as (insert into users (username, channel_id) select 'fold-' || ${n} || '-' || g, ${channel} from generate_series(1, 5) g returning id),
         o as (insert into orders (order_no, user_id, plan_id, channel_id, amount, payment_method, paid_at, transaction_fee, total_amount)
           select 'F' || ${n} || '-' || id, id, ${plan}, ${channel}, 10 + ${n} % 7, 'segpay', now() - (${n} % 50) * interval '7 minutes', 0.5, 9.5 + ${n} % 7 from u returning id)
         insert into subscriptions (user_id, plan_id, channel_id, started_at, status)
           select id, ${plan}, ${channel}, now(), 'active' from u`,
      )
      await pool.query(
        `insert into visits (visitor, device, channel_id, visited_at)
         select 'fv' || (g * ${n}) % 300, 'mobile', ${channel}, now() - (g % 90) * interval '1 minute' from generate_series(1, 40) g`,
      )
      await pool.query(
        `insert into order_events (order_id, kind, amount) select id, 'refund', 1.25 from orders where order_no = 'F' || ${n} || '-' || (select min(id) from users where username = 'fold-${n}-1')`,
      )
      if (n % 5 === 0)
        await pool.query(
          `update orders set channel_id = ${channels[(n + 1) % 2]} where order_no like 'F${n}-%'`,
        )
    }
    // Rounds of three writers at once, a fixed number of them; each step below happens after rounds of its
    // own, the writers let on a few rounds ahead of it so that they write while it happens.
    const ROUNDS = 40
    let rounds = 0
    let allowed = 0
    const writing = (async () => {
      while (rounds < ROUNDS) {
        if (rounds < allowed) {
          await Promise.all([write(), write(), write()])
          rounds++
        } else await new Promise((resolve) => setTimeout(resolve, 10))
      }
    })()
    /** Lets the writers on `ahead` rounds past those done, and waits for `done` of them. */
    const written = async (done: number, ahead = done + 4) => {
      const from = rounds
      allowed = Math.min(ROUNDS, Math.max(allowed, from + ahead))
      await until(`${done} more rounds of writes`, () => rounds >= Math.min(ROUNDS, from + done))
    }

    // A fold cut off midway: its connection dies holding the lock and the deleted rows.
    try {
      await written(6)
      const cut = await pool.connect()
      // Its end is the point: the error it reports when cut off is expected.
      cut.on('error', () => {})
      try {
        await cut.query('begin')
        await cut.query('select vod_figures_fold(true)')
        const { pid } = (await cut.query('select pg_backend_pid() as pid')).rows[0]
        // Meanwhile no server folds (the lock is held): the queue grows with what the writers write now (a
        // round does not end while the cut fold holds what some of its statements wait for).
        allowed = Math.min(ROUNDS, Math.max(allowed, rounds + 4))
        await until('the queue to grow while the lock is held', queued, (left) => left > 0, { every: 50 })
        const ended = new Promise((resolve) => cut.once('end', resolve))
        await pool.query('select pg_terminate_backend($1)', [pid])
        await ended
      } finally {
        cut.release(true)
      }
      // A whole server process killed at some moment of its folding, the writers going on.
      await written(3, 12)
      process.kill(servers[0]?.pid as number, 'SIGKILL')
    } finally {
      // The rest of the rounds, whatever happened above (the writers wait for nothing else).
      allowed = ROUNDS
    }
    await writing
    await drained()

    const kept = await pool.query(ROLLUPS)
    expect(kept.rows.length).toBeGreaterThan(10)
    expect((await pool.query(VISITOR_COUNTS)).rows).toEqual((await pool.query(RAW_VISITORS)).rows)
    await pool.query('select vod_rollup_rebuild()')
    expect(kept.rows).toEqual((await pool.query(ROLLUPS)).rows)
    expect(servers[1]?.alive()).toBe(true)
  })

  it('adds a visit whose writer commits after later visits were folded, once, and never an aborted one', async () => {
    const count = async (text: string) => Number((await pool.query(text)).rows[0].n)
    const folded = () =>
      count(`select coalesce(sum(visits), 0) as n from rollup_days
        where (channel_id, campaign_id, plan_id, device) = (-1, -1, -1, '*')`)
    const written = () => count('select count(*) as n from visits')
    await drained()
    const before = await written()
    expect(await folded()).toBe(before)
    const open = async () => {
      const writer = await pool.connect()
      await writer.query('begin')
      // Takes its id now, below the next visit's, and commits (or not) after that one is folded.
      await writer.query(`insert into visits (visitor, device) values ('open-writer', 'desktop')`)
      await pool.query(`insert into visits (visitor, device) values ('quick-writer', 'desktop')`)
      return writer
    }
    const committing = await open()
    try {
      // The later visit shows while the earlier one's transaction is open: the tail has passed its id.
      await expect.poll(folded, { timeout: scaled(30_000) }).toBe(before + 1)
      await committing.query('commit')
    } finally {
      committing.release()
    }
    await expect.poll(folded, { timeout: scaled(30_000) }).toBe(before + 2)
    const aborting = await open()
    try {
      await expect.poll(folded, { timeout: scaled(30_000) }).toBe(before + 3)
      await aborting.query('rollback')
    } finally {
      aborting.release()
    }
    // The aborted visit's gap is forgotten once its writer has ended; nothing else is added.
    await expect
      .poll(() => count(`select count(*) as n from figure_tail_gaps`), { timeout: scaled(30_000) })
      .toBe(0)
    expect(await folded()).toBe(await written())
    expect((await pool.query(VISITOR_COUNTS)).rows).toEqual((await pool.query(RAW_VISITORS)).rows)
  })

  it('lets one process fold at a time: another answers -1 while the lock is held', async () => {
    // With nothing new a step answers 0 without the lock (vod_figures_idle): each try writes a visit first,
    // and the two servers' own steps may fold it before the holder looks, so it tries until its fold holds
    // the lock (waiting for a server's step to end).
    const holder = await pool.connect()
    try {
      await until('a fold of the test holding the lock', async () => {
        await pool.query(`insert into visits (visitor, device) values ('while-held', 'desktop')`)
        await holder.query('begin')
        await holder.query('select vod_figures_fold(true)')
        const { held } = (
          await holder.query(
            `select exists (select 1 from pg_locks where locktype = 'advisory' and objid = 270027
               and pid = pg_backend_pid()) as held`,
          )
        ).rows[0]
        if (!held) await holder.query('rollback')
        return held
      })
      // Something new, which no server can fold meanwhile.
      await pool.query(`insert into visits (visitor, device) values ('while-held', 'desktop')`)
      expect(Number((await pool.query('select vod_figures_fold() as n')).rows[0].n)).toBe(-1)
      await holder.query('commit')
    } finally {
      holder.release()
    }
  })
})

describeEachEngine('a rebuild beside the queue', (engine) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(engine)
  }, scaled(60_000))
  afterAll(() => database?.drop())

  it('leaves what is queued to the fold, which adds it once', async () => {
    // No server runs: what these rows queue stays queued through the rebuild.
    const db = database.database.db
    await db.execute(
      sql`insert into visits (visitor, device, visited_at) select 'rq' || g % 7, 'tablet', now() - g * interval '1 minute' from generate_series(1, 30) g`,
    )
    await db.execute(
      sql`insert into users (username, created_at) select 'rq-' || g, now() from generate_series(1, 3) g`,
    )
    const queue = sql`select vod_figures_unfolded() as n`
    expect(Number((await queryRows<{ n: string }>(db, queue))[0]?.n)).toBeGreaterThan(0)
    await db.execute(sql`select vod_rollup_rebuild()`)
    while (Number((await queryRows<{ n: number }>(db, sql`select vod_figures_fold(true) as n`))[0]?.n) > 0);
    expect(Number((await queryRows<{ n: string }>(db, queue))[0]?.n)).toBe(0)
    const kept = await queryRows(db, sql.raw(ROLLUPS))
    expect(kept.length).toBeGreaterThan(0)
    await db.execute(sql`select vod_rollup_rebuild()`)
    expect(await queryRows(db, sql.raw(ROLLUPS))).toEqual(kept)
  })

  it('after a bulk load, passes the rows written so far to the rebuild, which counts them once', async () => {
    const db = database.database.db
    const unfolded = sql`select vod_figures_unfolded() as n`
    while (Number((await queryRows<{ n: number }>(db, sql`select vod_figures_fold(true) as n`))[0]?.n) > 0);
    await db.execute(
      sql`insert into visits (visitor, device, visited_at) select 'bulk' || g % 5, 'desktop', now() - g * interval '1 minute' from generate_series(1, 20) g`,
    )
    expect(Number((await queryRows<{ n: string }>(db, unfolded))[0]?.n)).toBe(20)
    await db.execute(sql`select vod_tails_pass()`)
    expect(Number((await queryRows<{ n: string }>(db, unfolded))[0]?.n)).toBe(0)
    await db.execute(sql`select vod_rollup_rebuild()`)
    const total = async () =>
      Number(
        (
          await queryRows<{ n: string }>(
            db,
            sql`select sum(visits) as n from rollup_days where (channel_id, campaign_id, plan_id, device) = (-1, -1, -1, '*')`,
          )
        )[0]?.n,
      )
    const [raw] = await queryRows<{ n: string }>(db, sql`select count(*) as n from visits`)
    expect(await total()).toBe(Number(raw?.n))
    // The fold adds none of them again.
    while (Number((await queryRows<{ n: number }>(db, sql`select vod_figures_fold(true) as n`))[0]?.n) > 0);
    expect(await total()).toBe(Number(raw?.n))
  })
})

describeOnPostgres('the tails of visits and refunds beside writers still open', () => {
  let database: TestDatabase
  let pool: pg.Pool
  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    pool = new pg.Pool({ connectionString: database.url as string, max: 4 })
  }, scaled(60_000))
  afterAll(async () => {
    await pool?.end()
    await database?.drop()
  })

  it('adds a row committed after later ones were folded once, as it is then, and never an aborted one', async () => {
    // No server runs: each fold step here is the test's own.
    const fold = async () => {
      while (Number((await pool.query('select vod_figures_fold(true) as n')).rows[0].n) > 0);
    }
    const value = async (text: string) => Number((await pool.query(text)).rows[0].n)
    const one = (text: string) => value(`${text} returning id as n`)
    const [a, b] = [
      await one(`insert into channels (utm_source, type) values ('tail-a', 'affiliate')`),
      await one(`insert into channels (utm_source, type) values ('tail-b', 'social')`),
    ]
    const plan = await one(
      `insert into plans (name, initial_period_count, initial_period_unit, initial_original_price) values ('Tail', 1, 'month', '9.99')`,
    )
    const user = await one(`insert into users (username) values ('tail-member')`)
    const order = await one(
      `insert into orders (order_no, user_id, plan_id, channel_id, amount, payment_method, paid_at, total_amount)
       values ('T-1', ${user}, ${plan}, ${a}, 20, 'segpay', now(), 20)`,
    )
    const refunds = (channel: number) =>
      value(`select coalesce(sum(refunds), 0) as n from rollup_days
        where (channel_id, campaign_id, plan_id, device) = (${channel}, -1, -1, '*')`)
    const paid = (channel: number) =>
      value(`select coalesce(sum(orders), 0) as n from rollup_days
        where (channel_id, campaign_id, plan_id, device) = (${channel}, -1, -1, '*')`)
    const visits = () =>
      value(`select coalesce(sum(visits), 0) as n from rollup_days
        where (channel_id, campaign_id, plan_id, device) = (-1, -1, -1, '*')`)
    const refund = (amount: number) =>
      `insert into order_events (order_id, kind, amount) values (${order}, 'refund', ${amount})`
    const visit = (who: string) => `insert into visits (visitor, device) values ('${who}', 'desktop')`
    await fold()

    // A writer takes the lower ids and stays open while later rows are written and folded.
    const open = await pool.connect()
    try {
      await open.query('begin')
      await open.query(visit('open-writer'))
      await open.query(refund(2))
      await open.query(
        `insert into orders (order_no, user_id, plan_id, channel_id, amount, payment_method, total_amount)
         values ('T-2', ${user}, ${plan}, ${a}, 30, 'segpay', 30)`,
      )
      await pool.query(visit('quick-writer'))
      await pool.query(refund(3))
      await fold()
      expect([await visits(), await refunds(a)]).toEqual([1, 3])
      await open.query('commit')
    } finally {
      open.release()
    }
    // The order moves before its open writer's refund is folded: it takes along the refund the figures hold,
    // and the fold reads the other along the order as it is now; the writer's own order, paid meanwhile,
    // is read paid, once.
    await pool.query(`update orders set channel_id = ${b} where id = ${order}`)
    await pool.query(`update orders set paid_at = now() where order_no = 'T-2'`)
    await fold()
    expect([await visits(), await refunds(a), await refunds(b)]).toEqual([2, 0, 5])
    expect([await paid(a), await paid(b)]).toEqual([1, 1])

    // An aborted writer's ids never count, and its gaps go once it has ended.
    const aborting = await pool.connect()
    try {
      await aborting.query('begin')
      await aborting.query(visit('aborted-writer'))
      await aborting.query(refund(7))
      await pool.query(visit('late-writer'))
      await fold()
      expect(await value('select count(*) as n from figure_tail_gaps')).toBe(2)
      await aborting.query('rollback')
    } finally {
      aborting.release()
    }
    await fold()
    expect(await value('select count(*) as n from figure_tail_gaps')).toBe(0)
    expect([await visits(), await refunds(b)]).toEqual([3, 5])
    const kept = (await pool.query(ROLLUPS)).rows
    await pool.query('select vod_rollup_rebuild()')
    expect((await pool.query(ROLLUPS)).rows).toEqual(kept)
  })
})
