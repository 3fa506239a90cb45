import { auditLogRecord, type auditLogSortable } from '@vod/contract'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { auditLogs } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

const sortable = { id: auditLogs.id, created_at: auditLogs.createdAt } satisfies Record<
  (typeof auditLogSortable)[number],
  PgColumn
>

/** The audit trail, read-only: lib/audit.ts writes it alongside every write, action and login. */
export const auditLogsModule = defineResource({
  path: 'audit-logs',
  table: auditLogs,
  record: auditLogRecord,
  input: z.object({}),
  operations: ['list', 'show'],
  list: {
    sortable,
    filters: {
      admin_id: { column: auditLogs.adminId, type: 'int' },
      resource: { column: auditLogs.resource, type: 'string' },
      action: { column: auditLogs.action, type: 'string' },
    },
    ranges: { created_at: { column: auditLogs.createdAt, type: 'date' } },
    defaultSort: '-id',
  },
})
