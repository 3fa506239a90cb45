import { payoutCurrencies } from '@vod/contract/resources/commerce'
import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { segpayPayoutReports } from './index.ts'
import type { PayoutReport } from './types.ts'

/** /orders/segpays: Segpay's payouts by period, gross to net, and when they were paid. */
export default function PayoutReportList() {
  const columns: ResourceColumn<PayoutReport>[] = [
    { key: 'id', sortable: true, width: 80 },
    { key: 'reference' },
    { key: 'periodStart', sortable: true, type: 'date' },
    { key: 'periodEnd', sortable: true, type: 'date' },
    { key: 'gross', sortable: true, type: 'money' },
    { key: 'fees', type: 'money' },
    { key: 'refunds', type: 'money' },
    { key: 'chargebacks', type: 'money' },
    { key: 'net', sortable: true, type: 'money' },
    { key: 'currency' },
    { key: 'paidOn', sortable: true, type: 'date' },
  ]
  return (
    <ResourceList<PayoutReport>
      resource={segpayPayoutReports}
      columns={columns}
      filters={[
        { name: 'currency', options: payoutCurrencies.map((code) => ({ value: code, label: code })) },
        { name: 'periodStart', kind: 'dateRange', days: true },
      ]}
      defaultSort="-periodStart"
      search
    />
  )
}
