import { Alert, Button, Space } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useParams } from 'react-router'
import type { ListController } from './list-controller.ts'
import { useResource } from './resource-context.tsx'
import { resourcePath } from './resource-paths.ts'
import { useListQuery } from './resource-queries.ts'
import type { SavedMark } from './use-list-return.ts'

/**
 * Back on its list from a save, the record just saved may be one the list's filters or keyword leave out
 * (a draft made published, on a list of drafts): rather than let it seem lost, say so, and offer to clear
 * the filters or open the record. The list is asked for that one record under its own filters (`ids=`).
 */
export function SavedOutOfView<T>({ controller }: { controller: ListController<T> }) {
  const resource = useResource()
  const { t } = useTranslation()
  const params = useParams()
  const saved = (useLocation().state as { saved?: SavedMark } | null)?.saved
  const [dismissed, dismiss] = useState<SavedMark>()
  const { filters, keyword } = controller.params
  const narrowed = Boolean(keyword) || Object.values(filters).some(Boolean)
  const asked = saved !== undefined && saved !== dismissed && narrowed
  const found = useListQuery(
    controller.client,
    { ...controller.exportQuery, ids: String(saved?.id), per_page: 1 },
    asked,
  )
  const answer = found.isPlaceholderData ? undefined : found.data
  if (!asked || !saved || answer === undefined || answer.data.length > 0) return null
  const screen = resource.screens.show ? 'show' : resource.screens.edit ? 'edit' : null
  return (
    <Alert
      type="info"
      showIcon
      closable={{ onClose: () => dismiss(saved) }}
      data-testid="saved-out-of-view"
      title={t('resource.savedOutOfView.title', { name: saved.name })}
      style={{ marginBottom: 16 }}
      action={
        <Space>
          <Button size="small" onClick={() => controller.change({ filters: {}, keyword: undefined })}>
            {t('resource.savedOutOfView.clear')}
          </Button>
          {screen && (
            <Link to={resourcePath(resource, screen, saved.id, params)}>
              {t('resource.savedOutOfView.open')}
            </Link>
          )}
        </Space>
      }
    />
  )
}
