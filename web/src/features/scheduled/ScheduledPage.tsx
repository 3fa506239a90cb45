import type { ScheduledChange } from '@vod/contract/resources/scheduled-changes'
import { Card, Segmented } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ScheduleForm } from '../../components/scheduled/ScheduleForm.tsx'
import { ScheduleTable } from '../../components/scheduled/ScheduleTable.tsx'
import { useSchedules } from '../../components/scheduled/use-schedules.ts'

/**
 * Every scheduled change the admin may see (the server keeps each to the resources it may list and edit):
 * the pending ones soonest first, the past ones latest first; pending ones changed or cancelled here.
 */
export default function ScheduledPage() {
  const { t } = useTranslation()
  const [shown, setShown] = useState<'pending' | 'past'>('pending')
  const query =
    shown === 'pending'
      ? { past: 0, sort: 'run_at', per_page: 100 }
      : { past: 1, sort: '-run_at', per_page: 100 }
  const { rows, refresh, cancel } = useSchedules(query)
  const [editing, setEditing] = useState<ScheduledChange | null>(null)
  return (
    <Card
      title={t('scheduled.title')}
      extra={
        <Segmented
          data-testid="scheduled-shown"
          value={shown}
          onChange={(value) => setShown(value as 'pending' | 'past')}
          options={[
            { value: 'pending', label: t('scheduled.pending') },
            { value: 'past', label: t('scheduled.past') },
          ]}
        />
      }
    >
      <ScheduleTable
        withRecord
        rows={rows.data?.data ?? []}
        loading={rows.isLoading}
        onChange={setEditing}
        onCancel={(row) => void cancel(row)}
      />
      {editing && (
        <ScheduleForm
          resource={editing.resource}
          recordId={editing.record_id}
          change={editing}
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
