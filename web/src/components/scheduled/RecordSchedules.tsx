import { useQueryClient } from '@tanstack/react-query'
import { type ScheduledChange, scheduledResources } from '@vod/contract/resources/scheduled-changes'
import { Button, Card } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCan } from '../../stores/permission.ts'
import { queryKeys } from '../resource/resource-queries.ts'
import { ScheduleForm } from './ScheduleForm.tsx'
import { ScheduleTable } from './ScheduleTable.tsx'
import { useSchedules } from './use-schedules.ts'

/** Whether a resource's records may be published or taken down ahead (contract's scheduledResources). */
export const isScheduled = (resource: string): boolean =>
  (scheduledResources as readonly string[]).includes(resource)

/** Reads the record again once one of its changes has run, so its page shows what the change made of it. */
function useRecordAfterRuns(resource: string, rows: readonly ScheduledChange[] | undefined) {
  const queryClient = useQueryClient()
  const pending = useRef(new Set<number>())
  useEffect(() => {
    if (!rows) return
    const ran = rows.some((row) => row.state !== 'pending' && pending.current.has(row.id))
    pending.current = new Set(rows.filter((row) => row.state === 'pending').map((row) => row.id))
    if (ran) void queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource) })
  }, [rows, resource, queryClient])
}

/**
 * A record's scheduled changes on its page (issue 67 item 4), its latest first: "Schedule", and change or
 * cancel those still pending. Only for whoever may edit the resource (the server's rule for them too).
 */
export function RecordSchedules({ resource, id }: { resource: string; id: number }) {
  const { t } = useTranslation()
  const canEdit = useCan('edit', resource)
  const canList = useCan('list', resource)
  const allowed = canEdit && canList
  const query = { resource, record_id: id, sort: '-run_at', per_page: 20 }
  const { rows, refresh, cancel } = useSchedules(query, 5_000, allowed)
  const [editing, setEditing] = useState<ScheduledChange | 'new' | null>(null)
  useRecordAfterRuns(resource, rows.data?.data)
  if (!allowed) return null
  return (
    <Card
      title={t('scheduled.card')}
      data-testid="record-schedules"
      extra={
        <Button data-testid="schedule-open" onClick={() => setEditing('new')}>
          {t('scheduled.schedule')}
        </Button>
      }
    >
      <ScheduleTable
        rows={rows.data?.data ?? []}
        loading={rows.isLoading}
        onChange={setEditing}
        onCancel={(row) => void cancel(row)}
      />
      {editing && (
        <ScheduleForm
          resource={resource}
          recordId={id}
          change={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            void refresh()
          }}
        />
      )}
    </Card>
  )
}
