import { type SavedView, savedViewsContract } from '@vod/contract'
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { adminOf } from '../../auth/sessions.ts'
import { adminRoles, roles, savedViewRoles, savedViews } from '../../db/schema/index.ts'
import { forbidden, invalidField } from '../../lib/errors.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { permissionOf } from '../../lib/resource/permissions.ts'
import { qualified } from '../../lib/resource/relations.ts'
import type { WriteContext } from '../../lib/resource/types.ts'

/**
 * The lists whose views another admin shared the caller may see: those it may list with no field of theirs
 * narrowed (hidden or masked). A view's query names filters and a keyword its owner typed, which can be values of
 * fields the caller may not read (an e-mail, a phone): a narrowed reader is shown its own views of that list only.
 */
function listsSharedWith(request: FastifyRequest): string[] {
  const admin = adminOf(request)
  const rules = admin.fieldRules ?? {}
  return [...admin.permissions].flatMap((name) => {
    const list = /^list-(.+)$/.exec(name)?.[1]
    if (!list) return []
    return Object.values(rules[list] ?? {}).some((rule) => rule === 'none' || rule === 'masked') ? [] : [list]
  })
}

/**
 * The views a caller sees: its own, and, of the lists it may read unnarrowed (listsSharedWith), those shared
 * with everyone and those shared with one of its roles (read by the same statement, so a role or a permission
 * taken away hides them at once). Others' private views are 404.
 */
function visibleTo(request: FastifyRequest) {
  const me = adminOf(request).id
  const mine = sql`select ${qualified(adminRoles.roleId)} from ${adminRoles} where ${qualified(adminRoles.adminId)} = ${me}`
  const viaRole = sql`exists (select 1 from ${savedViewRoles} where ${qualified(savedViewRoles.savedViewId)} = ${qualified(savedViews.id)} and ${qualified(savedViewRoles.roleId)} in (${mine}))`
  const lists = listsSharedWith(request)
  const shared = or(eq(savedViews.shared, 'everyone'), and(eq(savedViews.shared, 'roles'), viaRole))
  return or(
    eq(savedViews.ownerAdminId, me),
    lists.length > 0 ? and(inArray(savedViews.list, lists), shared) : undefined,
  )
}

/**
 * Only the owner changes or deletes a view; a view shared with others may also be changed by an admin who
 * holds the list's edit permission (`edit-orders` for a view of orders), as the issue asks. A view shared
 * with roles names at least one (else it would be shown to nobody but read as shared).
 */
async function ownerOrListEditor({ request, operation, before, input }: WriteContext<SavedView>) {
  const me = adminOf(request)
  const mayChange =
    !before ||
    before.owner_admin_id === me.id ||
    (before.shared !== 'private' && me.permissions.has(permissionOf('edit', before.list)))
  if (!mayChange) throw forbidden()
  const shared = input.shared ?? before?.shared
  const roleIds = (input.role_ids ?? before?.role_ids ?? []) as number[]
  // A delete is never refused for it: the roles of a view may all be gone by then.
  if (operation !== 'delete' && shared === 'roles' && roleIds.length === 0)
    throw invalidField('role_ids', 'validation.required')
}

/** Saved views (issue 67): every admin's own and shared list views, open to any logged-in admin. */
export const savedViewsModule = defineResource<SavedView>({
  contract: savedViewsContract,
  table: savedViews,
  access: 'authenticated',
  scope: visibleTo,
  stamp: (request) => ({ ownerAdminId: adminOf(request).id }),
  relations: { role_ids: { through: savedViewRoles, target: roles } },
  hooks: { check: ownerOrListEditor },
})
