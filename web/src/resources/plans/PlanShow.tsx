import { useTranslation } from 'react-i18next'
import { ResourceShow } from '../../components/resource/ResourceShow.tsx'
import { plans } from './index.ts'
import type { Plan } from './types.ts'
import { periodText } from './values.ts'

/** /plans/{id}: every field of a plan, prices exact. */
export default function PlanShow() {
  const { t } = useTranslation()
  return (
    <ResourceShow<Plan>
      resource={plans}
      items={[
        { key: 'name' },
        { key: 'title' },
        {
          key: 'initialPeriodCount',
          render: (_, plan) => periodText(t, plan.initialPeriodCount, plan.initialPeriodUnit),
        },
        { key: 'initialOriginalPrice', type: 'money' },
        { key: 'initialDiscountPrice', type: 'money' },
        {
          key: 'recurringPeriodCount',
          render: (_, plan) => periodText(t, plan.recurringPeriodCount, plan.recurringPeriodUnit),
        },
        { key: 'recurringOriginalPrice', type: 'money' },
        { key: 'recurringDiscountPrice', type: 'money' },
        { key: 'downloadable', type: 'flag' },
        { key: 'show', type: 'flag' },
        { key: 'isBest', type: 'flag' },
        { key: 'sort' },
        { key: 'segpayId' },
        { key: 'ccbillId' },
        { key: 'epochId' },
        { key: 'verotelId' },
        { key: 'createdAt', type: 'datetime' },
        { key: 'updatedAt', type: 'datetime' },
      ]}
    />
  )
}
