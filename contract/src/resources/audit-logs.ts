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
  // Any other action is the route's own verb: enable, disable, assign, reset-qrcode, publish, ...
] as const

/** A row of GET /api/audit-logs. */
export interface AuditLog {
  id: number
  admin_id: number | null
  admin_username: string | null
  resource: string
  record_id: number | null
  action: string
  ip: string | null
  /** `{field: [old, new]}` for updates, `{field: value}` for creates; null for other actions. */
  changes: Record<string, unknown> | null
  created_at: string
}

export const auditLogSortable = ['id', 'created_at'] as const
