import { AuditOutlined } from '@ant-design/icons'
import { defineResource } from '../../components/resource/define-resource.ts'
import { permissionsGroup } from '../groups.ts'
import { auditLogsLocale } from './locale.ts'

/** The audit trail, read-only: /permissions/audit-logs, permission list-audit-logs. */
export const auditLogs = defineResource({
  name: 'audit-logs',
  group: permissionsGroup,
  icon: AuditOutlined,
  locale: auditLogsLocale,
  screens: { list: () => import('./AuditLogList.tsx') },
})
