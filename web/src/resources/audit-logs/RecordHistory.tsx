import { useQuery } from '@tanstack/react-query'
import type { HistoryEntry } from '@vod/contract/resources/audit-logs'
import { Alert, Card, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { recordHistory } from '../../api/history.ts'
import { ChangeList } from '../../components/changes/ChangeList.tsx'
import { formatDateTime } from '../../components/resource/format.ts'
import { Reference } from '../../components/resource/Reference.tsx'
import { useCan } from '../../stores/permission.ts'
import { actionLabel, resourceLabel } from './labels.ts'

/**
 * Who changed a record, and what, on its own page (a member's, an order's): its entries of the audit trail,
 * for staff given history-{path}, who need neither the whole trail nor the admins list for it. Without the
 * permission there is nothing here, not even a refusal. Entries of other records that are its (a member's
 * refunds, the tickets solved for them) name that record beside the action, linked to its page.
 */
export function RecordHistory({ path, id }: { path: string; id: number }) {
  const allowed = useCan('history', path)
  if (!allowed) return null
  return <HistoryCard path={path} id={id} />
}

function HistoryCard({ path, id }: { path: string; id: number }) {
  const { t } = useTranslation()
  const history = useQuery({
    queryKey: [path, 'history', String(id)],
    queryFn: ({ signal }) => recordHistory(path, id, signal),
  })
  return (
    <Card title={t('resource.history')} size="small">
      {history.error ? (
        <Alert type="error" showIcon title={history.error.message} />
      ) : (
        <Table<HistoryEntry>
          data-testid={`${path}-history`}
          rowKey="id"
          size="small"
          loading={history.isLoading}
          pagination={false}
          dataSource={history.data ?? []}
          // As text of its own: the placeholder's faint grey fails contrast (axe, WCAG AA).
          locale={{
            emptyText: <Typography.Text type="secondary">{t('resource.historyEmpty')}</Typography.Text>,
          }}
          columns={[
            {
              key: 'created_at',
              title: t('audit-logs.fields.created_at'),
              width: 180,
              render: (_, entry) => formatDateTime(entry.created_at),
            },
            { key: 'admin', title: t('audit-logs.fields.admin_username'), dataIndex: 'admin_username' },
            {
              key: 'action',
              title: t('audit-logs.fields.action'),
              render: (_, entry) =>
                entry.resource === path ? (
                  actionLabel(t, entry.action)
                ) : (
                  <span data-testid="history-other-record">
                    {actionLabel(t, entry.action)} · {resourceLabel(t, entry.resource)}{' '}
                    <Reference resource={entry.resource} id={entry.record_id} />
                  </span>
                ),
            },
            {
              key: 'changes',
              title: t('audit-logs.fields.changes'),
              render: (_, entry) => <ChangeList entry={entry} labels="audit-logs.changeFields" />,
            },
          ]}
        />
      )}
    </Card>
  )
}
