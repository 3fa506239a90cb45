import { isPermissionName, type Role } from '@vod/contract'
import { inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { permissions, roles } from '../../db/schema/index.ts'
import { invalidField, notFound } from '../../lib/errors.ts'

export const roleRecord = z
  .object({
    id: z.number().int(),
    name: z.string(),
    permissions: z.array(z.string()),
    admins: z.array(z.object({ id: z.number().int(), username: z.string(), name: z.string() })),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Role' }) satisfies z.ZodType<Role>

/** Roles as the wire shows them, with permission names and holders, in one query for a whole page. */
export async function presentRoles(db: Db, ids: readonly number[]): Promise<Role[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({
      id: roles.id,
      name: roles.name,
      permissions: sql<string[]>`coalesce((
        select array_agg(p.name order by p.name)
        from role_permissions rp join permissions p on p.id = rp.permission_id
        where rp.role_id = "roles"."id"
      ), '{}')`,
      admins: sql<Role['admins']>`coalesce((
        select json_agg(json_build_object('id', a.id, 'username', a.username, 'name', a.name) order by a.id)
        from admin_roles ar join admins a on a.id = ar.admin_id
        where ar.role_id = "roles"."id"
      ), '[]'::json)`,
      createdAt: roles.createdAt,
      updatedAt: roles.updatedAt,
    })
    .from(roles)
    .where(inArray(roles.id, [...ids]))
  const byId = new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        permissions: row.permissions,
        admins: row.admins,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      } satisfies Role,
    ]),
  )
  return ids.flatMap((id) => byId.get(id) ?? [])
}

export async function presentRole(db: Db, id: number): Promise<Role> {
  const [role] = await presentRoles(db, [id])
  if (!role) throw notFound()
  return role
}

/** The ids of permission names from the catalogue; 422 on `permissions` naming any other. */
export async function permissionIds(db: Db, names: readonly string[]): Promise<number[]> {
  const wanted = [...new Set(names)]
  const rows =
    wanted.length === 0
      ? []
      : await db
          .select({ id: permissions.id, name: permissions.name })
          .from(permissions)
          .where(inArray(permissions.name, wanted))
  const known = new Set(rows.filter((r) => isPermissionName(r.name)).map((r) => r.name))
  const unknown = wanted.filter((name) => !known.has(name))
  if (unknown.length > 0)
    throw invalidField('permissions', 'validation.unknown_permissions', {
      names: unknown.slice(0, 10).join(', ').slice(0, 300),
    })
  return rows.filter((r) => known.has(r.name)).map((r) => r.id)
}
