import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import { serializerCompiler } from 'fastify-type-provider-zod'
import { resolveTokenSecret } from './auth/secret.ts'
import { createLoginThrottle } from './auth/throttle/index.ts'
import type { Config } from './config.ts'
import type { Db } from './db/client.ts'
import { scheduleAuditPruning } from './lib/audit-retention.ts'
import { parseQueryString } from './lib/querystring.ts'
import { validatorCompiler } from './lib/validation.ts'
import { loggerOptions } from './logger.ts'
import { modules } from './modules/index.ts'
import { accessPlugin } from './plugins/access.ts'
import { apiVersionPlugin } from './plugins/api-version.ts'
import { clientErrorHandler, errorsPlugin } from './plugins/errors.ts'
import { i18nPlugin } from './plugins/i18n.ts'
import { jsonBodyPlugin } from './plugins/json-body.ts'
import { openapiPlugin } from './plugins/openapi.ts'
import { staticPlugin } from './plugins/static.ts'

export interface AppOptions {
  config: Config
  db: Db
  /** A ready pino logger (tests pass a silent one); otherwise one is made from LOG_LEVEL. */
  logger?: FastifyBaseLogger
}

/**
 * The whole HTTP application, not yet listening: main.ts and the tests build it the same way. Plugins first
 * (order matters: language before anything can fail, the route guard and the document before any route),
 * then each module of modules/index.ts under /api.
 */
export async function buildApp({ config, db, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: loggerOptions(config.logLevel) }),
    genReqId: () => randomUUID(),
    routerOptions: { querystringParser: parseQueryString },
    clientErrorHandler,
    // Bodies are JSON forms; uploads get their own limit when they come.
    bodyLimit: 1024 * 1024,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const secret = await resolveTokenSecret(db, config.jwtSecret)
  const throttle = await createLoginThrottle(config, db, secret)
  app.addHook('onClose', () => throttle.close())
  scheduleAuditPruning(app, db, config.auditRetentionDays)

  // Not awaited: a caller (a test) can still register routes of its own before ready().
  app.register(i18nPlugin)
  app.register(errorsPlugin)
  app.register(jsonBodyPlugin)
  app.register(apiVersionPlugin)
  app.register(accessPlugin, { db, secret })
  app.register(openapiPlugin)
  for (const module of modules) app.register(module, { prefix: '/api', db, config, secret, throttle })
  app.register(staticPlugin, { webDist: config.webDist })
  return app
}
