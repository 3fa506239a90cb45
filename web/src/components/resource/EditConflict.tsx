import type { StaleAnswer } from '@vod/contract/versions'
import { Alert, Button, Space, Typography } from 'antd'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { ChangeList } from '../changes/ChangeList.tsx'
import { formatDateTime } from './format.ts'

/**
 * What a form shows when its save was refused because someone else saved the record first (a 412): who and
 * when, their change field by field, and the two ways on. The admin's input stays in the form below, and is
 * saved only by a further click.
 */
/** The other editor as people are named: their name, with their login where the two differ. */
export function editorOf(stale: StaleAnswer, t: TFunction): string | null {
  const { changed_by: username, changed_by_name: name } = stale
  if (!username) return null
  return name && name !== username ? t('resource.conflict.person', { name, username }) : username
}

export function EditConflict({
  stale,
  title: given,
  resource,
  changes,
  references,
  onApply,
  onReload,
}: {
  stale: StaleAnswer
  /** In place of the refused save's title: another's save told before this form saved (RecordPresence). */
  title?: string | false
  /** The resource whose field names the change uses. */
  resource: string
  /** Their change, `{field: [old, new]}` (edit-conflict.ts), over the form's fields. */
  changes: Record<string, unknown> | null
  /** The form's fields that name records of another resource (ChangeList). */
  references?: Record<string, string>
  /** Their change into the form, over what was typed; saving again then keeps both. */
  onApply: () => void
  /** The record as it is now, dropping what was typed. */
  onReload: () => void
}) {
  const { t } = useTranslation()
  const who = editorOf(stale, t)
  const title = given
    ? given
    : who
      ? t('resource.conflict.by', { who, when: formatDateTime(stale.changed_at) })
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
              <ChangeList entry={{ resource, action: 'update', changes }} references={references} />
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
