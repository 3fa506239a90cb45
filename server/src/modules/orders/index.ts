import type { ApiModule } from '../types.ts'
import { ordersResource } from './orders.ts'
import { payoutReportsResource } from './payout-reports.ts'

/** The /orders area (spec section 2): members' orders, and the Segpay payout reports under it. */
export const ordersModule: ApiModule = async (app, options) => {
  await ordersResource(app, options)
  await payoutReportsResource(app, options)
}
