import { z } from 'zod'
import { hideableName } from '../field-rules.ts'
import { ofKind } from '../fields.ts'
import type { FieldLabels } from '../labels.ts'
import { defineContract } from '../resource.ts'
import {
  calendarDay,
  clearable,
  flag,
  instant,
  instantInput,
  money,
  recordId,
  reference,
  references,
} from '../values.ts'
import { campaignReference } from './channels.ts'
import {
  dealLimits,
  dealStatuses,
  periodUnits,
  planLimits,
  promotionLimits,
  promotionStatuses,
  subscriptionStatuses,
} from './commerce.ts'

/**
 * Wire shapes of plans, promotions, deals and subscriptions (spec section 3; docs/resources.md "Plans and
 * promotions"). Limits and states are in commerce.ts, shared with the database.
 */

/** A price: an exact decimal string, never negative, at most two places ("19.99"). */
const PRICE_PATTERN = /^\d{1,10}(\.\d{1,2})?$/
export const price = ofKind(z.string().trim().regex(PRICE_PATTERN, 'validation.money'), { kind: 'money' })
/** A price above zero (a deal's): the digits alone tell, no float is made. */
const positivePrice = price.refine((value) => /[1-9]/.test(value), {
  message: 'validation.min.number',
  params: { min: '0.01' },
})

const periodCount = z.number().int().min(1).max(planLimits.periodCount)
const externalId = clearable(z.string().trim().max(planLimits.externalId)).optional()

/**
 * A plan as its form sends it. The renewal (recurring_*) is set whole or not at all, and each discount
 * price is at most its original price: both checked against the stored record too (a PUT may send one
 * field), answering 422 on the field at fault.
 */
const planInput = z.object({
  name: z.string().trim().min(1).max(planLimits.name),
  title: clearable(z.string().trim().max(planLimits.title)).optional(),
  initial_period_count: periodCount,
  initial_period_unit: z.enum(periodUnits),
  initial_original_price: price,
  initial_discount_price: price.nullable().optional(),
  recurring_period_count: periodCount.nullable().optional(),
  recurring_period_unit: z.enum(periodUnits).nullable().optional(),
  recurring_original_price: price.nullable().optional(),
  recurring_discount_price: price.nullable().optional(),
  downloadable: flag.optional(),
  show: flag.optional(),
  is_best: flag.optional(),
  sort: z.number().int().min(0).max(1_000_000).optional(),
  segpay_id: externalId,
  ccbill_id: externalId,
  epoch_id: externalId,
  verotel_id: externalId,
})

