import { and, desc, eq, gt, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/client.ts'
import { auditLogs } from '../db/schema/index.ts'

/** What the trail shows instead of a secret's value, on create and on update alike. */
const SECRET_MARK = '[changed]'
/** Fields whose values never reach the trail, whatever resource they belong to. */
const SECRET_FIELD = /password|secret|token/i

export interface AuditEntry {
  /** The API path segment: `admins`, `roles`, `tags`, `auth` for logins. */
  resource: string
  recordId?: number | null
  /** create, update, delete, login, login-failed, logout, forbidden, or the action's own verb. */
  action: string
  changes?: Record<string, unknown> | null
  /** Who acted, when it is not the request's logged-in admin (logins, failed logins). */
  actor?: { id: number | null; username: string | null }
}

function masked(changes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(changes).map(([field, value]) => [field, SECRET_FIELD.test(field) ? SECRET_MARK : value]),
  )
}

/** What every entry written for a request says besides its changes (auditedAs). */
const marks = new WeakMap<FastifyRequest, Record<string, unknown>>()

/**
 * Every entry written for `request` carries `mark` in its changes: a change scheduled ahead runs the manual
 * write on its scheduler's behalf, and its entries say so (`scheduled: {id, late}`).
 */
export function auditedAs(request: FastifyRequest, mark: Record<string, unknown>): void {
  marks.set(request, mark)
}

/**
 * Records one entry of the audit trail. Pass the transaction of the write it describes, so the entry
 * exists exactly when the write does. Secret fields are masked here, whatever the caller passed.
 */
export async function audit(db: Db, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  const actor = entry.actor ?? {
    id: request.admin?.id ?? null,
    username: request.admin?.username ?? null,
  }
  const mark = marks.get(request)
  const changes = mark ? { ...entry.changes, ...mark } : entry.changes
  await db.insert(auditLogs).values({
    adminId: actor.id,
    adminUsername: actor.username?.slice(0, 255) ?? null,
    resource: entry.resource,
    recordId: entry.recordId ?? null,
    action: entry.action,
    ip: request.ip?.slice(0, 64) ?? null,
    changes: changes ? masked(changes) : null,
  })
}

// A version (resource/versions.ts) changes with every write: it is no change of the record's own.
const bookkeeping = new Set(['id', 'created_at', 'updated_at', 'version'])

/** `{field: value}` of a new record as the wire shows it, plus `secrets` (fields set but never shown). */
export function createdChanges(record: object, secrets: readonly string[] = []): Record<string, unknown> {
  const changes: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(record)) if (!bookkeeping.has(field)) changes[field] = value
  for (const field of secrets) changes[field] = SECRET_MARK
  return changes
}

/**
 * `{field: [old, new]}` for each wire field that differs between two versions of a record, plus `secrets`
 * (fields changed but never shown); null when nothing changed.
 */
export function updatedChanges(
  before: object,
  after: object,
  secrets: readonly string[] = [],
): Record<string, unknown> | null {
  const old = before as Record<string, unknown>
  const changes: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(after)) {
    if (bookkeeping.has(field)) continue
    if (JSON.stringify(old[field]) !== JSON.stringify(value)) changes[field] = [old[field] ?? null, value]
  }
  for (const field of secrets) changes[field] = SECRET_MARK
  return Object.keys(changes).length > 0 ? changes : null
}

// Any fixed number, the same in every process: the class of the per-admin, per-route refusal locks.
const REFUSAL_LOCK = 7_210_514

/**
 * Records a refused request (403) without letting refusals grow the trail without bound: per admin and
 * route, one row a minute, whose `count` says how many refusals it stands for. Serialised per admin and
 * route (an advisory lock), so parallel refusals add to one row rather than each starting their own.
 */
export async function auditRefusal(
  db: Db,
  request: FastifyRequest,
  entry: { resource: string; recordId: number | null; route: string; permission: string },
): Promise<void> {
  const adminId = request.admin?.id ?? null
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${REFUSAL_LOCK}, hashtext(${`${adminId} ${entry.route}`}))`,
    )
    const [recent] = await tx
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, 'forbidden'),
          adminId === null ? undefined : eq(auditLogs.adminId, adminId),
          gt(auditLogs.createdAt, sql`now() - interval '1 minute'`),
          sql`${auditLogs.changes}->>'route' = ${entry.route}`,
        ),
      )
      .orderBy(desc(auditLogs.id))
      .limit(1)
    if (recent) {
      await tx
        .update(auditLogs)
        .set({
          changes: sql`jsonb_set(${auditLogs.changes}, '{count}',
            to_jsonb(coalesce((${auditLogs.changes}->>'count')::integer, 1) + 1))`,
        })
        .where(eq(auditLogs.id, recent.id))
      return
    }
    await audit(tx, request, {
      resource: entry.resource,
      recordId: entry.recordId,
      action: 'forbidden',
      changes: { route: entry.route, permission: entry.permission, count: 1 },
    })
  })
}
