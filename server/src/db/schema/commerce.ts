import {
  dealLimits,
  dealStatuses,
  netPayout,
  orderLimits,
  paymentProviders,
  payoutCurrencies,
  payoutReportLimits,
  promotionLimits,
  promotionStatuses,
  subscriptionStatuses,
} from '@vod/contract'
import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { campaigns, channels } from './channels.ts'
import { inAChannel, money, oneOf, startsWith, timestamps, undatableIndex } from './columns.ts'
import { users } from './members.ts'
import { plans } from './plans.ts'

/** A code members enter for a price cut on the plans it applies to (spec section 3 "Promotion"). */
export const promotions = pgTable(
  'promotions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: promotionLimits.name }).notNull(),
    code: varchar('code', { length: promotionLimits.code }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    /** How many times the code may be redeemed in all. */
    times: integer('times').notNull(),
    status: text('status', { enum: promotionStatuses }).notNull().default('enabled'),
    ...timestamps,
  },
  (t) => [
    check('promotions_status_check', sql`${t.status} in (${oneOf(promotionStatuses)})`),
    check('promotions_period_check', sql`${t.endedAt} > ${t.startedAt}`),
    check('promotions_times_check', sql`${t.times} > 0`),
    // Codes are typed by members: "SPRING" and "spring" are one code.
    uniqueIndex('promotions_code_lower_unique').on(sql`lower(${t.code})`),
    index('promotions_started_at_index').on(t.startedAt),
  ],
)

export const promotionPlans = pgTable(
  'promotion_plans',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.promotionId, t.planId] }),
    index('promotion_plans_plan_id_index').on(t.planId),
  ],
)

/** A time-limited price on one plan (docs/resources.md "Plans and promotions"). */
export const deals = pgTable(
  'deals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: dealLimits.name }).notNull(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    price: money('price').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: dealStatuses }).notNull().default('enabled'),
    ...timestamps,
  },
  (t) => [
    check('deals_status_check', sql`${t.status} in (${oneOf(dealStatuses)})`),
    check('deals_period_check', sql`${t.endedAt} > ${t.startedAt}`),
    check('deals_price_check', sql`${t.price} >= 0`),
    index('deals_plan_id_index').on(t.planId),
    index('deals_started_at_index').on(t.startedAt),
  ],
)

/** A member's subscription to a plan, attributed to the channel and campaign it came through. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'restrict' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'restrict' }),
    status: text('status', { enum: subscriptionStatuses }).notNull().default('active'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('subscriptions_status_check', sql`${t.status} in (${oneOf(subscriptionStatuses)})`),
    index('subscriptions_user_id_index').on(t.userId),
    index('subscriptions_plan_id_index').on(t.planId, t.id),
    index('subscriptions_started_at_index').on(t.startedAt),
    undatableIndex('subscriptions', t.startedAt),
    undatableIndex('subscriptions', t.cancelledAt),
    index('subscriptions_channel_id_started_at_index').on(t.channelId, t.startedAt),
    index('subscriptions_campaign_id_index').on(t.campaignId),
    index('subscriptions_status_id_index').on(t.status, t.id),
  ],
)

/**
 * A payment (spec section 3 "Order"), built for ten million rows. total_amount is what the business keeps:
 * the amount less the provider's transaction, settlement and reserve fees (checked by the database).
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNo: varchar('order_no', { length: orderLimits.orderNo }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'restrict' }),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'restrict' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    paymentMethod: text('payment_method', { enum: paymentProviders }).notNull(),
    transactionNumber: varchar('transaction_number', { length: orderLimits.transactionNumber }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    transactionFee: money('transaction_fee').notNull().default('0'),
    settlementFee: money('settlement_fee').notNull().default('0'),
    reserveFee: money('reserve_fee').notNull().default('0'),
    totalAmount: money('total_amount').notNull(),
    ...timestamps,
  },
  (t) => [
    check('orders_payment_method_check', sql`${t.paymentMethod} in (${oneOf(paymentProviders)})`),
    check(
      'orders_amounts_check',
      sql`${t.amount} >= 0 and ${t.transactionFee} >= 0 and ${t.settlementFee} >= 0 and ${t.reserveFee} >= 0`,
    ),
    check(
      'orders_total_check',
      sql`${t.totalAmount} = ${t.amount} - ${t.transactionFee} - ${t.settlementFee} - ${t.reserveFee}`,
    ),
    uniqueIndex('orders_order_no_unique').on(t.orderNo),
    index('orders_order_no_prefix_index').on(startsWith(t.orderNo)),
    index('orders_transaction_number_prefix_index').on(startsWith(t.transactionNumber)),
    // The same a channel at a time, for a channel admin's keyword and search (lib/list/channel-rows.ts).
    index('orders_channel_order_no_prefix_index')
      .on(t.channelId, startsWith(t.orderNo))
      .where(inAChannel(t.channelId)),
    index('orders_channel_transaction_number_prefix_index')
      .on(t.channelId, startsWith(t.transactionNumber))
      .where(inAChannel(t.channelId)),
    index('orders_paid_at_id_index').on(t.paidAt, t.id),
    undatableIndex('orders', t.paidAt),
    index('orders_payment_method_paid_at_index').on(t.paymentMethod, t.paidAt),
    index('orders_plan_id_paid_at_index').on(t.planId, t.paidAt),
    index('orders_plan_id_id_index').on(t.planId, t.id),
    // A member's orders newest payment first from the index, in place of one on `user_id` alone: no index added.
    index('orders_user_id_paid_at_index').on(t.userId, t.paidAt),
    index('orders_subscription_id_index').on(t.subscriptionId),
    index('orders_channel_id_paid_at_index').on(t.channelId, t.paidAt),
    index('orders_campaign_id_index').on(t.campaignId),
    index('orders_amount_index').on(t.amount),
  ],
)

/**
 * A card provider's payout (docs/resources.md "Orders and payouts"): what it paid out for a period, the gross
 * less fees, refunds and chargebacks giving the net (checked by the database).
 */
export const segpayPayoutReports = pgTable(
  'segpay_payout_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    gross: money('gross').notNull(),
    fees: money('fees').notNull().default('0'),
    refunds: money('refunds').notNull().default('0'),
    chargebacks: money('chargebacks').notNull().default('0'),
    net: money('net').notNull(),
    currency: text('currency', { enum: payoutCurrencies }).notNull().default('USD'),
    paidOn: date('paid_on', { mode: 'string' }),
    reference: varchar('reference', { length: payoutReportLimits.reference }).notNull(),
    note: varchar('note', { length: payoutReportLimits.note }),
    ...timestamps,
  },
  (t) => [
    check('segpay_payout_reports_period_check', sql`${t.periodEnd} >= ${t.periodStart}`),
    check('segpay_payout_reports_currency_check', sql`${t.currency} in (${oneOf(payoutCurrencies)})`),
    check(
      'segpay_payout_reports_parts_check',
      sql`${t.gross} >= 0 and ${t.fees} >= 0 and ${t.refunds} >= 0 and ${t.chargebacks} >= 0`,
    ),
    check(
      'segpay_payout_reports_net_check',
      // The net payout of the figure registry: fees taken off, unlike the analytics' net revenue.
      sql`${t[netPayout.column]} = ${sql.join(
        netPayout.difference.map((part) => t[part]),
        sql` - `,
      )}`,
    ),
    uniqueIndex('segpay_payout_reports_reference_unique').on(t.reference),
    index('segpay_payout_reports_period_start_index').on(t.periodStart),
  ],
)
