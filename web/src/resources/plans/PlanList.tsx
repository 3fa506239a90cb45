import { useTranslation } from 'react-i18next'
import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { plans } from './index.ts'
import type { Plan } from './types.ts'
import { flagOptions, periodText } from './values.ts'

/** /plans: the plans in their sort order, found by name or title, shown or not; exported as plans.csv. */
export default function PlanList() {
  const { t } = useTranslation()
  const columns: ResourceColumn<Plan>[] = [
    { key: 'id', sortable: true, width: 80 },
    { key: 'name', sortable: true },
    { key: 'title' },
    {
      key: 'initialPeriodCount',
      render: (_, plan) => periodText(t, plan.initialPeriodCount, plan.initialPeriodUnit),
    },
    { key: 'initialOriginalPrice', sortable: true, type: 'money' },
    { key: 'initialDiscountPrice', type: 'money' },
    {
      key: 'recurringPeriodCount',
      render: (_, plan) => periodText(t, plan.recurringPeriodCount, plan.recurringPeriodUnit),
    },
    { key: 'recurringOriginalPrice', type: 'money' },
    { key: 'recurringDiscountPrice', type: 'money' },
    { key: 'show', type: 'flag' },
    { key: 'isBest', type: 'flag' },
    { key: 'sort', sortable: true },
  ]
  return (
    <ResourceList<Plan>
      resource={plans}
      columns={columns}
      exportable
      filters={[
        { name: 'show', options: flagOptions(t) },
        { name: 'isBest', options: flagOptions(t) },
        { name: 'downloadable', options: flagOptions(t) },
      ]}
      defaultSort="sort"
    />
  )
}
