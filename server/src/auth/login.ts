import { effectivePermissions, type LoginAnswer } from '@vod/contract'
import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { admins } from '../db/schema/index.ts'
import { audit } from '../lib/audit.ts'
import { adminPermissionNames, createSession } from './sessions.ts'
import { signAccessToken } from './tokens.ts'

/**
 * Completes a login once every check has passed: a new session, its access token, the admin's permissions
 * as they are now, and a `login` entry in the audit trail.
 */
export async function completeLogin(
  db: Db,
  config: Config,
  secret: Uint8Array,
  request: FastifyRequest,
  admin: { id: number; username: string },
): Promise<LoginAnswer> {
  const session = await createSession(db, {
    adminId: admin.id,
    ttlSeconds: config.tokenTtlSeconds,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  })
  const token = await signAccessToken(secret, { adminId: admin.id, sessionId: session.id }, session.expiresAt)
  const [row] = await db
    .select({ permissions: adminPermissionNames })
    .from(admins)
    .where(eq(admins.id, admin.id))
  await audit(db, request, { resource: 'auth', recordId: admin.id, action: 'login', actor: admin })
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: config.tokenTtlSeconds,
    permissions: effectivePermissions(row?.permissions ?? []),
  }
}
