import { useQuery } from '@tanstack/react-query'
import { historyPermissionOf } from '@vod/contract/permissions'
import type { HistoryEntry } from '@vod/contract/resources/audit-logs'
import { RESTORE_VALUES_ACTION } from '@vod/contract/versions'
import { Alert, Button, Card, Popconfirm, Table, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { recordHistory } from '../../api/history.ts'
import { ApiError } from '../../api/http.ts'
import { useCan } from '../../stores/permission.ts'
import { ChangeList } from '../changes/ChangeList.tsx'
import { formatDateTime } from '../resource/format.ts'
import { fieldLabel } from '../resource/labels.ts'
import { Reference } from '../resource/Reference.tsx'
import { actionLabel, resourceLabel } from './labels.ts'

/** Restoring from the history, where the screen offers it (a record's edit form). */
export interface HistoryRestore {
  /** The values "restore these values" sends for an entry; null where it offers none (restore-values.ts). */
  valuesOf: (entry: HistoryEntry) => Record<string, unknown> | null
  /** Sends them as an edit of the record as it is now; a refusal (ApiError) is said in the panel. */
  restore: (entry: HistoryEntry, values: Record<string, unknown>) => Promise<void>
}

/** Why a restore was refused: the server's message, and each field's where it named fields. */
function refusalOf(error: unknown, resource: string, t: ReturnType<typeof useTranslation>['t']): string[] {
  if (!(error instanceof ApiError)) return [String(error)]
  const fields = Object.entries(error.fieldErrors)
    .filter(([, message]) => message !== error.message)
    .map(([field, message]) => `${fieldLabel(t, resource, field)}: ${message}`)
  return [error.message, ...fields]
}

/**
 * Who changed a record, and what, on its own pages (every resource's edit form, a member's and an order's
 * page): its entries of the audit trail, for staff holding the history's permission (historyPermissionOf:
 * `history-{path}`, else `edit-{path}`), who need neither the whole trail nor the admins list for it. Without
 * it there is nothing here, not even a refusal. Entries of other records that are its (a member's refunds, a
 * plan's deals) name that record beside the action, linked to its page. With `restore`, an entry offers to
 * put back the values it changed.
 */
export function RecordHistory({ path, id, restore }: { path: string; id: number; restore?: HistoryRestore }) {
  const allowed = useCan(historyPermissionOf(path))
  if (!allowed) return null
  return <HistoryCard path={path} id={id} restore={restore} />
}

function HistoryCard({ path, id, restore }: { path: string; id: number; restore?: HistoryRestore }) {
  const { t } = useTranslation()
  const history = useQuery({
    queryKey: [path, 'history', String(id)],
    queryFn: ({ signal }) => recordHistory(path, id, signal),
  })
  const [busy, setBusy] = useState<number | null>(null)
  const [refused, setRefused] = useState<{ entry: number; reasons: string[] } | null>(null)
  const restoreFrom = async (entry: HistoryEntry, values: Record<string, unknown>) => {
    if (!restore) return
    setBusy(entry.id)
    setRefused(null)
    try {
      await restore.restore(entry, values)
    } catch (error) {
      setRefused({ entry: entry.id, reasons: refusalOf(error, path, t) })
    } finally {
      setBusy(null)
    }
  }
  const restoreColumn = restore && {
    key: 'restore',
    title: t('resource.historyRestore.column'),
    width: 150,
    render: (_: unknown, entry: HistoryEntry) => {
      const values = restore.valuesOf(entry)
      if (!values) return null
      return (
        <Popconfirm
          title={t('resource.historyRestore.confirm')}
          description={t('resource.historyRestore.confirmDetail')}
          okText={t('resource.historyRestore.ok')}
          cancelText={t('resource.cancel')}
          onConfirm={() => restoreFrom(entry, values)}
        >
          <Button size="small" loading={busy === entry.id} data-testid={`history-restore-${entry.id}`}>
            {t('resource.historyRestore.button')}
          </Button>
        </Popconfirm>
      )
    },
  }
  return (
    <Card title={t('resource.history')} size="small">
      {refused && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setRefused(null)}
          data-testid="history-restore-refused"
          title={t('resource.historyRestore.refused', { entry: refused.entry })}
          description={refused.reasons.map((reason) => <div key={reason}>{reason}</div>)}
          style={{ marginBottom: 12 }}
        />
      )}
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
            {
              key: 'admin',
              title: t('audit-logs.fields.admin_username'),
              // Data, as a list's cells are (data-field): a login reads as written in either language.
              render: (_, entry) => <span data-field="admin_username">{entry.admin_username}</span>,
            },
            {
              key: 'action',
              title: t('audit-logs.fields.action'),
              render: (_, entry) =>
                entry.resource === path ? (
                  <ActionText entry={entry} />
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
              render: (_, entry) => (
                <div data-field="changes">
                  <ChangeList entry={withoutRestoreMark(entry)} labels="audit-logs.changeFields" />
                </div>
              ),
            },
            ...(restoreColumn ? [restoreColumn] : []),
          ]}
        />
      )}
    </Card>
  )
}

/** A restore's entry names the entry it restored from: said with the action, not as a changed field. */
function withoutRestoreMark(entry: HistoryEntry): HistoryEntry {
  if (entry.action !== RESTORE_VALUES_ACTION || !entry.changes) return entry
  const { restored_from: _, ...changes } = entry.changes
  return { ...entry, changes }
}

function ActionText({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation()
  const from = entry.changes?.restored_from
  if (entry.action !== RESTORE_VALUES_ACTION || typeof from !== 'number') return actionLabel(t, entry.action)
  return t('resource.historyRestore.restoredFrom', { entry: from })
}
