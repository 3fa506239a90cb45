import { existsSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import pino from 'pino'
import { buildApp } from './app.ts'
import { type BootstrapResult, bootstrap, INITIAL_PASSWORD_FILE } from './auth/bootstrap.ts'
import { loadSecrets, moveStoredSecrets, type Secrets } from './auth/secrets.ts'
import { type Config, ConfigError, loadConfig } from './config.ts'
import { openDatabase, openReplica, type SlowStatement } from './db/client.ts'
import { seedDemoData } from './db/demo.ts'
import { startDemoTraffic } from './db/demo-analytics.ts'
import { migrate } from './db/migrate.ts'
import { isConnectionLost } from './lib/db-errors.ts'
import { loggerOptions } from './logger.ts'
import type { Readiness } from './plugins/health.ts'
import { openStorage } from './storage/index.ts'

function readConfig(): Config {
  try {
    return loadConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

function howToLogIn(config: Config, result: BootstrapResult): string {
  if (result.createdAdmin && result.generated)
    return [
      `First start: created admin "${result.username}" with the generated password`,
      '',
      `    ${result.password}`,
      '',
      `It is shown this once and kept in ${result.passwordFile} (readable by this user only).`,
      'Change it after logging in, then delete that file.',
    ].join('\n')
  if (result.createdAdmin)
    return `First start: created admin "${result.username}" with the password from ADMIN_PASSWORD.`
  // ADMIN_PASSWORD and the generated password only set up the first admin; later changes happen in the app.
  if (config.adminPassword)
    return `Log in as "${config.adminUsername}" with the password ADMIN_PASSWORD held at the first start.`
  const file = path.join(config.dataDir, INITIAL_PASSWORD_FILE)
  if (existsSync(file))
    return `Log in as "${config.adminUsername}"; the first generated password is in ${file}.`
  return `Log in with an existing admin account (the first one was "${config.adminUsername}").`
}

/** How often a start waiting for an unreachable PostgreSQL tries again. */
const RETRY_MS = 5000

async function main() {
  const config = readConfig()
  // Written as they come, like console.log: pino's default stream writes a moment later, which put lines
  // logged before the start banner (Fastify's "Server listening") after it. The default level logs little.
  const logger = pino(loggerOptions(config.logLevel), pino.destination({ sync: true }))
  // Named and timed, never with their values (docs/operations.md "Logs").
  const slow = {
    ms: config.slowQueryMs,
    log: (statement: SlowStatement) =>
      logger.warn({ statement: statement.name, ms: statement.ms }, 'slow statement'),
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
    slow,
    pgliteDir: path.join(config.dataDir, 'pgdata'),
    onPoolError: (error) => logger.warn({ err: error }, 'a database connection failed; the pool replaces it'),
  })
  // Reports read the replica; everything that writes, the upkeep steps included, stays on the primary.
  const replica = config.analyticsDatabaseUrl
    ? openReplica(
        config.analyticsDatabaseUrl,
        (error) => logger.warn({ err: error }, 'a replica connection failed; the pool replaces it'),
        config.databasePoolSize,
        slow,
      )
    : null
  const readiness: Readiness = { ready: false }
  let stopDemoTraffic = () => {}
  let app: FastifyInstance
  let secrets: Secrets
  let retry: NodeJS.Timeout | undefined

  /** Migrations, keys out of the database, the first admin, demo data; then /api opens. */
  async function prepare() {
    await migrate(database)
    await moveStoredSecrets(database.db, config, secrets, logger)
    const result = await bootstrap(database.db, config)
    if (config.seedDemo) {
      const seeded = await seedDemoData(database.db, await openStorage(config))
      if (seeded > 0) logger.info(`Added ${seeded} demo rows (SEED_DEMO=0 turns this off)`)
      // Visits and orders keep arriving, so the dashboard lives (docs/analytics.md).
      if (config.demoTrafficSeconds > 0)
        stopDemoTraffic = startDemoTraffic(database.db, logger, config.demoTrafficSeconds * 1000)
    }
    readiness.ready = true
    return result
  }

  /** A PostgreSQL out of reach at start: serve 503 (and /api/health) meanwhile, and try again. */
  function prepareLater(announce: (result: BootstrapResult) => void) {
    retry = setTimeout(() => {
      prepare().then(announce, (error: unknown) => {
        if (!isConnectionLost(error)) fail(error)
        else prepareLater(announce)
      })
    }, RETRY_MS)
  }

  let result: BootstrapResult | undefined
  try {
    secrets = await loadSecrets(config, logger)
    app = await buildApp({
      config,
      db: database.db,
      ...(replica ? { reads: replica.db } : {}),
      listen: database.listen,
      engine: database.engine,
      logger,
      secrets,
      readiness,
    })
    try {
      result = await prepare()
    } catch (error) {
      if (database.engine !== 'postgres' || !isConnectionLost(error)) throw error
      logger.warn(
        { err: error },
        `the database cannot be reached; answering 503 until it can (trying every ${RETRY_MS / 1000} seconds)`,
      )
    }
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    // Release the database (and PGlite's lock) before reporting; the port may simply be taken.
    await database.close().catch(() => {})
    await replica?.close().catch(() => {})
    throw error
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  const announce = (prepared: BootstrapResult) =>
    console.log(`\nBack-office ready at http://${host}:${port}/\n${howToLogIn(config, prepared)}\n`)
  if (result) announce(result)
  else {
    console.log(`\nBack-office listening at http://${host}:${port}/, waiting for its database.\n`)
    prepareLater((prepared) => {
      logger.info('the database is reachable; serving')
      announce(prepared)
    })
  }

  let stopping = false
  const stop = async (signal: string) => {
    // A second signal means "now": do not wait for slow requests any longer.
    if (stopping) process.exit(1)
    stopping = true
    // Not ready from this moment (/api/health/ready answers 503), so load balancers stop sending here.
    readiness.stopping = true
    clearTimeout(retry)
    stopDemoTraffic()
    logger.info(`${signal} received: finishing requests in flight, then stopping`)
    try {
      // The first half of the grace the process still takes requests, answering not ready, while load
      // balancers notice; then it stops listening, and requests in flight get the other half. A connection
      // still open after it (a client gone mid-request, a browser's unused pre-connection) is cut, so a stop
      // cannot hang on it.
      const half = config.shutdownGraceSeconds * 500
      await new Promise((resolve) => setTimeout(resolve, half))
      const cut = setTimeout(() => app.server.closeAllConnections(), half)
      await app.close()
      clearTimeout(cut)
      await database.close()
      await replica?.close()
      process.exit(0)
    } catch (error) {
      logger.error({ err: error }, 'unclean stop')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

function fail(error: unknown): never {
  console.error('The back-office could not start:', error instanceof Error ? error.message : error)
  process.exit(1)
}

main().catch(fail)
