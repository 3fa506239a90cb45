import { type Order, orderFees } from '@vod/contract/resources/orders'
import { useTranslation } from 'react-i18next'
import { RecordHistory } from '../../components/history/RecordHistory.tsx'
import { fieldLabel } from '../../components/resource/labels.ts'
import { MoneyBreakdown } from '../../components/resource/MoneyBreakdown.tsx'
import { ResourceShow } from '../../components/resource/ResourceShow.tsx'
import { MoneyBack } from './MoneyBack.tsx'

/** The amount, each fee taken from it and the total, one under another as a sum is written. */
function Breakdown({ order }: { order: Order }) {
  const { t } = useTranslation()
  const line = (key: string, field: 'amount' | 'total_amount' | (typeof orderFees)[number]) => ({
    key,
    label: fieldLabel(t, 'orders', field),
    value: order[field],
  })
  return (
    <MoneyBreakdown
      title={t('orders.breakdown')}
      testId="order-breakdown"
      from={line('amount', 'amount')}
      less={orderFees.map((fee) => line(fee, fee))}
      total={line('total', 'total_amount')}
    />
  )
}

/** Every amount of the breakdown, where the caller's role may read them all (else the answer leaves one out). */
const breakdownFields = ['amount', ...orderFees, 'total_amount'] as const

/** /orders/{id}: who paid for which plan, how, and what the business keeps after the provider's fees. */
export default function OrderShow() {
  return (
    <ResourceShow<Order>>
      {(order) => (
        <>
          {breakdownFields.every((field) => field in order) && <Breakdown order={order} />}
          <MoneyBack order={order} />
          <RecordHistory path="orders" id={order.id} />
        </>
      )}
    </ResourceShow>
  )
}
