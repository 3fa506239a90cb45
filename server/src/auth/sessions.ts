import { randomBytes } from 'node:crypto'
import { effectiveFieldRules, effectivePermissions, type FieldRules, type RoleRules } from '@vod/contract'
import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/client.ts'
import { admins, sessions } from '../db/schema/index.ts'
import { type SessionEndReason, unauthenticated } from '../lib/errors.ts'

/** Who is calling: loaded from the database, or from session-cache.ts while nothing has changed since. */
export interface AuthenticatedAdmin {
  id: number
  username: string
  name: string
  avatar: string | null
  introduction: string | null
  email: string | null
  /** Whether an authenticator is bound (the profile shows it; GET /api/auth/me answers it). */
  twoFactorBound: boolean
  sessionId: string
  /** When the session ends by itself. */
  expiresAt: Date
  permissions: ReadonlySet<string>
  /** The fields its roles narrow (contract/src/field-rules.ts `effectiveFieldRules`), read with the permissions. */
  fieldRules: FieldRules
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of a non-public route (plugins/access.ts); null on public routes. Read it through `adminOf`. */
    admin: AuthenticatedAdmin | null
    /** On a 'two-factor' route called with a two-factor token: the admin whose password was right. */
    twoFactorAdminId: number | null
  }
}

/** The caller of a route that is not public. */
export function adminOf(request: FastifyRequest): AuthenticatedAdmin {
  if (!request.admin) throw unauthenticated()
  return request.admin
}

export async function createSession(
  db: Db,
  input: { adminId: number; ttlSeconds: number; ip: string | null; userAgent: string | null },
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + input.ttlSeconds * 1000)
  // Expired sessions of this admin are of no use any more; dropping them here keeps the table small.
  await db
    .delete(sessions)
    .where(and(eq(sessions.adminId, input.adminId), lt(sessions.expiresAt, sql`now()`)))
  await db.insert(sessions).values({
    id,
    adminId: input.adminId,
    expiresAt,
    ip: input.ip?.slice(0, 64) ?? null,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
  })
  return { id, expiresAt }
}

/**
 * The permission names of the admin in the outer query (which selects from `admins`), through all of its
 * roles, sorted. Spelled out with aliases: drizzle leaves columns of a one-table query unqualified, which
 * would be ambiguous inside this subquery.
 */
export const adminPermissionNames = sql<string[]>`coalesce((
  select array_agg(distinct p.name order by p.name)
  from admin_roles ar
  join role_permissions rp on rp.role_id = ar.role_id
  join permissions p on p.id = rp.permission_id
  where ar.admin_id = "admins"."id"
), '{}')`

/**
 * The roles of the admin in the outer query, each with its field rules and the permission groups it holds
 * (what effectiveFieldRules weighs them by).
 */
export const adminRoleRules = sql<RoleRules[]>`coalesce((
  select json_agg(json_build_object('name', r.name, 'field_rules', r.field_rules, 'groups', coalesce((
    select json_agg(distinct p."group")
    from role_permissions rp
    join permissions p on p.id = rp.permission_id
    where rp.role_id = r.id
  ), '[]'::json)))
  from admin_roles ar
  join roles r on r.id = ar.role_id
  where ar.admin_id = "admins"."id"
), '[]'::json)`

/** An admin as a request of theirs finds them: who, and their roles' permissions and rules as they are now. */
export const adminAsNow = {
  id: admins.id,
  username: admins.username,
  name: admins.name,
  avatar: admins.avatar,
  introduction: admins.introduction,
  email: admins.email,
  permissions: adminPermissionNames,
  roles: adminRoleRules,
}

/** A row selected with adminAsNow, its permissions and field rules made effective (the roles taken together). */
export function withAccess<T extends { permissions: string[]; roles: RoleRules[] | string }>(row: T) {
  const { roles, ...admin } = row
  return {
    ...admin,
    permissions: new Set(effectivePermissions(row.permissions)),
    fieldRules: effectiveFieldRules(typeof roles === 'string' ? JSON.parse(roles) : roles),
  }
}

/**
 * One query: the session must be live (not revoked, not expired), its admin enabled; the permissions come
 * from the roles as they are now. session-cache.ts keeps the answer until anything it depends on changes.
 */
export async function findAuthenticatedAdmin(
  db: Db,
  sessionId: string,
  adminId: number,
): Promise<AuthenticatedAdmin | null> {
  const [row] = await db
    .select({
      ...adminAsNow,
      twoFactorBound: sql<boolean>`${admins.twoFactorSecret} is not null`,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.adminId, adminId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(admins.status, 'enabled'),
      ),
    )
  return row ? { ...withAccess(row), sessionId } : null
}

/**
 * Why a genuine access token opens no session: its admin is disabled (which also ended the session), or
 * the session simply expired or was ended.
 */
export async function sessionEndReason(db: Db, adminId: number | null): Promise<SessionEndReason> {
  if (adminId === null) return 'session_ended'
  const [row] = await db.select({ status: admins.status }).from(admins).where(eq(admins.id, adminId))
  return row?.status === 'disabled' ? 'account_disabled' : 'session_ended'
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

/**
 * Ends every live session of the given admins at once (disable, password change, own password change, role
 * change, authenticator reset). `except` keeps one session: pass the caller's own, so it is not logged out by
 * its own change (a session belongs to one admin, so it keeps nothing of anyone else's). Pass the transaction
 * of the change, so both happen or neither does.
 */
export async function revokeSessionsOf(
  db: Db,
  adminIds: number | readonly number[],
  options: { except?: string } = {},
): Promise<void> {
  const ids = typeof adminIds === 'number' ? [adminIds] : [...adminIds]
  if (ids.length === 0) return
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        inArray(sessions.adminId, ids),
        isNull(sessions.revokedAt),
        options.except === undefined ? undefined : ne(sessions.id, options.except),
      ),
    )
}
