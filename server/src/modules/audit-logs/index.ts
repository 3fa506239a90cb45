import { auditLogsContract } from '@vod/contract'
import { auditLogs } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { changesAs, narrowedRules } from '../../lib/resource/field-access.ts'

/**
 * The audit trail, read-only: lib/audit.ts writes it alongside every write, action and login. An entry's
 * changes show the fields the caller's roles hide as "hidden", and masked ones masked (field-access.ts).
 */
export const auditLogsModule = defineResource({
  contract: auditLogsContract,
  table: auditLogs,
  presentFor(request) {
    // As each resource's own history narrows it: a field derived from hidden ones is hidden too.
    const rules = narrowedRules(request)
    if (Object.keys(rules).length === 0) return undefined
    return {
      key: JSON.stringify(rules),
      present: { changes: changesAs(auditLogs.changes, auditLogs.resource, rules) },
    }
  },
})
