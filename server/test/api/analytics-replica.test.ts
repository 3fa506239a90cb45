import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import pino from 'pino'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { freePort } from '../../../e2e/support/server.ts'
import { scaled, until } from '../../../test/support/time.ts'
import { buildApp } from '../../src/app.ts'
import { bootstrap } from '../../src/auth/bootstrap.ts'
import { type PermissionCatalogue, permissionCatalogue } from '../../src/auth/catalogue.ts'
import { type Config, loadConfig } from '../../src/config.ts'
import { type Database, openDatabase, openReplica, type Replica } from '../../src/db/client.ts'
import { migrate } from '../../src/db/migrate.ts'
import { describeOnPostgres } from '../support/databases.ts'

/**
 * ANALYTICS_DATABASE_URL (README "Configuration"): the dashboard, the analytics and the CSV exports read a
 * real PostgreSQL streaming replica, and everything else the primary. The machine's PostgreSQL takes no
 * replication connections (its pg_hba.conf has no `replication` line, and a new one needs its owner), so
 * the test makes a primary of its own with the same binaries (initdb, wal_level=replica), takes a replica
 * of it (pg_basebackup -R) and starts both on free ports; both go, with their directories, at the end.
 * Proof that a figure comes from the replica: with its replay paused (pg_wal_replay_pause), what the
 * primary has since is missing from the answers until replay resumes.
 */
const run = promisify(execFile)

