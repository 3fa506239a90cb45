import { useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { http } from '../../api/http.ts'
import { RecordPicker } from '../../components/resource/RecordPicker.tsx'
import { useCan } from '../../stores/permission.ts'

interface Props {
  channel: number | null
  campaign: number | null
  plan: number | null
  onChannel: (channel: number | null) => void
  onCampaign: (campaign: number | null) => void
  onPlan: (plan: number | null) => void
}

/** How many of a channel's campaigns the picker offers (a channel has a handful). */
const CAMPAIGNS = 100

/**
 * The subscriptions the figures count: one channel (of those the caller sees), one of its campaigns, one
 * plan, or all. A campaign is picked within its channel, as campaigns live under channels.
 */
export function EconomicsFilterFields({ channel, campaign, plan, onChannel, onCampaign, onPlan }: Props) {
  const { t } = useTranslation()
  const mayListCampaigns = useCan('list', 'campaigns')
  const campaigns = useQuery({
    queryKey: ['economics', 'campaigns', channel],
    queryFn: ({ signal }) =>
      http.get<{ data: { id: number; name: string }[] }>(`/channels/${channel}/campaigns`, {
        query: { per_page: CAMPAIGNS },
        signal,
      }),
    enabled: channel !== null && mayListCampaigns,
  })
  const single = (value: unknown) => (typeof value === 'number' ? value : null)
  return (
    <>
      <RecordPicker
        resource="channels"
        aria-label={t('economics.channel')}
        data-testid="economics-channel"
        placeholder={t('economics.allChannels')}
        allowClear
        style={{ minWidth: 180 }}
        value={channel ?? undefined}
        onChange={(value) => onChannel(single(value))}
      />
      <Select<number>
        aria-label={t('economics.campaign')}
        data-testid="economics-campaign"
        placeholder={t('economics.allCampaigns')}
        allowClear
        disabled={channel === null || !mayListCampaigns}
        style={{ minWidth: 180 }}
        value={campaign ?? undefined}
        onChange={(value) => onCampaign(single(value))}
        options={(campaigns.data?.data ?? []).map((row) => ({ value: row.id, label: row.name }))}
      />
      <RecordPicker
        resource="plans"
        aria-label={t('economics.plan')}
        data-testid="economics-plan"
        placeholder={t('economics.allPlans')}
        allowClear
        style={{ minWidth: 180 }}
        value={plan ?? undefined}
        onChange={(value) => onPlan(single(value))}
      />
    </>
  )
}
