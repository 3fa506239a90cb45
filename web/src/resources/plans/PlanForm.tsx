import { planLimits } from '@vod/contract/resources/commerce'
import { Input, InputNumber, Select, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { type ResourceField, ResourceForm } from '../../components/resource/ResourceForm.tsx'
import type { RecordValues } from '../../components/resource/resource-queries.ts'
import { plans } from './index.ts'
import { periodUnitOptions, priceOrNull, priceRules } from './values.ts'

const flags = ['downloadable', 'show', 'isBest'] as const
const providers = ['segpayId', 'ccbillId', 'epochId', 'verotelId'] as const
const optionalPrices = ['initialDiscountPrice', 'recurringOriginalPrice', 'recurringDiscountPrice'] as const

/** Flags as switches. */
const toForm = (record: RecordValues): RecordValues => ({
  ...record,
  ...Object.fromEntries(flags.map((flag) => [flag, record[flag] === 1])),
})

/** Prices go as typed (exact strings), empty ones as none; an empty renewal is no renewal. */
const toBody = (values: RecordValues): RecordValues => ({
  ...values,
  ...Object.fromEntries(flags.map((flag) => [flag, values[flag] ? 1 : 0])),
  ...Object.fromEntries(optionalPrices.map((name) => [name, priceOrNull(values[name])])),
  initialOriginalPrice: priceOrNull(values.initialOriginalPrice) ?? '',
  recurringPeriodCount: values.recurringPeriodCount ?? null,
  recurringPeriodUnit: values.recurringPeriodUnit ?? null,
  title: values.title ?? '',
  ...Object.fromEntries(providers.map((name) => [name, values[name] ?? ''])),
})

/** /plans/create and /plans/{id}/edit: a plan's periods and prices, its flags and its providers' ids. */
export default function PlanForm() {
  const { t } = useTranslation()
  const count = <InputNumber min={1} max={planLimits.periodCount} precision={0} style={{ width: '100%' }} />
  const units = <Select options={periodUnitOptions(t)} allowClear />
  const price = <Input inputMode="decimal" maxLength={13} />
  const fields: ResourceField[] = [
    { name: 'name', required: true, input: <Input maxLength={planLimits.name} /> },
    { name: 'title', input: <Input maxLength={planLimits.title} /> },
    { name: 'initialPeriodCount', required: true, input: count },
    { name: 'initialPeriodUnit', required: true, input: units },
    { name: 'initialOriginalPrice', required: true, rules: priceRules(t), input: price },
    { name: 'initialDiscountPrice', rules: priceRules(t), input: price },
    { name: 'recurringPeriodCount', input: count, extra: t('plans.recurringHint') },
    { name: 'recurringPeriodUnit', input: units },
    { name: 'recurringOriginalPrice', rules: priceRules(t), input: price },
    { name: 'recurringDiscountPrice', rules: priceRules(t), input: price },
    ...flags.map((name) => ({ name, input: <Switch />, valuePropName: 'checked' })),
    { name: 'sort', input: <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} /> },
    ...providers.map((name) => ({ name, input: <Input maxLength={planLimits.externalId} /> })),
  ]
  return (
    <ResourceForm
      resource={plans}
      fields={fields}
      toForm={toForm}
      toBody={toBody}
      initialValues={{
        initialPeriodCount: 1,
        initialPeriodUnit: 'month',
        show: true,
        downloadable: false,
        isBest: false,
        sort: 0,
      }}
      maxWidth={720}
    />
  )
}
