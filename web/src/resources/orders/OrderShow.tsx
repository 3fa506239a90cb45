import { Card } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../components/resource/format.ts'
import { ResourceShow } from '../../components/resource/ResourceShow.tsx'
import { orders } from './index.ts'
import { paymentMethodColors } from './payment-methods.ts'
import type { Order } from './types.ts'

const cell = { padding: '4px 12px' } as const
const number = { ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const

/** The amount, each fee taken from it and the total, one under another as a sum is written. */
function Breakdown({ order }: { order: Order }) {
  const { t, i18n } = useTranslation()
  const money = (value: string) => formatMoney(value, i18n.language)
  const fees = [
    ['transactionFee', order.transactionFee],
    ['settlementFee', order.settlementFee],
    ['reserveFee', order.reserveFee],
  ] as const
  return (
    <Card title={t('orders.breakdown')} size="small" style={{ marginTop: 16, maxWidth: 480 }}>
      <table data-testid="order-breakdown" style={{ width: '100%', borderCollapse: 'collapse' }}>
        <tbody>
          <tr>
            <th style={{ ...cell, textAlign: 'left', fontWeight: 'normal' }}>{t('orders.fields.amount')}</th>
            <td style={number} data-testid="breakdown-amount">
              {money(order.amount)}
            </td>
          </tr>
          {fees.map(([key, value]) => (
            <tr key={key}>
              <th style={{ ...cell, textAlign: 'left', fontWeight: 'normal' }}>
                − {t(`orders.fields.${key}`)}
              </th>
              <td style={number} data-testid={`breakdown-${key}`}>
                − {money(value)}
              </td>
            </tr>
          ))}
          <tr style={{ borderTop: '2px solid currentColor' }}>
            <th style={{ ...cell, textAlign: 'left' }}>= {t('orders.fields.totalAmount')}</th>
            <td style={{ ...number, fontWeight: 600 }} data-testid="breakdown-total">
              {money(order.totalAmount)}
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
    <ResourceShow<Order>
      resource={orders}
      items={[
        { key: 'orderNo' },
        { key: 'username' },
        { key: 'planName' },
        { key: 'paymentMethod', type: 'status', colors: paymentMethodColors, values: 'paymentMethods' },
        { key: 'transactionNumber' },
        { key: 'paidAt', type: 'datetime' },
        { key: 'amount', type: 'money' },
        { key: 'totalAmount', type: 'money' },
        { key: 'channelName' },
        { key: 'campaignName' },
        { key: 'createdAt', type: 'datetime' },
        { key: 'updatedAt', type: 'datetime' },
      ]}
    >
      {(order) => <Breakdown order={order} />}
    </ResourceShow>
  )
}
