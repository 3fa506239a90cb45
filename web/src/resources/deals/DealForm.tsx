import { dealLimits } from '@vod/contract/resources/commerce'
import { DatePicker, Input, Select } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { RecordPicker } from '../../components/resource/RecordPicker.tsx'
import { type ResourceField, ResourceForm } from '../../components/resource/ResourceForm.tsx'
import type { RecordValues } from '../../components/resource/resource-queries.ts'
import { priceRules } from '../plans/values.ts'
import { deals } from './index.ts'
import { dealStatusOptions } from './status.ts'

const toForm = (record: RecordValues): RecordValues => ({
  ...record,
  startedAt: dayjs(record.startedAt as string),
  endedAt: dayjs(record.endedAt as string),
})

const toBody = ({ startedAt, endedAt, price, ...rest }: RecordValues): RecordValues => ({
  ...rest,
  price: typeof price === 'string' ? price.trim() : price,
  startedAt: startedAt ? dayjs(startedAt as string).toISOString() : undefined,
  endedAt: endedAt ? dayjs(endedAt as string).toISOString() : undefined,
})

/** /plans/deals/create and edit/{id}: which plan, at what price, from when to when. */
export default function DealForm() {
  const { t } = useTranslation()
  const fields: ResourceField[] = [
    { name: 'name', required: true, input: <Input maxLength={dealLimits.name} /> },
    { name: 'planId', required: true, input: <RecordPicker resource="plans" /> },
    {
      name: 'price',
      required: true,
      rules: priceRules(t),
      extra: t('deals.priceHint'),
      input: <Input inputMode="decimal" maxLength={13} />,
    },
    { name: 'startedAt', required: true, input: <DatePicker showTime style={{ width: '100%' }} /> },
    { name: 'endedAt', required: true, input: <DatePicker showTime style={{ width: '100%' }} /> },
    { name: 'status', required: true, input: <Select options={dealStatusOptions(t)} /> },
  ]
  return (
    <ResourceForm
      resource={deals}
      fields={fields}
      initialValues={{ status: 'enabled' }}
      toForm={toForm}
      toBody={toBody}
    />
  )
}
