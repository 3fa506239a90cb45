import { periodUnits, planLimits } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { money, oneOf, timestamps } from './columns.ts'

const externalId = (name: string) => varchar(name, { length: planLimits.externalId })

/**
 * What a member subscribes to (spec section 3 "Plan"): a first period at one price, then (optionally)
 * renewals at another; a discount price never above its original price. Plans are never deleted: orders and
 * subscriptions keep pointing at them.
 */
export const plans = pgTable(
  'plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: planLimits.name }).notNull(),
    title: varchar('title', { length: planLimits.title }),
    initialPeriodCount: integer('initial_period_count').notNull(),
    initialPeriodUnit: text('initial_period_unit', { enum: periodUnits }).notNull(),
    initialOriginalPrice: money('initial_original_price').notNull(),
    initialDiscountPrice: money('initial_discount_price'),
    /** The renewal, all four set or none (a one-off plan). */
    recurringPeriodCount: integer('recurring_period_count'),
    recurringPeriodUnit: text('recurring_period_unit', { enum: periodUnits }),
    recurringOriginalPrice: money('recurring_original_price'),
    recurringDiscountPrice: money('recurring_discount_price'),
    downloadable: boolean('downloadable').notNull().default(false),
    show: boolean('show').notNull().default(true),
    isBest: boolean('is_best').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    segpayId: externalId('segpay_id'),
    ccbillId: externalId('ccbill_id'),
    epochId: externalId('epoch_id'),
    verotelId: externalId('verotel_id'),
    ...timestamps,
  },
  (t) => [
    check('plans_initial_period_unit_check', sql`${t.initialPeriodUnit} in (${oneOf(periodUnits)})`),
    check('plans_recurring_period_unit_check', sql`${t.recurringPeriodUnit} in (${oneOf(periodUnits)})`),
    check('plans_initial_period_count_check', sql`${t.initialPeriodCount} > 0`),
    check(
      'plans_recurring_complete_check',
      sql`(${t.recurringPeriodCount} is null) = (${t.recurringPeriodUnit} is null) and (${t.recurringPeriodCount} is null) = (${t.recurringOriginalPrice} is null)`,
    ),
    check(
      'plans_prices_check',
      sql`${t.initialOriginalPrice} >= 0 and (${t.initialDiscountPrice} is null or ${t.initialDiscountPrice} between 0 and ${t.initialOriginalPrice}) and (${t.recurringDiscountPrice} is null or ${t.recurringDiscountPrice} between 0 and ${t.recurringOriginalPrice})`,
    ),
    uniqueIndex('plans_name_lower_unique').on(sql`lower(${t.name})`),
    index('plans_sort_index').on(t.sort, t.id),
  ],
)
