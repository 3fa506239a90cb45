import { z } from 'zod'
import { permissionCatalogue } from '../permissions.ts'
import { defineContract } from '../resource.ts'
import { instant, recordId, reference } from '../values.ts'

/**
 * The audit trail (beyond the spec): who did what to which record, when, from where, and which fields
 * changed (secrets are never stored; their change shows as "[changed]").
 */
const auditActions = [
  'create',
  'update',
  'delete',
  'login',
  'login-failed',
  'logout',
  'forbidden',
  // A PUT restoring earlier values from the record's history (RESTORE_VALUES_ACTION).
  'restore-values',
  // Any other action is the route's own verb: enable, disable, assign, reset-qrcode, publish, ...; binding an
  // authenticator (at login or from the profile) is 'bind-two-factor'.
] as const

/** The actions a filter offers: the trail's own, and every verb a permission names (children's stay typed-in only by the API). */
const auditKnownActions = [
  ...new Set([
    ...auditActions,
    'bind-two-factor',
    ...Object.values(permissionCatalogue)
      .flat()
      .filter((action) => action !== 'list' && action !== 'view'),
  ]),
]

/**
 * What the trail is about: every permission resource, `auth` for logins, `profile` for one's own account and
 * `saved-views` and `scheduled-changes`, resources open to every admin without permissions of their own.
 */
const auditResources = [
  'auth',
  'profile',
  'saved-views',
  'scheduled-changes',
  ...Object.keys(permissionCatalogue),
] as [string, ...string[]]

/** A row of GET /api/audit-logs. */
const auditLogRecord = z
  .object({
    id: recordId,
    /** Null for a failed login (and once that admin is deleted). */
    admin_id: reference('admins', { shown_as: 'admin_username' }).nullable(),
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

export const auditLogsContract = defineContract({
  path: 'audit-logs',
  record: auditLogRecord,
  label: 'action',
  list: {
    sortable: ['id', 'created_at'],
    defaultSort: '-id',
    // Actions are open-ended (a child's `create-photos`, `reorder-campaigns`): matched as written.
    filters: {
      admin_id: true,
      resource: z.enum(auditResources),
      record_id: true,
      action: z.string().trim().min(1).max(100).meta({ examples: auditKnownActions }),
    },
    ranges: { created_at: true },
  },
})

/**
 * One entry of a record's history, `GET /{path}/{id}/history` behind historyPermissionOf (`history-{path}` for
 * members and orders, else `edit-{path}`): who changed what and when, for staff who may read the record but not
 * the whole trail (nor the admins list).
 */
export const historyEntry = auditLogRecord.omit({ ip: true }).meta({ id: 'HistoryEntry' })
export type HistoryEntry = z.infer<typeof historyEntry>

/** How many of a record's latest entries its history answers. */
export const HISTORY_LIMIT = 100
