import {
  type FieldRules,
  permissionEntries,
  type Role,
  roleAssignInput,
  ruleExceeds,
  ruleOf,
  SUPER_ADMIN_ROLE,
} from '@vod/contract'
import { and, eq, inArray } from 'drizzle-orm'
import { ensureMayManage } from '../../auth/admin-guard.ts'
import { ensureGrantable, namesParam } from '../../auth/grants.ts'
import { adminOf, revokeSessionsOf } from '../../auth/sessions.ts'
import { ensureSuperAdminRemains, lockSuperAdmins } from '../../auth/super-admins.ts'
import { adminRoles, admins, roles } from '../../db/schema/index.ts'
import { conflict, invalidField } from '../../lib/errors.ts'
import { declaredRecords, masksOf } from '../../lib/resource/field-access.ts'
import { resolveKeys } from '../../lib/resource/relations.ts'
import type { ActionRoute, WriteHooks } from '../../lib/resource/types.ts'
import { sameSet } from '../../lib/sets.ts'

/**
 * What only roles have, around each write of one: no escalation (a permission the caller lacks is 422 on
 * `permissions`, auth/grants.ts); the super-admin role keeps its name and every permission and is never
 * deleted; a role some admin holds is not deleted. Permissions are read afresh on each request, so a role's
 * new permissions count on its holders' next request.
 */
/**
 * A role's field rules name only record fields of the product's resources (422 `fields.unknown`), mask
 * only fields that declare a mask (422 `fields.no_mask`), and give no field of a resource the role holds
 * more than the caller has of it (422 `fields.not_held`): a narrowed admin cannot widen a role past itself.
 */
function checkFieldRules(caller: FieldRules, rules: FieldRules, groups: readonly string[]) {
  const unknown: string[] = []
  const unmasked: string[] = []
  for (const [resource, fields] of Object.entries(rules)) {
    const record = declaredRecords.get(resource)
    const masks = record ? masksOf(record) : {}
    for (const [field, rule] of Object.entries(fields)) {
      // Own fields only: `constructor` or `toString` are in every object's prototype, never a field.
      if (!record || !Object.hasOwn(record.shape, field)) unknown.push(`${resource}.${field}`)
      else if (rule === 'masked' && !masks[field]) unmasked.push(`${resource}.${field}`)
    }
  }
  if (unknown.length > 0) throw invalidField('field_rules', 'fields.unknown', namesParam(unknown))
  if (unmasked.length > 0) throw invalidField('field_rules', 'fields.no_mask', namesParam(unmasked))
  const wider = Object.entries(caller).flatMap(([resource, fields]) =>
    groups.includes(resource)
      ? Object.entries(fields).flatMap(([field, own]) =>
          ruleExceeds(ruleOf(rules, resource, field), own) ? [`${resource}.${field}`] : [],
        )
      : [],
  )
  if (wider.length > 0) throw invalidField('field_rules', 'fields.not_held', namesParam(wider))
}

/** The permission groups of a role's permission names (`users` for `list-users`). */
const groupsOf = (names: readonly string[]) =>
  names.flatMap((name) => {
    const entry = permissionEntries.find((candidate) => candidate.name === name)
    return entry ? [entry.group] : []
  })

export const roleRules: WriteHooks<Role> = {
  async guard({ tx, operation }) {
    if (operation === 'assign') await lockSuperAdmins(tx)
  },

  async check({ tx, request, operation, before, input, added }) {
    // Permissions the role keeps were granted before; only new ones must be the caller's own.
    const given = added.permissions as string[] | undefined
    if (given?.length) await ensureGrantable(tx, adminOf(request), { permissions: given })
    const fieldRules = input.field_rules as FieldRules | undefined
    if (operation === 'create' || operation === 'update') {
      const permissions = (input.permissions as string[] | undefined) ?? before?.permissions ?? []
      checkFieldRules(
        adminOf(request).fieldRules,
        fieldRules ?? before?.field_rules ?? {},
        groupsOf(permissions),
      )
    }
    if (before?.name === SUPER_ADMIN_ROLE) {
      const renamed = input.name !== undefined && input.name !== before.name
      const regranted =
        input.permissions !== undefined && !sameSet(input.permissions as string[], before.permissions)
      // The super-admin reads and writes every field whatever its rules say: they stay empty.
      const narrowed =
        fieldRules !== undefined && Object.values(fieldRules).some((f) => Object.keys(f).length > 0)
      if (operation === 'delete' || (operation === 'update' && (renamed || regranted || narrowed)))
        throw conflict('roles.super_admin')
    }
    if (operation === 'delete' && before && before.admins.length > 0)
      throw conflict('roles.in_use', { count: before.admins.length })
  },
}

/**
 * POST /api/roles/{id}/assign: the admins that hold the role from now on. Those who gain or lose it have
 * their sessions ended (API.md "Auth"); giving it is a grant of its permissions (403 when the caller lacks
 * any); the super-admin role keeps an enabled holder (409).
 */
export const assign: ActionRoute<Role> = {
  body: roleAssignInput,
  summary: 'Set which admins hold this role',
  description:
    'Replaces the set. Admins who gain or lose the role have their sessions ended (yours except this ' +
    'one). 422 for an unknown admin id; 403 when an admin gains it and its permissions are not all ' +
    'yours, for your own roles, and for an admin holding a permission you do not; 409 when no enabled admin would keep the super-admin role.',
  async run({ tx, request, id, before, body }) {
    const me = adminOf(request)
    const wanted = await resolveKeys(tx, { table: admins }, 'admin_ids', body.admin_ids)
    const current = before.admins.map((admin) => admin.id)
    const removed = current.filter((adminId) => !wanted.includes(adminId))
    const added = wanted.filter((adminId) => !current.includes(adminId))
    if (added.length > 0) await ensureGrantable(tx, me, { roleIds: [id] })
    // Nobody changes its own roles, nor takes a role from (or gives one to) an admin stronger than itself.
    await ensureMayManage(tx, me, [...removed, ...added], { roles: true })
    if (removed.length > 0)
      await tx.delete(adminRoles).where(and(eq(adminRoles.roleId, id), inArray(adminRoles.adminId, removed)))
    if (added.length > 0)
      await tx.insert(adminRoles).values(added.map((adminId) => ({ adminId, roleId: id })))
    if (before.name === SUPER_ADMIN_ROLE) await ensureSuperAdminRemains(tx)
    const changed = [...removed, ...added]
    if (changed.length > 0) {
      await revokeSessionsOf(tx, changed, { except: me.sessionId })
      await tx.update(roles).set({ updatedAt: new Date() }).where(eq(roles.id, id))
      await tx.update(admins).set({ updatedAt: new Date() }).where(inArray(admins.id, changed))
    }
    // A save that leaves the holders as they were (the role form sends them each time) is no event.
    if (changed.length === 0) return null
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b)
    return { admin_ids: [sorted(current), sorted(wanted)] }
  },
}
