import {
  type Order,
  orderFees,
  orderInput,
  orderRecord,
  type orderSortable,
  paymentProviders,
} from '@vod/contract'
import { eq, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { campaigns, channels, orders, plans, users } from '../../db/schema/index.ts'
import { type FieldError, refuseFields } from '../../lib/errors.ts'
import { cents, twoPlaces } from '../../lib/money.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

const feeColumns: Record<(typeof orderFees)[number], PgColumn> = {
  transaction_fee: orders.transactionFee,
  settlement_fee: orders.settlementFee,
  reserve_fee: orders.reserveFee,
}

/**
 * The total an update writes, in SQL numeric: the amount less each fee, the one the body gives or else the
 * stored one (an UPDATE's expressions read the row as it was). No float ever holds money.
 */
function totalOf(input: Record<string, unknown>): SQL {
  const fees = orderFees.map((fee) =>
    input[fee] === undefined ? sql`${feeColumns[fee]}` : sql`${String(input[fee])}::numeric`,
  )
  return sql`${orders.amount} - ${sql.join(fees, sql` - `)}`
}
const withTotal = (_value: string, input: Record<string, unknown>) => ({ totalAmount: totalOf(input) })

/**
 * Orders (spec sections 2, 3 and 7): list, show and the few corrections staff may make (the fees, the
 * transaction number, the payment method); never created or deleted here. Who paid, for which plan and
 * through which channel are presented by name; the list sorts by plan name too.
 */
export const ordersResource = defineResource<Order>({
  path: 'orders',
  table: orders,
  record: orderRecord,
  input: orderInput,
  operations: ['list', 'show', 'edit'],
  joins: [
    { table: users, on: eq(users.id, orders.userId), inner: true },
    { table: plans, on: eq(plans.id, orders.planId), inner: true },
    { table: channels, on: eq(channels.id, orders.channelId) },
    { table: campaigns, on: eq(campaigns.id, orders.campaignId) },
  ],
  present: {
    username: users.username,
    plan_name: plans.name,
    channel_name: channels.utmSource,
    campaign_name: campaigns.name,
  },
  list: {
    sortable: {
      id: orders.id,
      order_no: orders.orderNo,
      plan_name: plans.name,
      amount: orders.amount,
      total_amount: orders.totalAmount,
      payment_method: orders.paymentMethod,
      paid_at: orders.paidAt,
      created_at: orders.createdAt,
    } satisfies Record<(typeof orderSortable)[number], PgColumn>,
    filters: {
      payment_method: { column: orders.paymentMethod, type: 'enum', values: paymentProviders },
      plan_id: { column: orders.planId, type: 'int' },
      user_id: { column: orders.userId, type: 'int' },
      channel_id: { column: orders.channelId, type: 'int' },
      campaign_id: { column: orders.campaignId, type: 'int' },
    },
    ranges: {
      paid_at: { column: orders.paidAt, type: 'date' },
      amount: { column: orders.amount, type: 'money' },
    },
    keyword: [{ prefix: orders.orderNo }, { prefix: orders.transactionNumber }],
    defaultSort: '-paid_at',
  },
  // The total follows from the fees, computed by PostgreSQL in the same UPDATE.
  transform: { transaction_fee: withTotal, settlement_fee: withTotal, reserve_fee: withTotal },
  hooks: {
    /** The fees, as they will be, may not exceed the amount (compared in cents): 422 on each fee given. */
    async check({ before, input }) {
      if (!before) return
      const given = orderFees.filter((fee) => input[fee] !== undefined)
      if (given.length === 0) return
      const fees = orderFees.reduce((sum, fee) => sum + cents(String(input[fee] ?? before[fee])), 0n)
      if (fees <= cents(before.amount)) return
      const errors: Record<string, FieldError[]> = {}
      for (const fee of given)
        errors[fee] = [{ key: 'orders.fees_exceed_amount', params: { amount: twoPlaces(before.amount) } }]
      refuseFields(errors)
    },
  },
})
