import { permissionCatalogue } from '@vod/contract/permissions'
import { auditActions } from '@vod/contract/resources/audit-logs'
import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ResourceFilter } from '../../components/resource/ListFilters.tsx'
import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { useCan } from '../../stores/permission.ts'
import type { Admin } from '../admins/types.ts'
import { changeLines } from './changes.ts'
import { auditLogs } from './index.ts'
import type { AuditLog } from './types.ts'
import { valueTexts } from './value-text.ts'

/** What the trail records (server lib/audit.ts): every permission resource, and `auth` for logins. */
const resourceNames = ['auth', ...Object.keys(permissionCatalogue)]
const actionNames = [
  ...new Set([
    ...auditActions,
    'bind-two-factor',
    ...Object.values(permissionCatalogue)
      .flat()
      .filter((action) => action !== 'list' && action !== 'view'),
  ]),
]

/** /permissions/audit-logs: who did what to which record, read-only, newest first. */
export default function AuditLogList() {
  const { t } = useTranslation()
  const mayListAdmins = useCan('list', 'admins')
  const resourceLabel = (name: string) =>
    t(`audit-logs.resources.${name}`, { defaultValue: t(`roles.groups.${name}`, { defaultValue: name }) })
  const actionLabel = (action: string) =>
    t(`audit-logs.actions.${action}`, {
      defaultValue: t(`roles.actions.${action}`, { defaultValue: action }),
    })

  const columns: ResourceColumn<AuditLog>[] = [
    { key: 'id', sortable: true, width: 80 },
    { key: 'createdAt', sortable: true, type: 'datetime', width: 180 },
    { key: 'adminUsername' },
    { key: 'action', render: (action) => actionLabel(String(action)) },
    { key: 'resource', render: (resource) => resourceLabel(String(resource)) },
    { key: 'recordId' },
    { key: 'ip' },
    {
      key: 'changes',
      render: (_, log) => (
        <ul className="audit-changes" style={{ margin: 0, paddingLeft: 16 }}>
          {changeLines(log.changes, log.action, valueTexts(log.resource, t)).map((line) => (
            <li key={line.field}>
              <Typography.Text strong>
                {t(`${log.resource}.fields.${line.field}`, {
                  defaultValue: t(`audit-logs.changeFields.${line.field}`, { defaultValue: line.field }),
                })}
              </Typography.Text>
              : {line.text}
            </li>
          ))}
        </ul>
      ),
    },
  ]
  const filters: ResourceFilter[] = [
    ...(mayListAdmins
      ? [
          {
            name: 'adminId',
            kind: 'record' as const,
            resource: 'admins',
            optionLabel: ((admin: Admin) => admin.username) as (record: never) => string,
          },
        ]
      : []),
    { name: 'resource', options: resourceNames.map((name) => ({ value: name, label: resourceLabel(name) })) },
    { name: 'action', options: actionNames.map((action) => ({ value: action, label: actionLabel(action) })) },
    { name: 'createdAt', kind: 'dateRange' },
  ]
  return (
    <ResourceList<AuditLog>
      resource={auditLogs}
      columns={columns}
      filters={filters}
      search={false}
      defaultSort="-id"
    />
  )
}
