import { type SavedView, savedViewDefaultsAnswer, savedViewsContract } from '@vod/contract'
import { and, eq, inArray, min, or, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { adminOf } from '../../auth/sessions.ts'
import { adminRoles, roles, savedViewDefaults, savedViewRoles, savedViews } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { qualified } from '../../lib/resource/relations.ts'
import type { WriteContext } from '../../lib/resource/types.ts'
import { dataOf, protectedErrors } from '../../lib/responses.ts'
import type { ApiModule, ModuleOptions } from '../types.ts'
import { answerReadBy } from './narrowed.ts'
import { ownerOrListEditor, roleDefaults } from './rules.ts'

/**
 * The lists whose views another admin shared the caller may see: those it may list. Where its roles narrow a
 * field of the list, a shared view's values are read as asReadBy leaves them (narrowed.ts).
 */
function listsSharedWith(request: FastifyRequest): string[] {
  return [...adminOf(request).permissions].flatMap((name) => /^list-(.+)$/.exec(name)?.[1] ?? [])
}

/** The caller's roles, read by the statement that uses them (a role taken away counts at once). */
const rolesOf = (request: FastifyRequest) =>
  sql`select ${qualified(adminRoles.roleId)} from ${adminRoles} where ${qualified(adminRoles.adminId)} = ${adminOf(request).id}`

/**
 * The views a caller sees: its own, and, of the lists it may list (listsSharedWith), those shared
 * with everyone and those shared with one of its roles (read by the same statement, so a role or a permission
 * taken away hides them at once). Others' private views are 404.
 */
function visibleTo(request: FastifyRequest) {
  const viaRole = sql`exists (select 1 from ${savedViewRoles} where ${qualified(savedViewRoles.savedViewId)} = ${qualified(savedViews.id)} and ${qualified(savedViewRoles.roleId)} in (${rolesOf(request)}))`
  const lists = listsSharedWith(request)
  const shared = or(eq(savedViews.shared, 'everyone'), and(eq(savedViews.shared, 'roles'), viaRole))
  return or(
    eq(savedViews.ownerAdminId, adminOf(request).id),
    lists.length > 0 ? and(inArray(savedViews.list, lists), shared) : undefined,
  )
}

/** Saved views (issue 67): every admin's own and shared list views, open to any logged-in admin. */
const savedViewsResource = defineResource<SavedView>({
  contract: savedViewsContract,
  table: savedViews,
  access: 'authenticated',
  scope: visibleTo,
  stamp: (request) => ({ ownerAdminId: adminOf(request).id }),
  relations: {
    role_ids: { through: savedViewRoles, target: roles },
    default_role_ids: { through: savedViewDefaults, target: roles },
  },
  hooks: {
    check: async (ctx: WriteContext<SavedView>) => {
      await ownerOrListEditor(ctx)
      await roleDefaults(ctx)
    },
  },
})

/** `GET /saved-views/defaults` (contract savedViewDefaultsAnswer): what each list opens on for the caller. */
async function defaultsRoute(app: FastifyInstance, { db }: ModuleOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/saved-views/defaults',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['saved-views'],
        summary: "The caller's role default view of each list, by list",
        description:
          "A list opened with no query of its own opens on this view: the default of one of the caller's roles " +
          'that the caller may see (its lowest id where its roles have several).',
        response: { 200: dataOf(savedViewDefaultsAnswer), ...protectedErrors },
      },
    },
    async (request) => {
      const rows = await db
        .select({ list: savedViews.list, id: min(savedViews.id) })
        .from(savedViews)
        .innerJoin(savedViewDefaults, eq(savedViewDefaults.savedViewId, savedViews.id))
        .where(and(sql`${savedViewDefaults.roleId} in (${rolesOf(request)})`, visibleTo(request)))
        .groupBy(savedViews.list)
      return { data: Object.fromEntries(rows.map((row) => [row.list, row.id as number])) }
    },
  )
}

export const savedViewsModule: ApiModule = Object.assign(
  async (app: Parameters<ApiModule>[0], options: Parameters<ApiModule>[1]) => {
    // Every answer of this module's routes (a list's is written as text already): what another admin typed is
    // read as the caller's field rules allow. Before compression, which each route does in its own onSend.
    app.addHook('onSend', async (request, reply, payload) => {
      const narrowed = Object.keys(request.admin?.fieldRules ?? {}).length > 0
      if (
        !narrowed ||
        typeof payload !== 'string' ||
        !String(reply.getHeader('content-type')).includes('json')
      )
        return payload
      return JSON.stringify(answerReadBy(request, JSON.parse(payload)))
    })
    // Before `/saved-views/:id`, which would otherwise be tried with "defaults".
    await defaultsRoute(app, options)
    await savedViewsResource(app, options)
  },
  { permissions: savedViewsResource.permissions },
)
