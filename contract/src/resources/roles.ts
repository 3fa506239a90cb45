import { z } from 'zod'
import { fieldRulesSchema } from '../field-rules.ts'
import { defineContract } from '../resource.ts'
import { instant, recordId, references } from '../values.ts'

/** Wire shapes of roles: a name, the permissions it holds, the admins holding it (spec sections 3 and 6). */
const roleLimits = { name: 100 } as const

const roleInput = z.object({
  name: z.string().trim().min(1).max(roleLimits.name),
  /** Permission names from GET /api/permissions; unknown names are a 422. */
  permissions: z.array(z.string().max(100)).max(1000),
  /**
   * resource -> field -> write | read | masked | none (field-rules.ts); fields left out are `write`. Only
   * the contract's record fields, `masked` only where the field declares a mask; no rule wider than the
   * caller's own.
   */
  field_rules: fieldRulesSchema.optional(),
})

/** POST /api/roles/{id}/assign: the admins that hold this role from now on (the set is replaced). */
export const roleAssignInput = z.object({ admin_ids: references('admins') })

const roleAdminRef = z.object({ id: z.number().int(), username: z.string(), name: z.string() })
export type RoleAdminRef = z.infer<typeof roleAdminRef>

/** A row of GET /api/roles and the body of GET /api/roles/{id}. */
const roleRecord = z
  .object({
    id: recordId,
    name: z.string(),
    permissions: z.array(z.string()),
    field_rules: fieldRulesSchema,
    admins: z.array(roleAdminRef),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Role' })
export type Role = z.infer<typeof roleRecord>

export const rolesContract = defineContract({
  path: 'roles',
  record: roleRecord,
  input: roleInput,
  list: { sortable: ['id', 'name', 'created_at', 'updated_at'], defaultSort: 'id', keyword: true },
})

/** A row of GET /api/permissions. */
export const permissionRecord = z
  .object({ id: z.number().int(), name: z.string(), group: z.string() })
  .meta({ id: 'Permission' })
export type Permission = z.infer<typeof permissionRecord>
