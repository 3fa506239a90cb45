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
export interface AuditLog {
  id: number
  /** Null for a failed login (and once that admin is deleted). */
  admin_id: number | null
  /** Kept as it was at the time; for `login-failed`, the username that was tried. */
  admin_username: string | null
  /** The API path segment (`admins`, `roles`, `tags`, ...); `auth` for login, login-failed and logout. */
  resource: string
  record_id: number | null
  action: string
  ip: string | null
  /**
   * `{field: [old, new]}` for updates and actions that change fields (enable: `{status: [old, new]}`),
   * `{field: value}` for creates and deletes (the record as created / as it was), `{route, permission}` for
   * `forbidden`, `{reason}` for a wrong two-factor code; null otherwise. Secrets show as "[changed]".
   */
  changes: Record<string, unknown> | null
  created_at: string
}

export const auditLogSortable = ['id', 'created_at'] as const
