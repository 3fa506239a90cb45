/**
 * Channels (where members come from, by UTM values) and their campaigns (spec section 3): the kinds, states
 * and lengths that the database, the input rules and the forms share.
 */
export const channelTypes = ['affiliate', 'advertising', 'social', 'email', 'partner', 'other'] as const
export type ChannelType = (typeof channelTypes)[number]

/** archive / recover (spec section 4) move a channel between these. */
export const channelStatuses = ['active', 'archived'] as const
export type ChannelStatus = (typeof channelStatuses)[number]

/** Every UTM value is at most this long. */
export const utmLimit = 100

export const campaignLimits = { name: 100, landingUrl: 500 } as const
