import { Button } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Query } from '../../api/http.ts'
import { notify } from '../../base/notify.ts'
import { useCan } from '../../stores/permission.ts'
import { timeZoneLabel } from './format.ts'
import { useResourceClient } from './resource-queries.ts'
import type { ResourceDefinition } from './resource-types.ts'

/**
 * Exports what the list shows, with its filters, keyword and sort, as CSV (`export-{resource}`): the
 * browser downloads it from the server directly, so a million rows stream to disk without a time-out.
 */
export function ExportButton({ resource, query }: { resource: ResourceDefinition; query: Query }) {
  const { t } = useTranslation()
  const client = useResourceClient(resource)
  const allowed = useCan('export', resource.name)
  const [starting, setStarting] = useState(false)
  if (!allowed) return null
  const start = async () => {
    setStarting(true)
    const started = await client.exportCsv(query)
    setStarting(false)
    if (!started) void notify('error', t('resource.exportFailed'))
  }
  return (
    // The file's times are the screens' (the business zone's clock), said before it is opened.
    <Button
      loading={starting}
      data-testid={`${resource.name}-export`}
      title={t('resource.exportTimes', { zone: timeZoneLabel() })}
      onClick={start}
    >
      {t('resource.export')}
    </Button>
  )
}
