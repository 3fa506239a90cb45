import { ResourceShow } from '../../components/resource/ResourceShow.tsx'
import { segpayPayoutReports } from './index.ts'
import type { PayoutReport } from './types.ts'

/** /orders/segpays/{id}. */
export default function PayoutReportShow() {
  return (
    <ResourceShow<PayoutReport>
      resource={segpayPayoutReports}
      items={[
        { key: 'reference' },
        { key: 'periodStart', type: 'date' },
        { key: 'periodEnd', type: 'date' },
        { key: 'gross', type: 'money' },
        { key: 'fees', type: 'money' },
        { key: 'refunds', type: 'money' },
        { key: 'chargebacks', type: 'money' },
        { key: 'net', type: 'money' },
        { key: 'currency' },
        { key: 'paidOn', type: 'date' },
        { key: 'note' },
        { key: 'createdAt', type: 'datetime' },
        { key: 'updatedAt', type: 'datetime' },
      ]}
    />
  )
}
