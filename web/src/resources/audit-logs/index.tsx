import { AuditOutlined } from '@ant-design/icons'
import { type AuditLog, auditLogsContract } from '@vod/contract/resources/audit-logs'
import { ChangeList } from '../../components/changes/ChangeList.tsx'
import { actionLabel, resourceLabel } from '../../components/history/labels.ts'
import { defineResource } from '../../components/resource/define-resource.ts'
import { permissionsGroup } from '../groups.ts'
import { AuditRecord } from './AuditRecord.tsx'
import { auditLogsLocale } from './locale.ts'

/** The audit trail, read-only: /permissions/audit-logs, permission list-audit-logs; newest first. */
export const auditLogs = defineResource({
  contract: auditLogsContract,
  group: permissionsGroup,
  icon: AuditOutlined,
  locale: auditLogsLocale,
  screens: { list: true },
  list: {
    columns: [
      'id',
      'created_at',
      'admin_id',
      { field: 'action', render: (log: AuditLog, t) => actionLabel(t, log.action) },
      { field: 'resource', render: (log: AuditLog, t) => resourceLabel(t, log.resource) },
      // The record by its name, as the screens name it, linked to its page where the admin may read it.
      {
        field: 'record_id',
        render: (log: AuditLog) => <AuditRecord log={log} />,
      },
      'ip',
      {
        field: 'changes',
        render: (log: AuditLog) => <ChangeList entry={log} labels="audit-logs.changeFields" />,
      },
    ],
    // Below 1200 px the changes keep the room.
    wide: ['id', 'ip'],
    optionLabel: (field, value, t) => (field === 'resource' ? resourceLabel : actionLabel)(t, value),
  },
})
