import { payoutCurrencies, payoutReportLimits } from '@vod/contract/resources/commerce'
import { DatePicker, Input, Select } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { type ResourceField, ResourceForm } from '../../components/resource/ResourceForm.tsx'
import type { RecordValues } from '../../components/resource/resource-queries.ts'
import { priceRules } from '../plans/values.ts'
import { segpayPayoutReports } from './index.ts'

const days = ['periodStart', 'periodEnd', 'paidOn'] as const
const amounts = ['gross', 'fees', 'refunds', 'chargebacks', 'net'] as const

/** Calendar days as the date pickers hold them. */
const toForm = (record: RecordValues): RecordValues => ({
  ...record,
  ...Object.fromEntries(days.map((day) => [day, record[day] ? dayjs(record[day] as string) : null])),
})

/** Days as YYYY-MM-DD, money as typed (trimmed, never a number), an empty note as none. */
const toBody = (values: RecordValues): RecordValues => ({
  ...values,
  ...Object.fromEntries(
    days.map((day) => [day, values[day] ? (values[day] as Dayjs).format('YYYY-MM-DD') : null]),
  ),
  ...Object.fromEntries(
    amounts.map((field) => [field, typeof values[field] === 'string' ? values[field].trim() : values[field]]),
  ),
  note: (values.note as string | undefined) || null,
})

/** /orders/segpays/create and edit/{id}: the period, gross to net (checked to the cent), payment and reference. */
export default function PayoutReportForm() {
  const { t } = useTranslation()
  const money = (name: (typeof amounts)[number], extra?: string): ResourceField => ({
    name,
    required: true,
    rules: priceRules(t),
    extra,
    input: <Input inputMode="decimal" maxLength={13} />,
  })
  const day = (name: (typeof days)[number], required: boolean): ResourceField => ({
    name,
    required,
    input: <DatePicker style={{ width: '100%' }} />,
  })
  const fields: ResourceField[] = [
    { name: 'reference', required: true, input: <Input maxLength={payoutReportLimits.reference} /> },
    day('periodStart', true),
    day('periodEnd', true),
    money('gross'),
    money('fees'),
    money('refunds'),
    money('chargebacks'),
    money('net', t('segpay-payout-reports.netHint')),
    {
      name: 'currency',
      required: true,
      input: <Select options={payoutCurrencies.map((code) => ({ value: code, label: code }))} />,
    },
    day('paidOn', false),
    { name: 'note', input: <Input.TextArea maxLength={payoutReportLimits.note} rows={3} /> },
  ]
  return (
    <ResourceForm
      resource={segpayPayoutReports}
      fields={fields}
      initialValues={{ currency: 'USD', fees: '0.00', refunds: '0.00', chargebacks: '0.00' }}
      toForm={toForm}
      toBody={toBody}
    />
  )
}
