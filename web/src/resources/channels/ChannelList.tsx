import { channelActions } from '@vod/contract/resources/channels'
import { useTranslation } from 'react-i18next'
import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { channels } from './index.ts'
import type { Channel } from './types.ts'
import { channelStatusColors, channelStatusOptions, channelTypeOptions, flagOptions } from './values.ts'

/**
 * /channels: found by any of their UTM values, by type, status and disabled; how many campaigns and
 * admins each has; archived or recovered in the row.
 */
export default function ChannelList() {
  const { t } = useTranslation()
  const columns: ResourceColumn<Channel>[] = [
    { key: 'id', sortable: true, width: 80 },
    { key: 'utmSource', sortable: true },
    { key: 'utmMedium' },
    { key: 'utmCampaign' },
    { key: 'type', sortable: true, type: 'status', values: 'types' },
    { key: 'profitSharing', sortable: true, render: (value) => `${value}%` },
    { key: 'status', sortable: true, type: 'status', colors: channelStatusColors },
    { key: 'disabled', type: 'flag' },
    { key: 'campaignsCount', sortable: true },
    { key: 'adminCount', sortable: true },
    { key: 'createdAt', sortable: true, type: 'datetime' },
  ]
  return (
    <ResourceList<Channel>
      resource={channels}
      columns={columns}
      actions={channelActions}
      confirm={['archive']}
      filters={[
        { name: 'type', options: channelTypeOptions(t) },
        { name: 'status', options: channelStatusOptions(t) },
        { name: 'disabled', options: flagOptions(t) },
      ]}
      defaultSort="-id"
    />
  )
}
