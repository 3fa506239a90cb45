import { channelScope } from '../../auth/channel-scope.ts'
import { users } from '../../db/schema/index.ts'

/** Members are the channels' data: a caller sees those its channels brought (auth/channel-scope.ts). */
export const memberScope = channelScope(users.channelId)
