import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/client.ts'
import { auditLogs } from '../db/schema/index.ts'

/** What the trail shows instead of a secret's value, on create and on update alike. */
export const SECRET_MARK = '[changed]'
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

/**
 * Records one entry of the audit trail. Pass the transaction of the write it describes, so the entry
 * exists exactly when the write does. Secret fields are masked here, whatever the caller passed.
 */
export async function audit(db: Db, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  const actor = entry.actor ?? {
    id: request.admin?.id ?? null,
    username: request.admin?.username ?? null,
  }
  await db.insert(auditLogs).values({
    adminId: actor.id,
    adminUsername: actor.username?.slice(0, 255) ?? null,
    resource: entry.resource,
    recordId: entry.recordId ?? null,
    action: entry.action,
    ip: request.ip?.slice(0, 64) ?? null,
    changes: entry.changes ? masked(entry.changes) : null,
  })
}

const bookkeeping = new Set(['id', 'created_at', 'updated_at'])

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
