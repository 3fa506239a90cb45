import { z } from 'zod'
import { orderFigureFields } from '../field-rules.ts'
import { masked } from '../fields.ts'
import { type FigureName, figureRegistry } from '../figures.ts'
import type { FieldLabel, FieldLabels } from '../labels.ts'
import { defineContract } from '../resource.ts'
import { calendarDay, clearable, instant, money, moneySum, recordId, reference, tally } from '../values.ts'
import { orderEventRecord } from './analytics.ts'
import { campaignReference } from './channels.ts'
import { orderLimits, paymentProviders, payoutCurrencies, payoutReportLimits } from './commerce.ts'
import { price } from './plans.ts'

/**
 * Wire shapes of orders and Segpay payout reports (spec sections 2, 3 and 7; docs/resources.md "Orders and
 * payouts"). Money is an exact decimal string with at most two places; limits and enums are in commerce.ts.
 */

/**
 * What staff may correct on an order (PUT /api/orders/{id}; orders are never created or deleted here): the
 * provider's three fees, the transaction number and the payment method. The server recomputes
 * `total_amount = amount - transaction_fee - settlement_fee - reserve_fee` exactly; 422 on the fee at fault
 * when the fees exceed the amount.
 */
const orderInput = z.object({
  payment_method: z.enum(paymentProviders).optional(),
  transaction_number: clearable(z.string().trim().max(orderLimits.transactionNumber)).optional(),
  transaction_fee: price.optional(),
  settlement_fee: price.optional(),
  reserve_fee: price.optional(),
})

const orderRecord = z
  .object({
    id: recordId,
    order_no: z.string(),
    user_id: reference('users', { shown_as: 'username' }),
    username: z.string(),
    plan_id: reference('plans'),
    plan_name: z.string(),
    subscription_id: recordId.nullable(),
    channel_id: reference('channels').nullable(),
    /** The channel's UTM source. */
    channel_name: z.string().nullable(),
    campaign_id: campaignReference,
    campaign_name: z.string().nullable(),
    amount: money,
    payment_method: z.enum(paymentProviders),
    transaction_number: masked(z.string().nullable(), 'tail'),
    paid_at: instant.nullable(),
    transaction_fee: money,
    settlement_fee: money,
    reserve_fee: money,
    /** amount - transaction_fee - settlement_fee - reserve_fee, exactly. */
    total_amount: money,
    /** Its three fees together: the registry's `fees` (contract/src/figures.ts) of one order. */
    fees: moneySum,
    /** The order's refunds and chargebacks, summed; together never more than the amount. */
    refunded: moneySum,
    charged_back: moneySum,
    /**
     * The registry's net revenue (figures.ts `net`) of one order: its amount less what was refunded and
     * charged back of it, fees not taken off. (Analytics dates a refund when it occurred, this by its order.)
     */
    net: moneySum,
    /** How many refunds and chargebacks it had (the CSV export's columns beside the sums). */
    refund_count: tally,
    chargeback_count: tally,
    /** Its refunds and chargebacks, oldest first (docs/analytics.md). */
    events: z.array(orderEventRecord),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Order' })
export type Order = z.infer<typeof orderRecord>

/** A money figure named as the registry names it (figures.ts), the same on every screen and CSV. */
const registry = (name: FigureName): FieldLabel => {
  const { label } = figureRegistry[name]
  return [label.en, label['zh-cn']]
}

/** An order's fields as the screens name them, and its CSV's header in either language (labels.ts). */
export const orderFieldLabels = {
  order_no: ['Order no.', '订单号'],
  username: ['Member', '会员'],
  subscription_id: ['Subscription', '订阅'],
  payment_method: ['Payment method', '支付方式'],
  transaction_number: ['Transaction no.', '交易号'],
  paid_at: ['Paid at', '支付时间'],
  transaction_fee: ['Transaction fee', '交易手续费'],
  settlement_fee: ['Settlement fee', '结算手续费'],
  reserve_fee: ['Reserve fee', '保证金'],
  total_amount: ['Total', '实收'],
  fees: registry(orderFigureFields.fees),
  refunded: registry(orderFigureFields.refunded),
  charged_back: registry(orderFigureFields.charged_back),
  net: registry(orderFigureFields.net),
  refund_count: registry(orderFigureFields.refund_count),
  chargeback_count: registry(orderFigureFields.chargeback_count),
  // What a refund or chargeback recorded (the audit trail's changes).
  refund: ['Refund', '退款'],
  chargeback: ['Chargeback', '拒付'],
  events: ['Refunds and chargebacks', '退款与拒付'],
} as const satisfies FieldLabels

/** Orders come from the public site's payments: never created or deleted here, only corrected. */
export const ordersContract = defineContract({
  path: 'orders',
  record: orderRecord,
  input: orderInput,
  label: 'order_no',
  fieldLabels: orderFieldLabels,
  operations: ['list', 'show', 'edit'],
  list: {
    sortable: [
      'id',
      'order_no',
      'plan_name',
      'amount',
      'total_amount',
      'payment_method',
      'paid_at',
      'created_at',
    ],
    defaultSort: '-paid_at',
    filters: { payment_method: true, plan_id: true, user_id: true, channel_id: true, campaign_id: true },
    ranges: { paid_at: true, amount: true },
    keyword: true,
    totals: [
      'amount',
      'fees',
      'transaction_fee',
      'settlement_fee',
      'reserve_fee',
      'total_amount',
      'refunded',
      'charged_back',
      'net',
    ],
  },
  export: { filename: 'orders.csv' },
})

/** The fees an order carries, in the order they are taken from the amount. */
export const orderFees = ['transaction_fee', 'settlement_fee', 'reserve_fee'] as const

/**
 * A Segpay payout report as its form sends it. `net` must equal the net payout (figures.ts `netPayout`) to
 * the cent (422 on net), `period_end` is not before `period_start` (422 on period_end), `reference` is unique
 * (422 on reference).
 */
const payoutReportInput = z.object({
  period_start: calendarDay,
  period_end: calendarDay,
  gross: price,
  fees: price.optional(),
  refunds: price.optional(),
  chargebacks: price.optional(),
  net: price,
  currency: z.enum(payoutCurrencies).optional(),
  paid_on: calendarDay.nullable().optional(),
  reference: z.string().trim().min(1).max(payoutReportLimits.reference),
  note: clearable(z.string().trim().max(payoutReportLimits.note)).optional(),
})

const payoutReportRecord = z
  .object({
    id: recordId,
    period_start: calendarDay,
    period_end: calendarDay,
    gross: money,
    fees: money,
    refunds: money,
    chargebacks: money,
    net: money,
    currency: z.enum(payoutCurrencies),
    paid_on: calendarDay.nullable(),
    reference: z.string(),
    note: z.string().nullable(),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'PayoutReport' })
export type PayoutReport = z.infer<typeof payoutReportRecord>

export const segpayPayoutReportsContract = defineContract({
  path: 'segpay-payout-reports',
  record: payoutReportRecord,
  input: payoutReportInput,
  label: 'reference',
  list: {
    sortable: ['id', 'period_start', 'period_end', 'gross', 'net', 'paid_on', 'created_at'],
    defaultSort: '-period_start',
    filters: { currency: true },
    ranges: { period_start: true, paid_on: true },
    keyword: true,
  },
})
