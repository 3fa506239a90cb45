import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureServerBuilt, serverArgs, serverEnv } from '../../scripts/build-server.mjs'
import { scaled, until } from '../../test/support/time.ts'

const root = join(import.meta.dirname, '..', '..')

export interface RunningServer {
  url: string
  dataDir: string
  output: () => string
  /** Whether the process is still running (it has not crashed). */
  alive: () => boolean
  /** The process id of the server (Node running the bundle, scripts/build-server.mjs). */
  pid: number
  stop: () => Promise<void>
}

export const ADMIN = { username: 'admin', password: 'e2e-passw0rd' }

/** A port nothing listens on now, for a server started next. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export interface StartOptions {
  /**
   * A data directory to start from, copied (seededDataDir): the server then opens a migrated embedded
   * database with the demo in it instead of migrating and seeding anew, which took most of a start's CPU.
   */
  from?: string
}

/**
 * Starts the real product (the server's bundle, built web app) on a fresh embedded database, or on a copy of
 * `options.from`.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = await mkdtemp(join(tmpdir(), 'vod-e2e-'))
  if (options.from) await cp(options.from, dataDir, { recursive: true })
  const url = `http://127.0.0.1:${port}`
  let log = ''
  await ensureServerBuilt()
  const child: ChildProcess = spawn(join(root, 'node_modules', '.bin', 'node'), serverArgs, {
    cwd: root,
    env: {
      ...process.env,
      ...serverEnv,
      PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: '1',
      // The demo's live traffic would move lists and figures under the tests' feet.
      DEMO_TRAFFIC_SECONDS: '0',
      LOG_LEVEL: 'warn',
      // Chromium leaves pre-connections open; the tests need no grace for them.
      SHUTDOWN_GRACE_SECONDS: '1',
      // A server on PostgreSQL takes its keys from the environment (README "Configuration").
      ...(env.DATABASE_URL
        ? {
            JWT_SECRET: randomBytes(32).toString('hex'),
            TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
            // The run's PostgreSQL gives no change stream (wal_level replica): the figures are kept by the
            // triggers' way, for tests and benches only (a logical cluster's server follows the stream whatever this says).
            FIGURES_WITHOUT_STREAM: 'triggers',
          }
        : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => {
    log += chunk
  })
  child.stderr?.on('data', (chunk) => {
    log += chunk
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  const deadline = Date.now() + scaled(120_000)
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`)
    try {
      const res = await fetch(`${url}/api/openapi.json`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${log}`)
    await new Promise((r) => setTimeout(r, 250))
  }

  return {
    url,
    dataDir,
    output: () => log,
    alive: () => child.exitCode === null && child.signalCode === null,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A data directory a server made on its first start, then stopped cleanly: the schema migrated, the demo
 * seeded, the first admin (ADMIN) made and the keys written. The browser suite's servers start from copies
 * of it (global-setup.ts), each then as a server restarted on its own data; the first start itself is
 * proven by scripts.test.ts (`npm start`) and the lanes' template start here.
 */
export async function seededDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vod-e2e-seeded-'))
  const server = await startServer({ DATA_DIR: dir })
  const ready = Date.now()
  // The demo's rows reach the figures in steps after the start (keeping/fold.ts): the copies start with them
  // folded, as a restarted server would, rather than each folding them again under the suite's load.
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const { access_token: token } = (await login.json()) as { access_token: string }
  await until(
    "the demo's rows in the figures",
    async () => {
      const answer = await fetch(`${server.url}/api/dashboard`, {
        headers: { authorization: `Bearer ${token}` },
      })
      return Date.parse(((await answer.json()) as { fresh_as_of: string }).fresh_as_of)
    },
    (fresh) => fresh >= ready,
    { ms: 300_000, every: 500 },
  )
  await server.stop()
  return dir
}
