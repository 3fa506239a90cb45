import { z } from 'zod'
import { instant } from '../values.ts'

/**
 * The audit trail (beyond the spec): who did what to which record, when, from where, and which fields
 * changed (secrets are never stored; their change shows as "[changed]").
 */
export const auditActions = [
  'create',
  'update',
  'delete',
  'login',
  'login-failed',
  'logout',
  'forbidden',
  // Any other action is the route's own verb: enable, disable, assign, reset-qrcode, publish, ...; binding an
  // authenticator (at login or from the profile) is 'bind-two-factor'.
] as const

/** A row of GET /api/audit-logs. */
export const auditLogRecord = z
  .object({
    id: z.number().int(),
    /** Null for a failed login (and once that admin is deleted). */
    admin_id: z.number().int().nullable(),
    /** Kept as it was at the time; for `login-failed`, the username that was tried. */
    admin_username: z.string().nullable(),
    /** The API path segment (`admins`, `roles`, `tags`, ...); `auth` for login, login-failed and logout. */
    resource: z.string(),
    record_id: z.number().int().nullable(),
    action: z.string(),
    ip: z.string().nullable(),
    /**
     * `{field: [old, new]}` for updates and actions that change fields (enable: `{status: [old, new]}`),
     * `{field: value}` for creates and deletes (the record as created / as it was), `{route, permission}` for
     * `forbidden`, `{reason}` for a wrong two-factor code; null otherwise. Secrets show as "[changed]".
     */
    changes: z.record(z.string(), z.unknown()).nullable(),
    created_at: instant,
  })
  .meta({ id: 'AuditLog' })
export type AuditLog = z.infer<typeof auditLogRecord>

export const auditLogSortable = ['id', 'created_at'] as const
