import { type FieldRules, type RoleRules, ruleExceeds, ruleOf, SUPER_ADMIN_ROLE } from '@vod/contract'
import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { permissions, rolePermissions, roles } from '../db/schema/index.ts'
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

/**
 * The fields (`resource.field`) the caller narrows that `rules` give more of (none ⊂ masked ⊂ read ⊂ write):
 * field names only, never a value. A resource the rules neither hold nor narrow is none of theirs.
 */
export function widerFields(
  caller: FieldRules,
  rules: FieldRules,
  holds: (resource: string) => boolean,
): string[] {
  return Object.entries(caller).flatMap(([resource, fields]) =>
    holds(resource) || Object.hasOwn(rules, resource)
      ? Object.entries(fields).flatMap(([field, own]) =>
          ruleExceeds(ruleOf(rules, resource, field), own) ? [`${resource}.${field}`] : [],
        )
      : [],
  )
}

/** Each given role with its field rules and the permission groups it holds. */
async function rulesOfRoles(db: Db, roleIds: readonly number[]): Promise<RoleRules[]> {
  const rows = await db
    .select({ id: roles.id, name: roles.name, field_rules: roles.fieldRules, group: permissions.group })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(roles.id, [...roleIds]))
  const byRole = new Map<number, RoleRules>()
  for (const row of rows) {
    const role = byRole.get(row.id) ?? { name: row.name, field_rules: row.field_rules, groups: [] }
    if (row.group && !role.groups.includes(row.group)) (role.groups as string[]).push(row.group)
    byRole.set(row.id, role)
  }
  return [...byRole.values()]
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
  if (missing.length === 0) {
    if ('roleIds' in grant) await ensureRolesWithinRules(db, caller, grant.roleIds)
    return
  }
  const params = namesParam(missing)
  if ('permissions' in grant) throw invalidField('permissions', 'grants.permissions_not_held', params)
  throw new ApiError(403, 'grants.roles_not_held', params)
}

/**
 * No escape from field rules: a role the caller gives (to an admin, itself included) is at least as narrow
 * as the caller's own effective rules on every field it narrows, for every resource the role holds or rules
 * on (the super-admin role, which reads everything, only to an admin without rules). 403 naming the fields.
 */
async function ensureRolesWithinRules(db: Db, caller: AuthenticatedAdmin, roleIds: readonly number[]) {
  if (roleIds.length === 0 || Object.keys(caller.fieldRules).length === 0) return
  const wider = new Set<string>()
  for (const role of await rulesOfRoles(db, roleIds)) {
    const all = role.name === SUPER_ADMIN_ROLE
    for (const name of widerFields(caller.fieldRules, all ? {} : role.field_rules, (resource) =>
      all ? true : role.groups.includes(resource),
    ))
      wider.add(name)
  }
  if (wider.size > 0) throw new ApiError(403, 'grants.roles_wider_fields', namesParam(wider))
}
