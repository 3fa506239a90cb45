import type {
  Campaign as WireCampaign,
  Channel as WireChannel,
  ChannelAdmin as WireChannelAdmin,
} from '@vod/contract'
import type { Camelize } from '../../api/case.ts'

export type Channel = Camelize<WireChannel>
export type Campaign = Camelize<WireCampaign>
export type ChannelAdmin = Camelize<WireChannelAdmin>
