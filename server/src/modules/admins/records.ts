import { type Admin, adminStatuses } from '@vod/contract'
import { eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { admins, type roles } from '../../db/schema/index.ts'
import { invalidField, notFound } from '../../lib/errors.ts'

export const adminRecord = z
  .object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    status: z.enum(adminStatuses),
    roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
    allocated_members: z.number().int(),
    two_factor_bound: z.union([z.literal(0), z.literal(1)]),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Admin' }) satisfies z.ZodType<Admin>

/**
 * Admins as the wire shows them, roles and counts included, in one query for a whole page. Subqueries
 * name the outer table explicitly: drizzle leaves a one-table query's columns unqualified.
 */
export async function presentAdmins(db: Db, ids: readonly number[]): Promise<Admin[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({
      id: admins.id,
      username: admins.username,
      name: admins.name,
      phone: admins.phone,
      email: admins.email,
      status: admins.status,
      roles: sql<{ id: number; name: string }[]>`coalesce((
        select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.name, r.id)
        from admin_roles ar join roles r on r.id = ar.role_id
        where ar.admin_id = "admins"."id"
      ), '[]'::json)`,
      allocated: sql<number>`(select count(*) from admin_users au where au.admin_id = "admins"."id")::integer`,
      bound: sql<boolean>`${admins.twoFactorSecret} is not null`,
      createdAt: admins.createdAt,
      updatedAt: admins.updatedAt,
    })
    .from(admins)
    .where(inArray(admins.id, [...ids]))
  const byId = new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        username: row.username,
        name: row.name,
        phone: row.phone,
        email: row.email,
        status: row.status,
        roles: row.roles,
        allocated_members: Number(row.allocated),
        two_factor_bound: row.bound ? 1 : 0,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      } satisfies Admin,
    ]),
  )
  return ids.flatMap((id) => byId.get(id) ?? [])
}

export async function presentAdmin(db: Db, id: number): Promise<Admin> {
  const [admin] = await presentAdmins(db, [id])
  if (!admin) throw notFound()
  return admin
}

/** Takes the admin's row lock for the rest of the transaction; 404 when there is no such admin. */
export async function lockAdmin(tx: Db, id: number) {
  const [row] = await tx
    .select({
      id: admins.id,
      status: admins.status,
      secret: admins.twoFactorSecret,
      pending: admins.twoFactorPendingSecret,
    })
    .from(admins)
    .where(eq(admins.id, id))
    .for('update')
  if (!row) throw notFound()
  return row
}

/** The ids, once each, in order; 422 on `field` naming those that do not exist. */
export async function existingIds(
  db: Db,
  table: typeof roles | typeof admins,
  field: string,
  ids: readonly number[],
): Promise<number[]> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return []
  const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, wanted))
  const known = new Set(found.map((r) => r.id))
  const missing = wanted.filter((id) => !known.has(id))
  if (missing.length > 0) throw invalidField(field, 'validation.unknown_ids', { ids: missing.join(', ') })
  return wanted
}
