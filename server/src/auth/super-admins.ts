import { SUPER_ADMIN_ROLE } from '@vod/contract'
import { and, count, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { adminRoles, admins, roles } from '../db/schema/index.ts'
import { conflict } from '../lib/errors.ts'

// Any fixed number, the same in every process; distinct from the startup lock in db/client.ts.
const SUPER_ADMIN_LOCK = 7_210_514_002

/**
 * Someone must always be able to manage access. A transaction that could take the last enabled admin out of
 * the super-admin role (delete, disable, a role change) first takes this lock, so two such changes in
 * parallel cannot each leave the other's admin as the last one and both succeed.
 */
export async function lockSuperAdmins(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SUPER_ADMIN_LOCK})`)
}

/** Ends such a transaction: 409 (rolling it back) when no enabled admin holds the super-admin role any more. */
export async function ensureSuperAdminRemains(tx: Db): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(adminRoles)
    .innerJoin(roles, eq(roles.id, adminRoles.roleId))
    .innerJoin(admins, eq(admins.id, adminRoles.adminId))
    .where(and(eq(roles.name, SUPER_ADMIN_ROLE), eq(admins.status, 'enabled')))
  if (!row || Number(row.n) === 0) throw conflict('admins.last_super_admin')
}
