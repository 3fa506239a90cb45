import { type Order, orderFees } from '@vod/contract/resources/orders'
import { STORE_CURRENCY } from '@vod/contract/values'
import { Card } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../components/resource/format.ts'
import { fieldLabel } from '../../components/resource/labels.ts'
import { ResourceShow } from '../../components/resource/ResourceShow.tsx'
import { RecordHistory } from '../audit-logs/RecordHistory.tsx'
import { MoneyBack } from './MoneyBack.tsx'

const cell = { padding: '4px 12px' } as const
const number = { ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const

/** The amount, each fee taken from it and the total, one under another as a sum is written. */
function Breakdown({ order }: { order: Order }) {
  const { t, i18n } = useTranslation()
  const money = (value: string) => formatMoney(value, i18n.language)
  const label = (field: string) => fieldLabel(t, 'orders', field)
  return (
    <Card
      title={`${t('orders.breakdown')} (${STORE_CURRENCY})`}
      size="small"
      style={{ marginTop: 16, maxWidth: 480 }}
    >
      <table data-testid="order-breakdown" style={{ width: '100%', borderCollapse: 'collapse' }}>
        <tbody>
          <tr>
            <th style={{ ...cell, textAlign: 'left', fontWeight: 'normal' }}>{label('amount')}</th>
            <td style={number} data-testid="breakdown-amount">
              {money(order.amount)}
            </td>
          </tr>
          {orderFees.map((fee) => (
            <tr key={fee}>
              <th style={{ ...cell, textAlign: 'left', fontWeight: 'normal' }}>− {label(fee)}</th>
              <td style={number} data-testid={`breakdown-${fee}`}>
                − {money(order[fee])}
              </td>
            </tr>
          ))}
          <tr style={{ borderTop: '2px solid currentColor' }}>
            <th style={{ ...cell, textAlign: 'left' }}>= {label('total_amount')}</th>
            <td style={{ ...number, fontWeight: 600 }} data-testid="breakdown-total">
              {money(order.total_amount)}
            </td>
          </tr>
        </tbody>
      </table>
    </Card>
  )
}

/** /orders/{id}: who paid for which plan, how, and what the business keeps after the provider's fees. */
export default function OrderShow() {
  return (
    <ResourceShow<Order>>
      {(order) => (
        <>
          <Breakdown order={order} />
          <MoneyBack order={order} />
          <RecordHistory path="orders" id={order.id} />
        </>
      )}
    </ResourceShow>
  )
}
