import type { ApiModule } from '../types.ts'
import { dealsResource } from './deals.ts'
import { plansResource } from './plans.ts'
import { promotionsResource } from './promotions.ts'
import { channelStatisticRoute, subscriptionsResource } from './subscriptions.ts'

/**
 * The /plans area (spec section 2): plans with their CSV export, promotions and the plans they apply to,
 * deals, and the members' subscriptions with their count per channel.
 */
export const plansModule: ApiModule = async (app, options) => {
  await plansResource(app, options)
  await promotionsResource(app, options)
  await dealsResource(app, options)
  await subscriptionsResource(app, options)
  await channelStatisticRoute(app, options.db)
}
