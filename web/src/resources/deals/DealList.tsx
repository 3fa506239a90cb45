import { useTranslation } from 'react-i18next'
import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { deals } from './index.ts'
import { dealStatusColors, dealStatusOptions } from './status.ts'
import type { Deal } from './types.ts'

/** /plans/deals: deals by name, state, plan and start. */
export default function DealList() {
  const { t } = useTranslation()
  const columns: ResourceColumn<Deal>[] = [
    { key: 'id', sortable: true, width: 80 },
    { key: 'name', sortable: true },
    { key: 'planName' },
    { key: 'price', sortable: true, type: 'money' },
    { key: 'startedAt', sortable: true, type: 'datetime' },
    { key: 'endedAt', sortable: true, type: 'datetime' },
    { key: 'status', sortable: true, type: 'status', colors: dealStatusColors },
  ]
  return (
    <ResourceList<Deal>
      resource={deals}
      columns={columns}
      filters={[
        { name: 'status', options: dealStatusOptions(t) },
        { name: 'planId', kind: 'record', resource: 'plans' },
        { name: 'startedAt', kind: 'dateRange' },
      ]}
      defaultSort="-id"
    />
  )
}
