import { orderLimits } from '@vod/contract/resources/commerce'
import { Input, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { type ResourceField, ResourceForm } from '../../components/resource/ResourceForm.tsx'
import type { RecordValues } from '../../components/resource/resource-queries.ts'
import { priceRules } from '../plans/values.ts'
import { orders } from './index.ts'
import { paymentMethodOptions } from './payment-methods.ts'

const fees = ['transactionFee', 'settlementFee', 'reserveFee'] as const

/** Only what staff may correct; money as typed, trimmed, never a number. */
const toBody = (values: RecordValues): RecordValues => {
  const body: RecordValues = {
    paymentMethod: values.paymentMethod,
    transactionNumber: typeof values.transactionNumber === 'string' ? values.transactionNumber.trim() : null,
  }
  for (const fee of fees) {
    const value = values[fee]
    body[fee] = typeof value === 'string' ? value.trim() : value
  }
  return body
}

/** /orders/edit/{id}: the fees, the transaction number and the payment method; the server recomputes the total. */
export default function OrderForm() {
  const { t } = useTranslation()
  const money = (name: (typeof fees)[number]): ResourceField => ({
    name,
    required: true,
    rules: priceRules(t),
    input: <Input inputMode="decimal" maxLength={13} />,
  })
  const fields: ResourceField[] = [
    { name: 'paymentMethod', required: true, input: <Select options={paymentMethodOptions(t)} /> },
    { name: 'transactionNumber', input: <Input maxLength={orderLimits.transactionNumber} /> },
    money('transactionFee'),
    money('settlementFee'),
    { ...money('reserveFee'), extra: t('orders.totalHint') },
  ]
  return <ResourceForm resource={orders} fields={fields} toBody={toBody} />
}
