import { useTranslation } from 'react-i18next'
import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { promotions } from './index.ts'
import { promotionStatusColors, promotionStatusOptions } from './status.ts'
import type { Promotion } from './types.ts'

/** /plans/promotions: codes by name or code, state, plan and start. */
export default function PromotionList() {
  const { t } = useTranslation()
  const columns: ResourceColumn<Promotion>[] = [
    { key: 'id', sortable: true, width: 80 },
    { key: 'name', sortable: true },
    { key: 'code', sortable: true },
    { key: 'startedAt', sortable: true, type: 'datetime' },
    { key: 'endedAt', sortable: true, type: 'datetime' },
    { key: 'times', sortable: true },
    { key: 'status', sortable: true, type: 'status', colors: promotionStatusColors },
    { key: 'plans', type: 'relation' },
  ]
  return (
    <ResourceList<Promotion>
      resource={promotions}
      columns={columns}
      filters={[
        { name: 'status', options: promotionStatusOptions(t) },
        { name: 'planId', kind: 'record', resource: 'plans' },
        { name: 'startedAt', kind: 'dateRange' },
      ]}
      defaultSort="-id"
    />
  )
}
