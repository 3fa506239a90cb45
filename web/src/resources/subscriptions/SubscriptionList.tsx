import { subscriptionStatuses } from '@vod/contract/resources/commerce'
import { useTranslation } from 'react-i18next'
import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { subscriptions } from './index.ts'
import type { Subscription } from './types.ts'

const statusColors = { active: 'green', cancelled: 'orange', expired: 'default' } as const

interface ChannelOption {
  id: number
  utmSource: string
  utmMedium: string | null
  utmCampaign: string | null
}

/** A channel as the subscriptions list names it: its UTM source, medium and campaign. */
const channelLabel = (channel: ChannelOption) =>
  [channel.utmSource, channel.utmMedium, channel.utmCampaign].filter(Boolean).join(' / ')

/** /plans/subscriptions (hidden): every subscription, by member (username), state, plan, channel and dates. */
export default function SubscriptionList() {
  const { t } = useTranslation()
  const columns: ResourceColumn<Subscription>[] = [
    { key: 'id', sortable: true, width: 80 },
    { key: 'username' },
    { key: 'planName' },
    { key: 'channelName' },
    { key: 'status', sortable: true, type: 'status', colors: statusColors },
    { key: 'startedAt', sortable: true, type: 'datetime' },
    { key: 'endedAt', sortable: true, type: 'datetime' },
    { key: 'cancelledAt', sortable: true, type: 'datetime' },
  ]
  return (
    <ResourceList<Subscription>
      resource={subscriptions}
      columns={columns}
      filters={[
        {
          name: 'status',
          options: subscriptionStatuses.map((status) => ({
            value: status,
            label: t(`subscriptions.statuses.${status}`),
          })),
        },
        { name: 'planId', kind: 'record', resource: 'plans' },
        {
          name: 'channelId',
          kind: 'record',
          resource: 'channels',
          optionLabel: channelLabel as (record: never) => string,
        },
        { name: 'userId', kind: 'record', resource: 'users' },
        // One range only: two range pickers side by side read alike (the API also takes ended_at_from/_to).
        { name: 'startedAt', kind: 'dateRange' },
      ]}
      defaultSort="-id"
    />
  )
}
