import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import { type AuthenticatedAdmin, adminAsNow, withAccess } from '../../auth/sessions.ts'
import type { Db } from '../../db/client.ts'
import { admins } from '../../db/schema/index.ts'
import { auditedAs } from '../../lib/audit.ts'

/**
 * The admin who scheduled a change, as a request of theirs would find them now (their roles' permissions
 * and field rules at run time, not at scheduling time); null once disabled or gone.
 */
export async function schedulerOf(db: Db, adminId: number): Promise<AuthenticatedAdmin | null> {
  const [row] = await db
    .select(adminAsNow)
    .from(admins)
    .where(and(eq(admins.id, adminId), eq(admins.status, 'enabled')))
  if (!row) return null
  return { ...withAccess(row), twoFactorBound: false, sessionId: '', expiresAt: new Date(8.64e15) }
}

/**
 * What the write paths read of a request, for a change made on the scheduler's behalf without one: the
 * admin (permissions, field rules, the audit's actor), no address, no If-Match (a scheduled change applies
 * to the record as it is then). Its audit entries say which scheduled change made them.
 */
export function requestAs(
  admin: AuthenticatedAdmin,
  log: FastifyBaseLogger,
  mark: { id: number; late: boolean },
): FastifyRequest {
  const request = {
    admin,
    twoFactorAdminId: null,
    ip: null,
    headers: {},
    params: {},
    query: {},
    id: `scheduled-change-${mark.id}`,
    log,
  } as unknown as FastifyRequest
  auditedAs(request, { scheduled: mark })
  return request
}
