import { channelActions } from '@vod/contract/resources/channels'
import { Button } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ChildList } from '../../components/resource/ChildList.tsx'
import { resourcePath } from '../../components/resource/define-resource.ts'
import { ResourceShow } from '../../components/resource/ResourceShow.tsx'
import { useCan } from '../../stores/permission.ts'
import { ChannelAdmins } from './ChannelAdmins.tsx'
import { campaigns, channels } from './index.ts'
import type { Campaign, Channel } from './types.ts'
import { channelStatusColors } from './values.ts'

/** /channels/{id}: the channel, archive / recover, its campaigns (own permissions) and its admins. */
export default function ChannelShow() {
  return (
    <ResourceShow<Channel>
      resource={channels}
      actions={channelActions}
      confirm={['archive']}
      items={[
        { key: 'utmSource' },
        { key: 'utmMedium' },
        { key: 'utmCampaign' },
        { key: 'utmTerm' },
        { key: 'utmContent' },
        { key: 'utmId' },
        { key: 'type', type: 'status', values: 'types' },
        { key: 'profitSharing', render: (value) => `${value}%` },
        { key: 'status', type: 'status', colors: channelStatusColors },
        { key: 'disabled', type: 'flag' },
        { key: 'campaignsCount' },
        { key: 'adminCount' },
        { key: 'createdAt', type: 'datetime' },
        { key: 'updatedAt', type: 'datetime' },
      ]}
    >
      {(channel) => (
        <>
          <Campaigns channelId={channel.id} />
          <ChannelAdmins channelId={channel.id} />
        </>
      )}
    </ResourceShow>
  )
}

function Campaigns({ channelId }: { channelId: number }) {
  const { t } = useTranslation()
  const mayList = useCan('list', 'campaigns')
  const mayCreate = useCan('create', 'campaigns')
  const mayEdit = useCan('edit', 'campaigns')
  const here = { ...campaigns, base: `/channels/${channelId}` }
  if (!mayList) return null
  return (
    <ChildList<Campaign>
      parent={channels}
      id={channelId}
      child="campaigns"
      resource="campaigns"
      removable
      columns={[
        { key: 'name' },
        { key: 'utmSource' },
        { key: 'utmMedium' },
        { key: 'utmCampaign' },
        { key: 'landingUrl' },
        { key: 'startedOn', type: 'date' },
        { key: 'endedOn', type: 'date' },
        { key: 'budget', type: 'money' },
      ]}
      toolbar={
        mayCreate && (
          <Link to={resourcePath(here, 'create')}>
            <Button type="primary" data-testid="campaign-create">
              {t('resource.add')}
            </Button>
          </Link>
        )
      }
      rowActions={
        mayEdit
          ? (campaign) => (
              <Link to={resourcePath(here, 'edit', campaign.id)} data-testid="campaign-edit">
                {t('resource.edit')}
              </Link>
            )
          : undefined
      }
    />
  )
}
