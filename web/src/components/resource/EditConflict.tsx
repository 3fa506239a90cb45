import type { StaleAnswer } from '@vod/contract/versions'
import { Alert, Button, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { ChangeList } from '../changes/ChangeList.tsx'
import { formatDateTime } from './format.ts'

/**
 * What a form shows when its save was refused because someone else saved the record first (a 412): who and
 * when, their change field by field, and the two ways on. The admin's input stays in the form below, and is
 * saved only by a further click.
 */
export function EditConflict({
  stale,
  resource,
  changes,
  onApply,
  onReload,
}: {
  stale: StaleAnswer
  /** The resource whose field names the change uses. */
  resource: string
  /** Their change, `{field: [old, new]}` (edit-conflict.ts). */
  changes: Record<string, unknown> | null
  /** Their change into the form, over what was typed; saving again then keeps both. */
  onApply: () => void
  /** The record as it is now, dropping what was typed. */
  onReload: () => void
}) {
  const { t } = useTranslation()
  const title = stale.changed_by
    ? t('resource.conflict.by', { who: stale.changed_by, when: formatDateTime(stale.changed_at) })
    : t('resource.conflict.elsewhere')
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="edit-conflict"
      title={title}
      description={
        <Space orientation="vertical" size="small">
          <Typography.Text>{t('resource.conflict.kept')}</Typography.Text>
          {changes && (
            <div data-testid="edit-conflict-changes">
              <Typography.Text type="secondary">{t('resource.conflict.theirs')}</Typography.Text>
              <ChangeList entry={{ resource, action: 'update', changes }} />
            </div>
          )}
          <Space wrap>
            <Button type="primary" size="small" data-testid="edit-conflict-apply" onClick={onApply}>
              {t('resource.conflict.apply')}
            </Button>
            <Button size="small" data-testid="edit-conflict-reload" onClick={onReload}>
              {t('resource.conflict.reload')}
            </Button>
          </Space>
        </Space>
      }
    />
  )
}
