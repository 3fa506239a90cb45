import { useQueryClient } from '@tanstack/react-query'
import { promotionLimits } from '@vod/contract/resources/commerce'
import { PROMOTION_CODE_PATTERN } from '@vod/contract/resources/plans'
import { DatePicker, Input, InputNumber, Select } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { RecordPicker } from '../../components/resource/RecordPicker.tsx'
import { type ResourceField, ResourceForm } from '../../components/resource/ResourceForm.tsx'
import {
  queryKeys,
  type RecordValues,
  useResourceClient,
} from '../../components/resource/resource-queries.ts'
import { useCan } from '../../stores/permission.ts'
import type { Plan } from '../plans/types.ts'
import { promotions } from './index.ts'
import { promotionStatusOptions } from './status.ts'
import type { Promotion } from './types.ts'

const toForm = (record: RecordValues): RecordValues => {
  const promotion = record as unknown as Promotion
  return {
    ...record,
    startedAt: dayjs(promotion.startedAt),
    endedAt: dayjs(promotion.endedAt),
    planIds: promotion.plans.map((plan) => plan.id),
  }
}

/** The promotion itself; its plans are saved by a second call (POST /promotions/{id}/plans). */
const toBody = ({ name, code, startedAt, endedAt, times, status }: RecordValues): RecordValues => ({
  name,
  code,
  times,
  status,
  startedAt: startedAt ? dayjs(startedAt as string).toISOString() : undefined,
  endedAt: endedAt ? dayjs(endedAt as string).toISOString() : undefined,
})

/** /plans/promotions/create and edit/{id}: the code, its period and uses, and (with edit-promotions) its plans. */
export default function PromotionForm() {
  const { t } = useTranslation()
  const queries = useQueryClient()
  const api = useResourceClient<Promotion>(promotions)
  const canChoosePlans = useCan('edit', 'promotions')
  const fields: ResourceField[] = [
    { name: 'name', required: true, input: <Input maxLength={promotionLimits.name} /> },
    {
      name: 'code',
      required: true,
      rules: [{ pattern: PROMOTION_CODE_PATTERN, message: t('promotions.codeRule') }],
      input: <Input maxLength={promotionLimits.code} />,
    },
    { name: 'startedAt', required: true, input: <DatePicker showTime style={{ width: '100%' }} /> },
    { name: 'endedAt', required: true, input: <DatePicker showTime style={{ width: '100%' }} /> },
    {
      name: 'times',
      required: true,
      extra: t('promotions.timesHint'),
      input: <InputNumber min={1} precision={0} style={{ width: '100%' }} />,
    },
    { name: 'status', required: true, input: <Select options={promotionStatusOptions(t)} /> },
  ]
  if (canChoosePlans)
    fields.push({
      name: 'planIds',
      input: <RecordPicker<Plan> resource="plans" mode="multiple" allowClear />,
    })

  const choosePlans = async (saved: { id: number }, values: RecordValues) => {
    await api.action(saved.id, 'plans', { planIds: values.planIds ?? [] })
    await queries.invalidateQueries({ queryKey: queryKeys.resource('promotions') })
  }

  return (
    <ResourceForm
      resource={promotions}
      fields={fields}
      initialValues={{ status: 'enabled', times: 100, planIds: [] }}
      toForm={toForm}
      toBody={toBody}
      afterSave={canChoosePlans ? choosePlans : undefined}
    />
  )
}
