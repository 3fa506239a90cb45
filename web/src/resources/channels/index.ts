import { BranchesOutlined, FlagOutlined } from '@ant-design/icons'
import { defineResource } from '../../components/resource/define-resource.ts'
import { channelsGroup } from '../groups.ts'
import { campaignsLocale, channelsLocale } from './locale.ts'

/** Channels: /channels, create, edit/{id}, {id} (spec section 2); campaigns and admins on the channel's page. */
export const channels = defineResource({
  name: 'channels',
  group: channelsGroup,
  base: '/channels',
  icon: BranchesOutlined,
  locale: channelsLocale,
  screens: {
    list: () => import('./ChannelList.tsx'),
    create: () => import('./ChannelForm.tsx'),
    edit: () => import('./ChannelForm.tsx'),
    show: () => import('./ChannelShow.tsx'),
  },
})

/**
 * A channel's campaigns: listed on the channel's page, created at /channels/{id}/campaigns/create and
 * edited at /channels/{id}/campaigns/{cid}/edit, behind the campaigns' own permissions. The screens
 * read the channel from the address (CampaignForm); saved or cancelled, they go back to the channel.
 */
export const campaigns = defineResource({
  name: 'campaigns',
  // Under the channel of the address; the screens fill `:channelId` in.
  api: 'channels/:channelId/campaigns',
  group: channelsGroup,
  base: '/channels/:channelId',
  hidden: true,
  icon: FlagOutlined,
  locale: campaignsLocale,
  paths: { create: 'campaigns/create', edit: 'campaigns/:id/edit' },
  screens: {
    create: () => import('./CampaignForm.tsx'),
    edit: () => import('./CampaignForm.tsx'),
  },
})
