import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import { DATABASE_RETRY_SECONDS, databaseUnavailable } from '../lib/errors.ts'
import { DOCS_PREFIX } from './access.ts'
import { OPENAPI_PATH } from './openapi.ts'

const HEALTH_PATH = '/api/health'
const LIVE_PATH = '/api/health/live'
const READY_PATH = '/api/health/ready'

/**
 * Whether the database is migrated and bootstrapped. main.ts sets it once that is done; until then (a
 * PostgreSQL that was unreachable at start) every /api request but the health check and the API reference
 * answers 503.
 */
export interface Readiness {
  ready: boolean
  /** Set from the first moment of a stop (SIGTERM): /api/health/ready answers 503 from then on. */
  stopping?: boolean
}

const healthAnswer = z
  .object({
    status: z.enum(['ok', 'starting', 'unavailable']),
    database: z.enum(['up', 'down']),
    message: z.string().optional(),
  })
  .meta({ id: 'Health' })

const readyAnswer = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    database: z.enum(['up', 'down']),
    migrated: z.boolean(),
    stopping: z.boolean(),
    figures_behind_seconds: z.number().nullable(),
  })
  .meta({ id: 'Readiness' })

/** How long a probe may take, and how long its answer is reused (the route is public: no query per hit). */
const PROBE_TIMEOUT_MS = 3000
const PROBE_REUSE_MS = 1000

/**
 * GET /api/health for load balancers and operators: 200 when the service can work, 503 with Retry-After
 * when it cannot. It says whether the database answers, and nothing about it (no address, version or error).
 */
export const healthPlugin = fp(
  async (
    app: FastifyInstance,
    options: { db: Db; readiness: Readiness; figuresBehindSeconds: () => Promise<number> },
  ) => {
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

    /** How far the figures are behind, reused like the probe; null when it cannot be read. */
    let behind: { at: number; seconds: Promise<number | null> } | null = null
    function figuresBehind(): Promise<number | null> {
      if (behind && Date.now() - behind.at < PROBE_REUSE_MS) return behind.seconds
      const seconds = options.figuresBehindSeconds().catch(() => null)
      behind = { at: Date.now(), seconds }
      return seconds
    }

    app.get(
      LIVE_PATH,
      {
        config: { access: 'public' },
        schema: {
          tags: ['health'],
          summary: 'Whether the process answers (liveness)',
          description: 'Always 204 while the process serves: nothing is asked of the database.',
          response: { 204: z.undefined() },
        },
      },
      async (_request, reply) => reply.code(204).send(),
    )

    app.get(
      READY_PATH,
      {
        config: { access: 'public' },
        schema: {
          tags: ['health'],
          summary: 'Whether to send this process requests (readiness)',
          description:
            '200 when the database answers and is migrated and the process is not stopping; otherwise 503 saying ' +
            'which. How far the figures are behind is said (`figures_behind_seconds`) but decides nothing: a ' +
            "member site's bulk import must not take staff's screens out of rotation. A stopping process " +
            '(SIGTERM) answers 503 from the first moment of its grace, while it still finishes requests.',
          response: { 200: readyAnswer, 503: readyAnswer },
        },
      },
      async (_request, reply) => {
        const stopping = options.readiness.stopping === true
        const migrated = options.readiness.ready
        const up = await databaseUp()
        const seconds = up && migrated ? await figuresBehind() : null
        const ready = !stopping && up && migrated
        return reply.code(ready ? 200 : 503).send({
          status: ready ? ('ready' as const) : ('not_ready' as const),
          database: up ? ('up' as const) : ('down' as const),
          migrated,
          stopping,
          figures_behind_seconds: seconds,
        })
      },
    )

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
        url === LIVE_PATH ||
        url === READY_PATH ||
        url === OPENAPI_PATH ||
        url.startsWith(DOCS_PREFIX)
      )
        return
      throw databaseUnavailable()
    })
  },
  { name: 'readiness', dependencies: ['errors'] },
)
