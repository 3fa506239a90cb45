import { type AdminStatus, effectiveFieldRules, type RoleRules, SUPER_ADMIN_ROLE } from '@vod/contract'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { adminRoles, admins, permissions, rolePermissions, roles } from '../db/schema/index.ts'
import { ApiError } from '../lib/errors.ts'
import { namesParam, widerFields } from './grants.ts'
import { type AuthenticatedAdmin, adminRoleRules } from './sessions.ts'

/** Each admin's permission names now, and whether it holds the super-admin role. */
async function standingOf(db: Db, ids: readonly number[]) {
  const rows = await db
    .select({
      id: admins.id,
      permissions: sql<string[]>`coalesce(array_agg(distinct ${permissions.name})
        filter (where ${permissions.name} is not null), '{}')`,
      superAdmin: sql<boolean>`coalesce(bool_or(${roles.name} = ${SUPER_ADMIN_ROLE}), false)`,
      roles: sql<RoleRules[] | string>`(${adminRoleRules})`,
    })
    .from(admins)
    .leftJoin(adminRoles, eq(adminRoles.adminId, admins.id))
    .leftJoin(roles, eq(roles.id, adminRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, adminRoles.roleId))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(admins.id, [...ids]))
    .groupBy(admins.id)
  return new Map(
    rows.map((row) => {
      const held: RoleRules[] = typeof row.roles === 'string' ? JSON.parse(row.roles) : row.roles
      // The resources it reads anything of: those its roles hold a permission of (all, for a super-admin).
      const groups = new Set(held.flatMap((role) => role.groups))
      const holds = (resource: string) => row.superAdmin || groups.has(resource)
      return [row.id, { ...row, fieldRules: effectiveFieldRules(held), holds }]
    }),
  )
}

/**
 * No takeover of a stronger admin: the caller may change, enable, disable, delete or reset only admins
 * whose permissions are all its own (an equal admin included), an admin holding the super-admin role only
 * when it holds that role too, and with `roles`, never its own roles. Otherwise 403. Every write to an
 * admin (PUT, DELETE, enable, disable, resetQRCode, its allocated members) and every role assignment calls
 * this on the admins it touches, inside its transaction after the locks it takes, so the standing checked
 * is the one changed.
 */
export async function ensureMayManage(
  db: Db,
  caller: AuthenticatedAdmin,
  targetIds: number | readonly number[],
  options: { roles?: boolean } = {},
): Promise<void> {
  const targets = [...new Set(typeof targetIds === 'number' ? [targetIds] : targetIds)]
  if (targets.length === 0) return
  if (options.roles && targets.includes(caller.id)) throw new ApiError(403, 'admins.own_roles')
  const standing = await standingOf(db, [...targets, caller.id])
  const own = standing.get(caller.id)
  // Read in this transaction: what the caller holds now, not what it held when the request began.
  const held = new Set(own?.permissions ?? [])
  const missing = new Set<string>()
  for (const id of targets) {
    const target = standing.get(id)
    if (!target) continue
    if (target.superAdmin && !own?.superAdmin) throw new ApiError(403, 'admins.super_admin_only')
    for (const name of target.permissions) if (!held.has(name)) missing.add(name)
  }
  if (missing.size > 0) throw new ApiError(403, 'admins.stronger', namesParam(missing))
  // Nor of an admin that reads more than the caller: its effective field rules at least as narrow.
  const wider = new Set<string>()
  for (const id of targets) {
    const target = standing.get(id)
    if (target && id !== caller.id)
      for (const name of widerFields(own?.fieldRules ?? {}, target.fieldRules, target.holds)) wider.add(name)
  }
  if (wider.size > 0) throw new ApiError(403, 'admins.wider_fields', namesParam(wider))
}

/**
 * Whether the caller may pick this admin where admins are named (a channel's admins): itself, or, with
 * `list-admins` (it sees them all in the admins list anyway), an admin it may manage by the rules above.
 * False for an admin that does not exist, so a caller learns nothing it could not list.
 */
export async function mayPickAdmin(db: Db, caller: AuthenticatedAdmin, targetId: number): Promise<boolean> {
  const standing = await standingOf(db, [targetId, caller.id])
  const target = standing.get(targetId)
  if (!target) return false
  if (targetId === caller.id) return true
  if (!caller.permissions.has('list-admins')) return false
  const own = standing.get(caller.id)
  if (target.superAdmin && !own?.superAdmin) return false
  const held = new Set(own?.permissions ?? [])
  return target.permissions.every((name) => held.has(name))
}

/**
 * `status` changes only with the permission of the action that makes the same change (enable-admins,
 * disable-admins), whichever route carries it: PUT /api/admins/{id} is no way around them. 403 otherwise.
 */
export function ensureMaySetStatus(
  caller: AuthenticatedAdmin,
  from: AdminStatus,
  to: AdminStatus | undefined,
) {
  if (to === undefined || to === from) return
  const permission = to === 'enabled' ? 'enable-admins' : 'disable-admins'
  if (!caller.permissions.has(permission)) throw new ApiError(403, 'admins.status_permission', { permission })
}
