import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import { DATABASE_RETRY_SECONDS, databaseUnavailable } from '../lib/errors.ts'
import { DOCS_PREFIX } from './access.ts'
import { OPENAPI_PATH } from './openapi.ts'

const HEALTH_PATH = '/api/health'

/**
 * Whether the database is migrated and bootstrapped. main.ts sets it once that is done; until then (a
 * PostgreSQL that was unreachable at start) every /api request but the health check and the API reference
 * answers 503.
 */
export interface Readiness {
  ready: boolean
}

const healthAnswer = z
  .object({
    status: z.enum(['ok', 'starting', 'unavailable']),
    database: z.enum(['up', 'down']),
    message: z.string().optional(),
  })
  .meta({ id: 'Health' })

/** How long a probe may take, and how long its answer is reused (the route is public: no query per hit). */
const PROBE_TIMEOUT_MS = 3000
const PROBE_REUSE_MS = 1000

/**
 * GET /api/health for load balancers and operators: 200 when the service can work, 503 with Retry-After
 * when it cannot. It says whether the database answers, and nothing about it (no address, version or error).
 */
export const healthPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; readiness: Readiness }) => {
    let probe: { at: number; up: Promise<boolean> } | null = null

    function databaseUp(): Promise<boolean> {
      if (probe && Date.now() - probe.at < PROBE_REUSE_MS) return probe.up
      let timer: NodeJS.Timeout | undefined
      const up = Promise.race([
        options.db.execute(sql`select 1`).then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS)
        }),
      ])
        .catch(() => false)
        .finally(() => clearTimeout(timer))
      probe = { at: Date.now(), up }
      return up
    }

    app.get(
      HEALTH_PATH,
      {
        config: { access: 'public' },
        schema: {
          tags: ['health'],
          summary: 'Whether the service can work now',
          description:
            '200 `{"status": "ok", "database": "up"}`; 503 with Retry-After when the database cannot be ' +
            'reached (`unavailable`) or is not prepared yet (`starting`).',
          response: { 200: healthAnswer, 503: healthAnswer },
        },
      },
      async (request, reply) => {
        const up = await databaseUp()
        const database = up ? ('up' as const) : ('down' as const)
        if (up && options.readiness.ready) return { status: 'ok' as const, database }
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_SECONDS))
          .send({
            status: up ? ('starting' as const) : ('unavailable' as const),
            database,
            message: request.t('errors.database_unavailable'),
          })
      },
    )
  },
  { name: 'health', dependencies: ['i18n', 'access'] },
)

/**
 * Until the database is prepared, /api answers 503 (the health check and the API reference excepted).
 * Registered before the access plugin, whose session lookup needs the tables.
 */
export const readinessPlugin = fp(
  async (app: FastifyInstance, options: { readiness: Readiness }) => {
    app.addHook('onRequest', async (request) => {
      if (options.readiness.ready) return
      const url = request.url.split('?')[0] ?? ''
      if (
        !url.startsWith('/api/') ||
        url === HEALTH_PATH ||
        url === OPENAPI_PATH ||
        url.startsWith(DOCS_PREFIX)
      )
        return
      throw databaseUnavailable()
    })
  },
  { name: 'readiness', dependencies: ['errors'] },
)
