import { z } from 'zod'
import { ID_MAX } from '../rules.ts'

/** Wire shapes of roles: a name, the permissions it holds, the admins holding it (spec sections 3 and 6). */
export const roleInput = z.object({
  name: z.string().trim().min(1).max(100),
  /** Permission names from GET /api/permissions; unknown names are a 422. */
  permissions: z.array(z.string().max(100)).max(1000),
})
export type RoleInput = z.infer<typeof roleInput>

/** POST /api/roles/{id}/assign: the admins that hold this role from now on (the set is replaced). */
export const roleAssignInput = z.object({
  admin_ids: z.array(z.number().int().positive().max(ID_MAX)).max(1000),
})
export type RoleAssignInput = z.infer<typeof roleAssignInput>

export interface RoleAdminRef {
  id: number
  username: string
  name: string
}

/** A row of GET /api/roles and the body of GET /api/roles/{id}. */
export interface Role {
  id: number
  name: string
  permissions: string[]
  admins: RoleAdminRef[]
  created_at: string
  updated_at: string
}

export const roleSortable = ['id', 'name', 'created_at', 'updated_at'] as const

/** A row of GET /api/permissions. */
export interface Permission {
  id: number
  name: string
  group: string
}
