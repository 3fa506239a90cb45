import { auditLogsContract } from '@vod/contract'
import { auditLogs } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

/** The audit trail, read-only: lib/audit.ts writes it alongside every write, action and login. */
export const auditLogsModule = defineResource({
  contract: auditLogsContract,
  table: auditLogs,
})
