import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { hideableFigures } from '@vod/contract'
import type { FastifyInstance, FastifySchema } from 'fastify'
import fp from 'fastify-plugin'
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { declaredRecords, masksOf } from '../lib/resource/field-access.ts'
import { errorBody } from '../lib/responses.ts'
import { DOCS_PREFIX, resourceOf } from './access.ts'
import { finishDocument } from './openapi-finish.ts'

export const OPENAPI_PATH = '/api/openapi.json'

/** API.md's error shape as JSON Schema, for the answers the routes do not declare themselves. */
const { $schema: _dialect, ...errorBodyJson } = z.toJSONSchema(errorBody)

/**
 * What an operation's answer may lack under the caller's field rules (docs/security.md "Field rules"), said
 * in its description and as `x-field-rules`: the resource whose rules apply, the fields they may leave out
 * (any but `id`) and those they may mask; or the figures they may leave out. A client reads the caller's
 * rules from GET /api/auth/me `field_rules` rather than by trial.
 */
function fieldRulesOf(config: { fieldRules?: string; figures?: true }) {
  if (config.figures)
    return {
      text:
        "Field rules: a figure summed over a field the caller's rules let it read only masked or not at all " +
        `(${hideableFigures.join(', ')}) is absent (GET /api/auth/me \`field_rules\`).`,
      extension: { figures_may_be_absent: [...hideableFigures] },
    }
  const record = config.fieldRules ? declaredRecords.get(config.fieldRules) : undefined
  if (!config.fieldRules || !record) return undefined
  const absent = Object.keys(record.shape).filter((field) => field !== 'id')
  const masked = Object.keys(masksOf(record))
  return {
    text:
      `Field rules of \`${config.fieldRules}\`: any field of the answer but \`id\` is absent where the caller's ` +
      'rules hide it' +
      (masked.length > 0 ? `; ${masked.join(', ')} may come masked` : '') +
      ' (GET /api/auth/me `field_rules`). A sort, filter or range on a hidden field is 422 naming it.',
    extension: { resource: config.fieldRules, may_be_absent: absent, may_be_masked: masked },
  }
}

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
        const narrowed = fieldRulesOf(config)
        const described: Record<string, unknown> = {
          ...base,
          // A figure call on a database that keeps no figures (modules/analytics/keeping/unkept.ts).
          ...(config.figures ? { response: { ...(base.response as object), 503: errorBodyJson } } : {}),
          tags: base.tags ?? [resourceOf(url)],
          description: [base.description, needs, narrowed?.text].filter(Boolean).join('\n\n'),
          ...(narrowed ? { 'x-field-rules': narrowed.extension } : {}),
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
