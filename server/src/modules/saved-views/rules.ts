import type { SavedView } from '@vod/contract'
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { adminOf } from '../../auth/sessions.ts'
import { roles, savedViewDefaults, savedViews } from '../../db/schema/index.ts'
import { forbidden, invalidField } from '../../lib/errors.ts'
import { permissionOf } from '../../lib/resource/permissions.ts'
import type { WriteContext } from '../../lib/resource/types.ts'

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id))

/**
 * Only the owner changes or deletes a view; a view shared with others may also be changed by an admin who
 * holds the list's edit permission (`edit-orders` for a view of orders), as the issue asks. A view shared
 * with roles names at least one (else it would be shown to nobody but read as shared).
 */
export async function ownerOrListEditor({ request, operation, before, input }: WriteContext<SavedView>) {
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

/**
 * A role's default view (the list its members open with no query of their own opens on it): set, changed or
 * taken away only by a holder of the list's edit permission, among the roles the view is shared with, and
 * one per role and list. Taken under a lock of the table's, so two writers cannot both make one.
 */
export async function roleDefaults({ tx, request, operation, id, before, input }: WriteContext<SavedView>) {
  if (operation === 'delete') return
  const wanted = (input.default_role_ids ?? before?.default_role_ids ?? []) as number[]
  const list = (input.list ?? before?.list) as string
  const moved =
    !sameSet(wanted, before?.default_role_ids ?? []) || (wanted.length > 0 && list !== before?.list)
  if (moved && !adminOf(request).permissions.has(permissionOf('edit', list))) throw forbidden()
  if (wanted.length === 0) return
  const shared = input.shared ?? before?.shared
  const roleIds = (input.role_ids ?? before?.role_ids ?? []) as number[]
  if (shared !== 'roles' || wanted.some((role) => !roleIds.includes(role)))
    throw invalidField('default_role_ids', 'saved_views.default_not_shared')
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saved_view_defaults'))`)
  const taken = await tx
    .selectDistinct({ role: roles.name })
    .from(savedViewDefaults)
    .innerJoin(savedViews, eq(savedViews.id, savedViewDefaults.savedViewId))
    .innerJoin(roles, eq(roles.id, savedViewDefaults.roleId))
    .where(
      and(
        eq(savedViews.list, list),
        inArray(savedViewDefaults.roleId, wanted),
        id === null ? undefined : ne(savedViews.id, id),
      ),
    )
  if (taken.length > 0)
    throw invalidField('default_role_ids', 'saved_views.default_taken', {
      names: taken.map((row) => row.role).join(', '),
    })
}
