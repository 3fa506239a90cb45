import type { ApiModule } from '../types.ts'
import { scheduleReports } from './deliveries.ts'
import { reportSubscriptionRoutes } from './routes.ts'

/** Reports by e-mail (docs/analytics.md "Reports by e-mail"): subscriptions, and the scheduler that mails them. */
export const reportSubscriptionsModule: ApiModule = async (app, { db, reads, config }) => {
  await reportSubscriptionRoutes(app, db, config)
  scheduleReports(app, { db, reads, config })
}
