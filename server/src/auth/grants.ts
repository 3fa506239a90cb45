import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { permissions, rolePermissions } from '../db/schema/index.ts'
import { ApiError, invalidField } from '../lib/errors.ts'
import type { AuthenticatedAdmin } from './sessions.ts'

/**
 * What a write hands out: permissions put into a role (POST and PUT /api/roles), or roles given to admins
 * (role_ids of POST and PUT /api/admins, POST /api/roles/{id}/assign). Pass only what is new: keeping what
 * a role or an admin has already is no grant.
 */
export type Grant = { permissions: readonly string[] } | { roleIds: readonly number[] }

/** The permission names the given roles carry, together. */
async function permissionsOfRoles(db: Db, roleIds: readonly number[]): Promise<string[]> {
  if (roleIds.length === 0) return []
  const rows = await db
    .selectDistinct({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, [...roleIds]))
  return rows.map((row) => row.name)
}

/** `{names}` of a refusal: the permission names, sorted, the first ten of them. */
export function namesParam(names: Iterable<string>): { names: string } {
  const sorted = [...names].sort()
  return { names: sorted.slice(0, 10).join(', ') + (sorted.length > 10 ? ', …' : '') }
}

/**
 * No privilege escalation: an admin hands out only permissions it holds itself, so no role it can write or
 * give (its own included) ever carries more than it has. Permissions put into a role are the form's mistake:
 * 422 on `permissions` naming them. A role given to an admin is a refusal of the act itself: 403 naming the
 * permissions the caller lacks (the same answer whether the admin is the caller or another).
 */
export async function ensureGrantable(db: Db, caller: AuthenticatedAdmin, grant: Grant): Promise<void> {
  const names = 'permissions' in grant ? grant.permissions : await permissionsOfRoles(db, grant.roleIds)
  const missing = [...new Set(names)].filter((name) => !caller.permissions.has(name))
  if (missing.length === 0) return
  const params = namesParam(missing)
  if ('permissions' in grant) throw invalidField('permissions', 'grants.permissions_not_held', params)
  throw new ApiError(403, 'grants.roles_not_held', params)
}
