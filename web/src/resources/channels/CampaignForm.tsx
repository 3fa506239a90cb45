import { BUDGET_PATTERN, campaignLimits, HTTP_URL_PATTERN, utmLimit } from '@vod/contract/resources/channels'
import { Input } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { type ResourceField, ResourceForm } from '../../components/resource/ResourceForm.tsx'
import type { RecordValues } from '../../components/resource/resource-queries.ts'
import { campaigns } from './index.ts'
import { patternRules, textOrNull } from './values.ts'

const utms = ['utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent'] as const

/** Empty texts clear; empty days and budget are none; the budget goes as typed (exact). */
const toBody = (values: RecordValues): RecordValues => ({
  ...values,
  ...Object.fromEntries(utms.map((name) => [name, values[name] ?? ''])),
  landingUrl: values.landingUrl ?? '',
  startedOn: textOrNull(values.startedOn),
  endedOn: textOrNull(values.endedOn),
  budget: textOrNull(values.budget),
})

/**
 * /channels/{id}/campaigns/create and /channels/{id}/campaigns/{cid}/edit: the campaign under the channel
 * of the address (its API is /api/channels/{id}/campaigns); saved or cancelled, back to the channel.
 */
export default function CampaignForm() {
  const { t } = useTranslation()
  const { channelId } = useParams()
  const resource = useMemo(
    () => ({
      ...campaigns,
      api: campaigns.api?.replace(':channelId', String(channelId)),
      base: `/channels/${channelId}`,
    }),
    [channelId],
  )
  const utm = <Input maxLength={utmLimit} />
  const fields: ResourceField[] = [
    { name: 'name', required: true, input: <Input maxLength={campaignLimits.name} /> },
    ...utms.map((name) => ({ name, input: utm })),
    {
      name: 'landingUrl',
      rules: patternRules(HTTP_URL_PATTERN, t('campaigns.urlRule')),
      input: <Input maxLength={campaignLimits.landingUrl} placeholder="https://" />,
    },
    { name: 'startedOn', input: <Input type="date" /> },
    {
      name: 'endedOn',
      input: <Input type="date" />,
      dependencies: ['startedOn'],
      rules: [
        ({ getFieldValue }) => ({
          validator: (_, value?: string | null) => {
            const start = getFieldValue('startedOn') as string | undefined
            return !value || !start || value >= start
              ? Promise.resolve()
              : Promise.reject(new Error(t('campaigns.endRule')))
          },
        }),
      ],
    },
    {
      name: 'budget',
      rules: patternRules(BUDGET_PATTERN, t('campaigns.budgetRule')),
      input: <Input inputMode="decimal" maxLength={13} />,
    },
  ]
  return <ResourceForm resource={resource} fields={fields} toBody={toBody} />
}
