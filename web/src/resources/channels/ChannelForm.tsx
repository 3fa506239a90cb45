import { PERCENT_PATTERN, utmLimit } from '@vod/contract/resources/channels'
import { Input, Select, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { type ResourceField, ResourceForm } from '../../components/resource/ResourceForm.tsx'
import type { RecordValues } from '../../components/resource/resource-queries.ts'
import { channels } from './index.ts'
import { channelTypeOptions, patternRules, textOrNull } from './values.ts'

const utms = ['utmMedium', 'utmCampaign', 'utmTerm', 'utmContent', 'utmId'] as const

const toForm = (record: RecordValues): RecordValues => ({ ...record, disabled: record.disabled === 1 })

/** Empty UTM values are cleared; the share goes as typed (an exact decimal string). */
const toBody = (values: RecordValues): RecordValues => ({
  ...values,
  ...Object.fromEntries(utms.map((name) => [name, values[name] ?? ''])),
  profitSharing: textOrNull(values.profitSharing) ?? '0',
  disabled: values.disabled ? 1 : 0,
})

/** /channels/create and /channels/edit/{id}: a channel's UTM values, type, profit share and flag. */
export default function ChannelForm() {
  const { t } = useTranslation()
  const utm = <Input maxLength={utmLimit} />
  const fields: ResourceField[] = [
    { name: 'utmSource', required: true, input: utm },
    ...utms.map((name) => ({ name, input: utm })),
    { name: 'type', required: true, input: <Select options={channelTypeOptions(t)} /> },
    {
      name: 'profitSharing',
      rules: patternRules(PERCENT_PATTERN, t('channels.percentRule')),
      extra: t('channels.percentRule'),
      input: <Input inputMode="decimal" maxLength={6} suffix="%" />,
    },
    { name: 'disabled', input: <Switch />, valuePropName: 'checked' },
  ]
  return (
    <ResourceForm
      resource={channels}
      fields={fields}
      toForm={toForm}
      toBody={toBody}
      initialValues={{ type: 'advertising', profitSharing: '0', disabled: false }}
    />
  )
}