const planRecord = z
  .object({
    id: recordId,
    name: z.string(),
    title: z.string().nullable(),
    initial_period_count: z.number().int(),
    initial_period_unit: z.enum(periodUnits),
    initial_original_price: money,
    initial_discount_price: money.nullable(),
    recurring_period_count: z.number().int().nullable(),
    recurring_period_unit: z.enum(periodUnits).nullable(),
    recurring_original_price: money.nullable(),
    recurring_discount_price: money.nullable(),
    downloadable: flag,
    show: flag,
    is_best: flag,
    sort: z.number().int(),
    segpay_id: z.string().nullable(),
    ccbill_id: z.string().nullable(),
    epoch_id: z.string().nullable(),
    verotel_id: z.string().nullable(),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Plan' })
export type Plan = z.infer<typeof planRecord>

/** A plan's fields as the screens name them, and its CSV's header in either language (labels.ts). */
export const planFieldLabels = {
  initial_period_count: ['Initial period count', '首期周期数'],
  initial_period_unit: ['Initial period unit', '首期周期单位'],
  initial_original_price: ['Initial original price', '首期原价'],
  initial_discount_price: ['Initial discount price', '首期优惠价'],
  recurring_period_count: ['Recurring period count', '续订周期数'],
  recurring_period_unit: ['Recurring period unit', '续订周期单位'],
  recurring_original_price: ['Recurring original price', '续订原价'],
  recurring_discount_price: ['Recurring discount price', '续订优惠价'],
  downloadable: ['Downloadable', '可下载'],
  show: ['Show', '显示'],
  is_best: ['Best', '推荐'],
  segpay_id: ['Segpay ID', 'Segpay ID'],
  ccbill_id: ['CCBill ID', 'CCBill ID'],
  epoch_id: ['Epoch ID', 'Epoch ID'],
  verotel_id: ['Verotel ID', 'Verotel ID'],
} as const satisfies FieldLabels

/** Plans are never deleted (members and orders name them). */
export const plansContract = defineContract({
  path: 'plans',
  record: planRecord,
  input: planInput,
  fieldLabels: planFieldLabels,
  operations: ['list', 'show', 'create', 'edit'],
  list: {
    sortable: ['id', 'name', 'sort', 'initial_original_price', 'created_at', 'updated_at'],
    defaultSort: 'sort',
    filters: { show: true, is_best: true, downloadable: true, initial_period_unit: true },
    ranges: { initial_original_price: true },
    keyword: true,
  },
  export: { filename: 'plans.csv' },
})

/** Promotion codes are typed by members: letters, digits, `-` and `_`; unique whatever their case. */
const PROMOTION_CODE_PATTERN = /^[A-Za-z0-9_-]+$/

/** A promotion as its form sends it; `ended_at` must be after `started_at` (422 on ended_at). */
const promotionInput = z.object({
  name: z.string().trim().min(1).max(promotionLimits.name),
  code: z.string().trim().min(1).max(promotionLimits.code).regex(PROMOTION_CODE_PATTERN, 'validation.code'),
  started_at: instantInput,
  ended_at: instantInput,
  times: z.number().int().min(1).max(2_000_000_000),
  status: z.enum(promotionStatuses).default('enabled'),
})

/** POST /api/promotions/{id}/plans: the plans the promotion applies to from now on (the set is replaced). */
export const promotionPlansInput = z.object({ plan_ids: references('plans') })

const planRef = z.object({ id: z.number().int(), name: z.string() })

const promotionRecord = z
  .object({
    id: recordId,
    name: z.string(),
    code: z.string(),
    started_at: instant,
    ended_at: instant,
    times: z.number().int(),
    status: z.enum(promotionStatuses),
    plan_ids: references('plans'),
    plans: z.array(planRef),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Promotion' })
export type Promotion = z.infer<typeof promotionRecord>

export const promotionsContract = defineContract({
  path: 'promotions',
  record: promotionRecord,
  input: promotionInput,
  list: {
    sortable: ['id', 'name', 'code', 'started_at', 'ended_at', 'times', 'status', 'created_at'],
    defaultSort: '-id',
    filters: { status: true, plan_id: reference('plans') },
    ranges: { started_at: true, ended_at: true },
    keyword: true,
  },
})

/**
 * A deal: one plan offered at another price for a while (docs/resources.md "Plans and promotions"). The price
 * is above zero and not above the plan's initial original price; `ended_at` is after `started_at` (422
 * otherwise).
 */
const dealInput = z.object({
  name: z.string().trim().min(1).max(dealLimits.name),
  plan_id: reference('plans'),
  price: positivePrice,
  started_at: instantInput,
  ended_at: instantInput,
  status: z.enum(dealStatuses).default('enabled'),
})

const dealRecord = z
  .object({
    id: recordId,
    name: z.string(),
    plan_id: reference('plans'),
    plan_name: z.string(),
    price: money,
    started_at: instant,
    ended_at: instant,
    status: z.enum(dealStatuses),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Deal' })
export type Deal = z.infer<typeof dealRecord>

export const dealsContract = defineContract({
  path: 'deals',
  record: dealRecord,
  input: dealInput,
  list: {
    sortable: ['id', 'name', 'price', 'started_at', 'ended_at', 'status', 'created_at'],
    defaultSort: '-id',
    filters: { status: true, plan_id: true },
    ranges: { started_at: true, ended_at: true, price: true },
    keyword: true,
  },
})

/** A member's subscription, read only: who, to which plan, through which channel, and when. */
const subscriptionRecord = z
  .object({
    id: recordId,
    user_id: reference('users', { shown_as: 'username' }),
    username: z.string(),
    plan_id: reference('plans'),
    plan_name: z.string(),
    channel_id: reference('channels').nullable(),
    /** The channel's UTM source, medium and campaign, ` / ` between them. */
    channel_name: z.string().nullable(),
    campaign_id: campaignReference,
    campaign_name: z.string().nullable(),
    status: z.enum(subscriptionStatuses),
    started_at: instant,
    ended_at: instant.nullable(),
    cancelled_at: instant.nullable(),
    created_at: instant,
  })
  .meta({ id: 'Subscription' })
export type Subscription = z.infer<typeof subscriptionRecord>

/** Read only: members subscribe on the public site. */
export const subscriptionsContract = defineContract({
  path: 'subscriptions',
  record: subscriptionRecord,
  label: 'username',
  operations: ['list'],
  list: {
    sortable: ['id', 'status', 'started_at', 'ended_at', 'cancelled_at'],
    defaultSort: '-id',
    filters: { status: true, plan_id: true, channel_id: true, campaign_id: true, user_id: true },
    ranges: { started_at: true, ended_at: true, cancelled_at: true },
    keyword: true,
  },
})

/** GET /api/subscriptions/channelStatistic: calendar days (UTC), both inclusive, both optional. */
export const channelStatisticQuery = z.object({
  started_from: calendarDay.optional(),
  started_to: calendarDay.optional(),
})

/** Subscriptions started in the range through one channel (`channel_id` null: no channel, direct). */
const channelStatisticRow = z
  .object({
    channel_id: z.number().int().nullable(),
    channel_name: hideableName,
    total: z.number().int(),
    active: z.number().int(),
    cancelled: z.number().int(),
    expired: z.number().int(),
  })
  .meta({ id: 'ChannelStatistic' })

export const channelStatisticAnswer = z.object({
  data: z.array(channelStatisticRow),
  meta: z.object({
    started_from: z.string().nullable(),
    started_to: z.string().nullable(),
    total: z.number().int(),
  }),
})