describeOnPostgres('analytics and exports on a streaming replica', () => {
  let bin = ''
  let dir = ''
  let primaryDir = ''
  let replicaDir = ''
  const started: string[] = []
  let database: Database | undefined
  let replica: Replica | undefined
  let app: FastifyInstance | undefined
  let url = ''
  let primaryUrl = ''
  let replicaUrl = ''
  let token = ''
  let config: Config | undefined
  let catalogue: PermissionCatalogue | undefined

  /** A PostgreSQL program, as the postgres user when this runs as root (initdb and postgres refuse root). */
  async function pgRun(program: string, args: string[]) {
    const file = path.join(bin, program)
    const asRoot = process.getuid?.() === 0
    return asRoot
      ? run('runuser', ['-u', 'postgres', '--', file, ...args], { cwd: dir })
      : run(file, args, { cwd: dir })
  }

  async function startCluster(data: string, port: number, settings: string[]) {
    const options = ['-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', ...settings]
    await pgRun('pg_ctl', [
      '-D',
      data,
      '-w',
      '-t',
      String(Math.ceil(scaled(60_000) / 1000)),
      '-l',
      `${data}.log`,
      '-o',
      options.join(' '),
      'start',
    ])
    started.push(data)
  }

  async function on<T extends pg.QueryResultRow>(target: string, text: string) {
    const client = new pg.Client({ connectionString: target })
    await client.connect()
    try {
      return (await client.query<T>(text)).rows
    } finally {
      await client.end()
    }
  }

  async function api(pathname: string) {
    const res = await fetch(`${url}${pathname}`, { headers: { authorization: `Bearer ${token}` } })
    const text = await res.text()
    return {
      status: res.status,
      text,
      body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
    }
  }

  beforeAll(async () => {
    bin = (await run('pg_config', ['--bindir'])).stdout.trim()
    dir = await mkdtemp(path.join(tmpdir(), 'vod-replica-'))
    if (process.getuid?.() === 0) {
      const { stdout } = await run('id', ['-u', 'postgres'])
      const { stdout: group } = await run('id', ['-g', 'postgres'])
      await chown(dir, Number(stdout), Number(group))
    }
    primaryDir = path.join(dir, 'primary')
    replicaDir = path.join(dir, 'replica')
    const [primaryPort, replicaPort] = [await freePort(), await freePort()]
    await pgRun('initdb', [
      '-D',
      primaryDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ])
    await startCluster(primaryDir, primaryPort, [
      '-c wal_level=replica',
      '-c max_wal_senders=4',
      '-c fsync=off',
      '-c max_connections=60',
    ])
    primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/vod`
    replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/vod`
    await on(`postgres://postgres@127.0.0.1:${primaryPort}/postgres`, 'create database vod')
    database = await openDatabase({ url: primaryUrl, pgliteDir: null })
    await migrate(database)
    await pgRun('pg_basebackup', [
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '-D',
      replicaDir,
      '-d',
      `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    ])
    await startCluster(replicaDir, replicaPort, ['-c hot_standby=on', '-c max_connections=60'])
    const [standby] = await on<{ standby: boolean }>(replicaUrl, 'select pg_is_in_recovery() as standby')
    expect(standby?.standby).toBe(true)

    config = loadConfig({
      PORT: '0',
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: primaryUrl,
      ANALYTICS_DATABASE_URL: replicaUrl,
      // This primary gives no change stream (wal_level replica): figures by the triggers' way, for tests only.
      FIGURES_WITHOUT_STREAM: 'triggers',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'secret123',
      SEED_DEMO: '0',
      // The replica is read while its replay is paused, however long the steps of that take on this host.
      ANALYTICS_MAX_LAG_SECONDS: String(Math.ceil(scaled(60_000) / 1000)),
      WEB_DIST: '/nonexistent-web-dist',
      JWT_SECRET: randomBytes(32).toString('hex'),
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    })
    expect(config.analyticsDatabaseUrl).toBe(replicaUrl)
    catalogue = permissionCatalogue()
    await bootstrap(database.db, { ...config, catalogue })
    replica = openReplica(replicaUrl)
    app = await buildApp({
      config,
      db: database.db,
      reads: replica.db,
      listen: database.listen,
      engine: database.engine,
      logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      catalogue,
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'secret123' }),
    })
    token = ((await login.json()) as { access_token: string }).access_token
  }, scaled(180_000))

  afterAll(async () => {
    await app?.close().catch(() => {})
    await replica?.close().catch(() => {})
    await database?.close().catch(() => {})
    for (const data of started.reverse())
      await pgRun('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {})
    if (dir) await rm(dir, { recursive: true, force: true })
  }, scaled(60_000))

  const today = new Date().toISOString().slice(0, 10)
  const period = `start_date=${today}&end_date=${today}`

  async function visitsOfToday(): Promise<number> {
    const answer = await api(`/api/analytics/data/daily?${period}`)
    expect(answer.status).toBe(200)
    return Number(answer.body.meta.totals.visits)
  }

  async function visits(n: number) {
    const now = new Date().toISOString()
    const rows = Array.from(
      { length: n },
      (_, i) => `('replica-${randomBytes(3).toString('hex')}-${i}', 'mobile', '${now}')`,
    )
    await on(primaryUrl, `insert into visits (visitor, device, visited_at) values ${rows.join(', ')}`)
  }

  it('answers the analytics and the dashboard from the replica: paused, it lags the primary until replay resumes', async () => {
    await visits(3)
    await until('the replica to show the 3 visits', async () => (await visitsOfToday()) === 3)
    await on(replicaUrl, 'select pg_wal_replay_pause()')
    const paused = Date.now()
    try {
      await visits(4)
      // The primary has them, and has folded them into its figures (in the background): an answer from the
      // primary would count them.
      await until('the primary to fold the 4 visits', async () => {
        const [row] = await on<{ folded: boolean }>(
          primaryUrl,
          `select (select coalesce(sum(visits), 0) from rollup_days
              where (channel_id, campaign_id, plan_id, device) = (-1, -1, -1, '*')) = (select count(*) from visits) as folded`,
        )
        return row?.folded
      })
      const [raw] = await on<{ n: number }>(primaryUrl, 'select count(*)::integer as n from visits')
      expect(raw?.n).toBe(7)
      // Its figures say they are as of the replica's replay point, before the pause (the 4 visits are not in
      // them), once the app has looked at the replica since they reached it (it looks each second).
      await until(
        'the figures as of the replay point before the pause',
        async () => Date.parse((await api(`/api/analytics/data/daily?${period}`)).body.fresh_as_of),
        (fresh) => fresh <= paused,
      )
      expect(await visitsOfToday()).toBe(3)
      const live = await api('/api/dashboard/real-time-users')
      expect(live.status).toBe(200)
      expect(live.body.data.online_now).toBe(3)
      const csv = await api(`/api/analytics/channel/exportCsv?${period}`)
      expect(csv.status).toBe(200)
      expect(csv.text.split('\n')[1]?.split(',')[1]).toBe('3')
    } finally {
      await on(replicaUrl, 'select pg_wal_replay_resume()')
    }
    await until(
      'the replica to show all 7 visits once replay resumes',
      async () => (await visitsOfToday()) === 7,
    )
    // An answer of the last moments may be given for a second more (recent-answers.ts).
    await until(
      'online now to count all 7 visits once replay resumes',
      async () => (await api('/api/dashboard/real-time-users')).body.data.online_now === 7,
    )
  })

  it("reads a resource's CSV export from the replica too", async () => {
    const exported = async () => (await api('/api/videos/exportCsv')).text
    await on(primaryUrl, `insert into videos (title, serial_number) values ('Before the pause', 'REPLICA-1')`)
    await until('the export to show the first video', async () => (await exported()).includes('REPLICA-1'))
    await on(replicaUrl, 'select pg_wal_replay_pause()')
    try {
      await on(
        primaryUrl,
        `insert into videos (title, serial_number) values ('During the pause', 'REPLICA-2')`,
      )
      const csv = await exported()
      expect(csv).toContain('REPLICA-1')
      expect(csv).not.toContain('REPLICA-2')
      // The list, a request of the primary's, has it at once.
      const list = await api('/api/videos?keyword=REPLICA-2')
      expect(list.status).toBe(200)
      expect(list.text).toContain('REPLICA-2')
    } finally {
      await on(replicaUrl, 'select pg_wal_replay_resume()')
    }
    await until('the export to show the second video', async () => (await exported()).includes('REPLICA-2'))
  })

  it('connects to the replica read-only, and writes nothing there', async () => {
    const reads = await on<{ application_name: string; n: number }>(
      replicaUrl,
      `select count(*)::integer as n from pg_stat_activity where datname = 'vod' and backend_type = 'client backend'`,
    )
    // The app's pools hold connections there (the reports' and the exports').
    expect(reads[0]?.n).toBeGreaterThan(1)
    await expect(
      on(replicaUrl, `insert into videos (title, serial_number) values ('x', 'REPLICA-X')`),
    ).rejects.toThrow(/read-only/)
  })

  /**
   * Two server processes' apps (each its own pools, slots and replica watch) allowed 2 s of replay lag, whose
   * log lines are kept; staff keep asking both for the figures all along, and every answer must be a 200.
   */
  async function twoServers() {
    const servers: { app: FastifyInstance; url: string; lines: string[]; replica: Replica }[] = []
    for (let n = 0; n < 2; n++) {
      const lines: string[] = []
      const sink = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk))
          done()
        },
      })
      const reads = openReplica(replicaUrl)
      const server = await buildApp({
        config: { ...(config as Config), analyticsMaxLagSeconds: 2 },
        db: database?.db as Database['db'],
        reads: reads.db,
        logger: pino({ level: 'info' }, sink),
        ...(catalogue ? { catalogue } : {}),
      })
      await server.listen({ port: 0, host: '127.0.0.1' })
      const address = server.server.address()
      servers.push({
        app: server,
        url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
        lines,
        replica: reads,
      })
    }
    const failures: string[] = []
    let asking = true
    const staff = Promise.all(
      servers.map(async (server) => {
        while (asking) {
          const res = await fetch(`${server.url}/api/analytics/data/daily?${period}`, {
            headers: { authorization: `Bearer ${token}` },
          }).catch((error: Error) => ({ status: error.message }))
          if (res.status !== 200) failures.push(String(res.status))
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }),
    )
    return {
      servers,
      visits: (server: (typeof servers)[number]) =>
        fetch(`${server.url}/api/analytics/data/daily?${period}`, {
          headers: { authorization: `Bearer ${token}` },
        })
          .then((res) => res.json() as Promise<{ meta: { totals: { visits: string } } }>)
          .then((body) => Number(body.meta.totals.visits)),
      onReplica: async (server: (typeof servers)[number]) =>
        (await server.app.metrics.registry.getSingleMetric('vod_analytics_reads_on_replica')?.get())
          ?.values[0]?.value,
      switches: async (server: (typeof servers)[number], to: string) =>
        (
          await server.app.metrics.registry.getSingleMetric('vod_analytics_replica_switches_total')?.get()
        )?.values.find((value) => value.labels.to === to)?.value ?? 0,
      said: (server: (typeof servers)[number], what: RegExp) =>
        server.lines.filter((line) => what.test(JSON.parse(line).msg)).length,
      async stop() {
        asking = false
        await staff
        for (const server of servers) {
          await server.app.close()
          await server.replica.close()
        }
        return failures
      },
    }
  }

  const primaryVisits = async () =>
    Number(
      (
        await on<{ n: number }>(
          primaryUrl,
          `select count(*)::integer as n from visits where visited_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`,
        )
      )[0]?.n,
    )

  it('reads the primary while replay is paused past ANALYTICS_MAX_LAG_SECONDS, and the replica again once it resumes', {
    timeout: scaled(180_000),
  }, async () => {
    const two = await twoServers()
    try {
      for (const server of two.servers)
        await expect.poll(() => two.onReplica(server), { timeout: scaled(30_000) }).toBe(1)
      await on(replicaUrl, 'select pg_wal_replay_pause()')
      try {
        await visits(2)
        const total = await primaryVisits()
        // The replica's figures stop; past 2 s of lag both servers read the primary, which has them.
        for (const server of two.servers) {
          await expect.poll(() => two.onReplica(server), { timeout: scaled(30_000) }).toBe(0)
          await expect.poll(() => two.visits(server), { timeout: scaled(30_000) }).toBe(total)
        }
      } finally {
        await on(replicaUrl, 'select pg_wal_replay_resume()')
      }
      for (const server of two.servers) {
        await expect.poll(() => two.onReplica(server), { timeout: scaled(30_000) }).toBe(1)
        expect(await two.switches(server, 'primary')).toBe(1)
        expect(await two.switches(server, 'replica')).toBe(1)
        // Said once each way.
        expect(two.said(server, /read the primary/)).toBe(1)
        expect(two.said(server, /read the replica again/)).toBe(1)
      }
    } finally {
      expect(await two.stop()).toEqual([])
    }
  })

  it('reads the primary while the replica is stopped, and the replica again once it is started', {
    timeout: scaled(180_000),
  }, async () => {
    const two = await twoServers()
    const port = new URL(replicaUrl).port
    try {
      for (const server of two.servers)
        await expect.poll(() => two.onReplica(server), { timeout: scaled(30_000) }).toBe(1)
      await pgRun('pg_ctl', ['-D', replicaDir, '-m', 'fast', '-w', 'stop'])
      await visits(2)
      const total = await primaryVisits()
      for (const server of two.servers) {
        await expect.poll(() => two.onReplica(server), { timeout: scaled(30_000) }).toBe(0)
        await expect.poll(() => two.visits(server), { timeout: scaled(30_000) }).toBe(total)
      }
      await startCluster(replicaDir, Number(port), ['-c hot_standby=on', '-c max_connections=60'])
      for (const server of two.servers) {
        await expect.poll(() => two.onReplica(server), { timeout: scaled(60_000) }).toBe(1)
        await expect.poll(() => two.visits(server), { timeout: scaled(30_000) }).toBe(total)
        expect(two.said(server, /read the primary/)).toBe(1)
        expect(two.said(server, /read the replica again/)).toBe(1)
      }
    } finally {
      expect(await two.stop()).toEqual([])
    }
  })
})
