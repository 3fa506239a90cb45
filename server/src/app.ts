import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import { serializerCompiler } from 'fastify-type-provider-zod'
import { type PermissionCatalogue, permissionCatalogue } from './auth/catalogue.ts'
import { loadSecrets, type Secrets } from './auth/secrets.ts'
import { createSessionLookup } from './auth/session-cache.ts'
import { createLoginThrottle } from './auth/throttle/index.ts'
import type { Config } from './config.ts'
import type { Database, Db, Listen } from './db/client.ts'
import { scheduleAuditPruning } from './lib/audit-retention.ts'
import { forgetCounts } from './lib/list/index.ts'
import { postgresBus, redisBus } from './lib/presence/bus.ts'
import { createPresenceHub } from './lib/presence/hub.ts'
import { tellSaves } from './lib/presence/saves.ts'
import { parseQueryString } from './lib/querystring.ts'
import { validatorCompiler } from './lib/validation.ts'
import { loggerOptions, RequestLogController } from './logger.ts'
import { foldStatus } from './modules/analytics/fold-status.ts'
import { modules } from './modules/index.ts'
import { accessPlugin } from './plugins/access.ts'
import { apiVersionPlugin } from './plugins/api-version.ts'
import { bulkSlotsPlugin } from './plugins/bulk-slots.ts'
import { compressPlugin } from './plugins/compress.ts'
import { capConnectionsPerAddress } from './plugins/connection-cap.ts'
import { clientErrorHandler, errorsPlugin } from './plugins/errors.ts'
import { exportsPlugin } from './plugins/exports.ts'
import { healthPlugin, type Readiness, readinessPlugin } from './plugins/health.ts'
import { i18nPlugin } from './plugins/i18n.ts'
import { jsonBodyPlugin } from './plugins/json-body.ts'
import { memoryReleasePlugin } from './plugins/memory-release.ts'
import { metricsPlugin } from './plugins/metrics.ts'
import { multipartPlugin } from './plugins/multipart.ts'
import { openapiPlugin } from './plugins/openapi.ts'
import { searchSlotsPlugin } from './plugins/search-slots.ts'
import { securityHeadersPlugin } from './plugins/security-headers.ts'
import { staticPlugin } from './plugins/static.ts'
import { uploadsPlugin } from './plugins/uploads.ts'
import { openStorage } from './storage/index.ts'

/** Seconds a client has to send a request's headers (REQUEST_TIMEOUT_SECONDS when that is shorter). */
const HEADERS_TIMEOUT_SECONDS = 10

export interface AppOptions {
  config: Config
  db: Db
  /**
   * Where the dashboard, the analytics and CSV exports read: the replica of ANALYTICS_DATABASE_URL (main.ts
   * opens it). Absent: `db`. Nothing is written through it.
   */
  reads?: Db
  /** The database's notifications (`Database.listen`): with them, sessions are looked up once, not per request. */
  listen?: Listen
  /**
   * `Database.engine`: on PostgreSQL other processes may share the database, and presence reaches them through
   * its notifications when no REDIS_URL is set; PGlite's process is its only one.
   */
  engine?: Database['engine']
  /** A ready pino logger (tests pass a silent one); otherwise one is made from LOG_LEVEL. */
  logger?: FastifyBaseLogger
  /** The permissions routes may name; the product's unless a test adds its own. */
  catalogue?: PermissionCatalogue
  /** The keys (main.ts loads them first); otherwise loaded here from the config. */
  secrets?: Secrets
  /** Whether the database is prepared; main.ts opens it once migrated. Absent: prepared already. */
  readiness?: Readiness
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes "the nearest N addresses are proxies". */
function trustedProxies(setting: Config['trustProxy']) {
  if (typeof setting !== 'number') return setting
  return (_address: string, hop: number) => hop < setting
}

/**
 * The whole HTTP application, not yet listening: main.ts and the tests build it the same way. Plugins first
 * (order matters: language before anything can fail, the route guard and the document before any route),
 * then each module of modules/index.ts under /api.
 */
export async function buildApp({
  config,
  db,
  reads = db,
  listen,
  engine,
  logger,
  catalogue,
  secrets,
  readiness,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: loggerOptions(config.logLevel) }),
    logController: new RequestLogController(),
    genReqId: () => randomUUID(),
    routerOptions: { querystringParser: parseQueryString },
    clientErrorHandler,
    // Bodies are JSON forms; uploads (plugins/multipart.ts) and imports set limits of their own.
    bodyLimit: 1024 * 1024,
    trustProxy: trustedProxies(config.trustProxy),
    // A client gets this long to send its whole request; a silent connection is closed after the other.
    requestTimeout: config.requestTimeoutSeconds * 1000,
    connectionTimeout: config.connectionTimeoutSeconds * 1000,
    // Node checks the request timeout every 30 seconds by default, which would stretch a short one.
    http: {
      connectionsCheckingInterval: 1000,
      // Headers are a few hundred bytes: a deadline of their own, shorter than a body's, frees a socket held
      // by a header line now and then long before the request timeout would.
      headersTimeout: Math.min(HEADERS_TIMEOUT_SECONDS, config.requestTimeoutSeconds) * 1000,
    },
  })
  // Past this many open connections, Node closes new ones at once.
  app.server.maxConnections = config.maxConnections
  capConnectionsPerAddress(app.server, config.maxConnectionsPerAddress)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const keys = secrets ?? (await loadSecrets(config, app.log))
  const prepared = readiness ?? { ready: true }
  const secret = keys.token
  const throttle = await createLoginThrottle(config, db, secret)
  app.addHook('onClose', () => throttle.close())
  const sessions = createSessionLookup(db, listen)
  app.addHook('onClose', () => sessions.close())
  scheduleAuditPruning(app, db, config.auditRetentionDays)
  const presence = createPresenceHub({
    bus: config.redisUrl
      ? await redisBus(config.redisUrl, secret)
      : engine === 'postgres' && listen
        ? postgresBus(db, listen)
        : undefined,
    log: app.log,
  })
  // Before the server closes: open streams would otherwise hold it open.
  app.addHook('preClose', () => presence.close())
  tellSaves(app, presence)
  // Any write may change any list's total: the remembered counts go before its answer leaves.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') forgetCounts()
    done(null, payload)
  })

  // Not awaited: a caller (a test) can still register routes of its own before ready().
  app.register(securityHeadersPlugin)
  app.register(compressPlugin)
  app.register(i18nPlugin)
  app.register(errorsPlugin)
  app.register(readinessPlugin, { readiness: prepared })
  app.register(jsonBodyPlugin)
  app.register(multipartPlugin)
  app.register(apiVersionPlugin)
  app.register(accessPlugin, { db, secret, sessions, catalogue: catalogue ?? permissionCatalogue() })
  app.register(openapiPlugin)
  app.register(healthPlugin, {
    db,
    readiness: prepared,
    figuresBehindSeconds: async () => (await foldStatus(db)).behindSeconds,
  })
  app.register(exportsPlugin, { reads, config })
  app.register(bulkSlotsPlugin, { config })
  app.register(searchSlotsPlugin, { config })
  app.register(metricsPlugin, { config, db, throttle })
  if (reads !== db) app.after(() => app.metrics.watchPool('replica', reads))
  app.register(memoryReleasePlugin)
  const storage = await openStorage(config)
  for (const module of modules)
    app.register(module, {
      prefix: '/api',
      db,
      reads,
      config,
      secret,
      totpKey: keys.totp,
      throttle,
      storage,
      presence,
    })
  app.register(uploadsPlugin, { storage })
  app.register(staticPlugin, { webDist: config.webDist })
  return app
}
