import { sql } from 'drizzle-orm'
import { plans } from '../../db/schema/index.ts'

/**
 * How a plan is named on the records that name it (an order's, a member's, a subscription's, a deal's
 * `plan_name`, the dashboard's plans): its title as the member site shows it ("Yearly 年度会员"), its code
 * (`yearly`) only where it has none. Staff read titles; the code is the plan's own field.
 */
export const planTitle = sql<string>`coalesce(nullif(${plans.title}, ''), ${plans.name})`
