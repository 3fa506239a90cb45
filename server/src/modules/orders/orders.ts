import { type Order, type OrderEventKind, orderEventInput, orderFees, ordersContract } from '@vod/contract'
import { eq, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { FastifyRequest } from 'fastify'
import { channelScope } from '../../auth/channel-scope.ts'
import { adminOf } from '../../auth/sessions.ts'
import { admins, campaigns, channels, orderEvents, orders, plans, users } from '../../db/schema/index.ts'
import { conflict, type FieldError, invalidField, refuseFields } from '../../lib/errors.ts'
import { LateralJoin } from '../../lib/list/index.ts'
import { cents, fromCents, twoPlaces } from '../../lib/money.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { narrowedFields, readWhole } from '../../lib/resource/field-access.ts'
import { qualified } from '../../lib/resource/relations.ts'
import type { ActionRoute } from '../../lib/resource/types.ts'
import { declareSearch } from '../../lib/search/searchable.ts'
import { planTitle } from '../plans/plan-title.ts'

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
 * What went back of each order, from one reading of its events (a subquery each field read them five
 * times: a third of a page's work): what was refunded and charged back, in two places and of any size (rows
 * written elsewhere may add up past an order's numeric(12, 2), member-site-rows.test.ts, which must not make
 * the order unreadable), how many of each, and the events themselves, oldest first.
 */
const sumOf = (kind: OrderEventKind) =>
  sql`round(coalesce(sum(e.amount) filter (where e.kind = ${kind}), 0), 2)`
const countOf = (kind: OrderEventKind) => sql`(count(*) filter (where e.kind = ${kind}))::int`
const wentBack = new LateralJoin(
  'went_back',
  {
    refunded: sumOf('refund'),
    charged_back: sumOf('chargeback'),
    refund_count: countOf('refund'),
    chargeback_count: countOf('chargeback'),
    events: sql`coalesce(json_agg(json_build_object('id', e.id, 'kind', e.kind, 'amount', e.amount::text,
      'occurred_at', vod_wire(e.occurred_at), 'reason', e.reason, 'created_by', a.username)
      order by e.id), '[]'::json)`,
  },
  sql`from ${orderEvents} e left join ${admins} a on a.id = e.created_by
    where e.order_id = ${qualified(orders.id)}`,
)

/** Whether the caller reads an order's field whole: a message names its value only then (field rules). */
const tells = (request: FastifyRequest, field: string) => readWhole(narrowedFields(request, 'orders'), field)

/**
 * POST /orders/{id}/refund and /chargeback: money going back from a paid order, dated now unless said.
 * The order's row is locked (the action machinery), so concurrent requests add up one after the other and
 * together never pass the amount: 422 on `amount` naming what is left. An unpaid order is 409.
 */
function moneyBack(kind: OrderEventKind): ActionRoute<Order> {
  return {
    body: orderEventInput,
    summary: kind === 'refund' ? 'Refund (part of) an order' : 'Record a chargeback on an order',
    description:
      'Answers the order with its `refunded`, `charged_back` and `events`. Refunds and chargebacks together ' +
      'may not exceed the amount (422 on `amount`); an unpaid order is 409. Moves the analytics at once.',
    refused: 'orders.not_paid',
    // Without list-orders, what a refund needs to know: the amount and what went back of it, not the order.
    answers: ['amount', 'refunded', 'charged_back'],
    async run({ tx, id, before, body, request }) {
      if (before.paid_at === null) throw conflict('orders.not_paid')
      // Money goes back after it was paid, and not later than now.
      const occurred = body.occurred_at ? new Date(body.occurred_at) : undefined
      if (occurred && occurred.getTime() < Date.parse(before.paid_at))
        throw tells(request, 'paid_at')
          ? invalidField('occurred_at', 'orders.before_paid', { paid_at: before.paid_at })
          : invalidField('occurred_at', 'orders.before_paid_hidden')
      if (occurred && occurred.getTime() > Date.now()) throw invalidField('occurred_at', 'orders.in_future')
      const [row] = await tx
        .select({ taken: sql<string>`coalesce(sum(${orderEvents.amount}), 0)::text` })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, id))
      const left = cents(before.amount) - cents(row?.taken ?? '0')
      if (cents(body.amount) > left)
        throw tells(request, 'amount')
          ? invalidField('amount', 'orders.over_amount', {
              amount: twoPlaces(before.amount),
              left: fromCents(left),
            })
          : invalidField('amount', 'orders.over_amount_hidden')
      await tx.insert(orderEvents).values({
        orderId: id,
        kind,
        amount: body.amount,
        reason: body.reason || null,
        occurredAt: occurred,
        createdBy: adminOf(request).id,
      })
      return { [kind]: body.amount, reason: body.reason ?? null }
    },
  }
}

/**
 * Orders (spec sections 2, 3 and 7): list, show and the few corrections staff may make (the fees, the
 * transaction number, the payment method); never created or deleted here. Who paid, for which plan and
 * through which channel are presented by name; the list sorts by plan name too.
 */
const scope = channelScope(orders.channelId)
const keyword = [{ prefix: orders.orderNo }, { prefix: orders.transactionNumber }]

export const ordersResource = defineResource<Order>({
  contract: ordersContract,
  table: orders,
  scope,
  joins: [
    { table: users, on: eq(users.id, orders.userId), inner: true },
    { table: plans, on: eq(plans.id, orders.planId), inner: true },
    { table: channels, on: eq(channels.id, orders.channelId) },
    { table: campaigns, on: eq(campaigns.id, orders.campaignId) },
  ],
  present: {
    username: users.username,
    plan_name: planTitle,
    channel_name: channels.utmSource,
    campaign_name: campaigns.name,
    ...wentBack.fields,
    fees: sql`(${orders.transactionFee} + ${orders.settlementFee} + ${orders.reserveFee})`,
    // Net revenue as analytics counts it (contract figures.ts `net`): fees beside it, not taken off.
    net: sql`(${orders.amount} - ${wentBack.fields.refunded} - ${wentBack.fields.charged_back})`,
  },
  lateral: [wentBack],
  actions: { refund: moneyBack('refund'), chargeback: moneyBack('chargeback') },
  list: {
    keyword,
  },
  // Every field but `events`, whose figures are columns of their own (two counts, two sums) rather than a
  // JSON blob in one cell.
  export: {
    columns: Object.keys(ordersContract.record.shape).filter((field) => field !== 'events'),
  },
  // The total follows from the fees, computed by PostgreSQL in the same UPDATE.
  transform: { transaction_fee: withTotal, settlement_fee: withTotal, reserve_fee: withTotal },
  hooks: {
    /** The fees, as they will be, may not exceed the amount (compared in cents): 422 on each fee given. */
    async check({ before, input, request }) {
      if (!before) return
      const given = orderFees.filter((fee) => input[fee] !== undefined)
      if (given.length === 0) return
      const fees = orderFees.reduce((sum, fee) => sum + cents(String(input[fee] ?? before[fee])), 0n)
      if (fees <= cents(before.amount)) return
      const errors: Record<string, FieldError[]> = {}
      for (const fee of given)
        errors[fee] = [
          tells(request, 'amount')
            ? { key: 'orders.fees_exceed_amount', params: { amount: twoPlaces(before.amount) } }
            : { key: 'orders.fees_exceed_amount_hidden' },
        ]
      refuseFields(errors)
    },
  },
})

// The search box: an order by the start of its number or its transaction number, within the list's scope.
declareSearch({
  kind: 'orders',
  table: orders,
  label: ordersContract.label,
  columns: keyword,
  detail: orders.transactionNumber,
  scope,
})
