import { BranchesOutlined, FlagOutlined } from '@ant-design/icons'
import { channelsContract } from '@vod/contract/resources/channels'
import { childContract, defineResource } from '../../components/resource/define-resource.ts'
import { channelsGroup } from '../groups.ts'
import { campaignsLocale, channelsLocale } from './locale.ts'

/** Channels: /channels, create, edit/{id}, {id} (spec section 2); campaigns and admins on the channel's page. */
export const channels = defineResource({
  contract: channelsContract,
  group: channelsGroup,
  base: '/channels',
  icon: BranchesOutlined,
  locale: channelsLocale,
  screens: { list: true, create: true, edit: true, show: () => import('./ChannelShow.tsx') },
  show: {
    related: [
      { resource: 'subscriptions', filter: 'channel_id' },
      { resource: 'orders', filter: 'channel_id' },
    ],
  },
  list: {
    columns: [
      'id',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'type',
      'profit_sharing',
      'status',
      'disabled',
      'campaigns_count',
      'admin_count',
      'created_at',
    ],
    filters: ['type', 'status', 'disabled'],
    confirm: ['archive'],
  },
  form: { initialValues: { type: 'advertising', profit_sharing: '0', disabled: 0 } },
  children: {
    campaigns: {
      columns: [
        'name',
        'utm_source',
        'utm_medium',
        'utm_campaign',
        // The landing URL is on the campaign's form: the list fits a 1440 px screen without it.
        'started_on',
        'ended_on',
        'budget',
      ],
    },
    admins: { columns: ['id', 'username', 'name', 'added_at'] },
  },
})

/**
 * A channel's campaigns: listed on the channel's page, created at /channels/{id}/campaigns/create and
 * edited at /channels/{id}/campaigns/{cid}/edit, behind the campaigns' own permissions; saved or
 * cancelled, they go back to the channel (their base).
 */
export const campaigns = defineResource({
  contract: childContract(channelsContract, 'campaigns', 'channelId'),
  name: 'campaigns',
  group: channelsGroup,
  base: '/channels/:channelId',
  hidden: true,
  icon: FlagOutlined,
  locale: campaignsLocale,
  paths: { create: 'campaigns/create', edit: 'campaigns/:id/edit' },
  screens: { create: true, edit: true },
})
