import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, FastifySchema } from 'fastify'
import fp from 'fastify-plugin'
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { DOCS_PREFIX, resourceOf } from './access.ts'
import { finishDocument } from './openapi-finish.ts'

export const OPENAPI_PATH = '/api/openapi.json'

/**
 * OpenAPI 3.1 built from the routes' own zod schemas, so the document cannot drift from what the server
 * validates. Each operation names what it needs (`x-permission` or `x-access`, and a line of its
 * description) and is grouped by resource.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    const zodTransform = createJsonSchemaTransform({ skipList: [] })
    const zodTransformObject = createJsonSchemaTransformObject({})
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Video back-office admin API',
          version: '1.0',
          description:
            'Conventions: JSON keys are snake_case both ways; errors are `{"message", "errors"}`; lists take ' +
            '`page`, `per_page` (1..100), `sort` (comma list, `-` for descending) and answer `{data, meta}`. ' +
            'Send `Authorization: Bearer <access_token>` from `POST /api/login`.',
          contact: { name: 'The back-office team' },
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        servers: [{ url: '/', description: 'This server (the paths start with /api)' }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform(document) {
        const { schema, url } = zodTransform(document)
        const config = document.route.config ?? {}
        if (!url.startsWith('/api/') || url.startsWith(DOCS_PREFIX) || url === OPENAPI_PATH)
          return { schema: { ...schema, hide: true }, url }
        const base = (schema ?? {}) as FastifySchema & Record<string, unknown>
        const needs = config.permission
          ? `Requires the permission \`${config.permission}\`.`
          : config.access === 'public'
            ? 'Public: no token needed.'
            : config.access === 'two-factor'
              ? 'Requires the `two_factor_token` from `POST /api/login` (to log in) or an access token (to bind from the profile).'
              : 'Requires a logged-in admin (any permissions).'
        const described: Record<string, unknown> = {
          ...base,
          tags: base.tags ?? [resourceOf(url)],
          description: [base.description, needs].filter(Boolean).join('\n\n'),
          security: config.access === 'public' ? [] : [{ bearer: [] }],
          ...(config.permission ? { 'x-permission': config.permission } : { 'x-access': config.access }),
        }
        return { schema: described, url }
      },
      transformObject: (input) => finishDocument(zodTransformObject(input)),
    })
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX })
    app.get(OPENAPI_PATH, { config: { access: 'public' } }, () => app.swagger())
  },
  { name: 'openapi' },
)
