import { type Plan, plansContract } from '@vod/contract'
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm'
import { auditLogs, deals, plans } from '../../db/schema/index.ts'
import { type FieldError, refuseFields } from '../../lib/errors.ts'
import { cents, twoPlaces } from '../../lib/money.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import type { HistoryAlso, WriteHooks } from '../../lib/resource/types.ts'

const renewal = ['recurring_period_count', 'recurring_period_unit', 'recurring_original_price'] as const
const prices = [
  ['initial_discount_price', 'initial_original_price'],
  ['recurring_discount_price', 'recurring_original_price'],
] as const

/**
 * The rules across a plan's fields, on the record as it will be (a PUT may send one field): the renewal is
 * set whole or not at all, and each discount price is at most its original price (compared in cents).
 * The database checks both again; these answer 422 on the field at fault instead of a 500. The original
 * price is never cut below an enabled deal's price (the plan's row is locked by then; deals.ts locks it too).
 */
const planRules: WriteHooks<Plan> = {
  async check({ tx, id, before, input }) {
    const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined))
    const plan = { ...before, ...given } as Record<string, unknown>
    const isSet = (field: string) => plan[field] !== null && plan[field] !== undefined
    const errors: Record<string, FieldError[]> = {}
    const set = renewal.filter(isSet)
    if (set.length > 0 && set.length < renewal.length)
      for (const field of renewal) if (!isSet(field)) errors[field] = [{ key: 'plans.recurring_incomplete' }]
    if (isSet('recurring_discount_price') && !isSet('recurring_original_price'))
      errors.recurring_original_price = [{ key: 'plans.recurring_incomplete' }]
    for (const [discount, original] of prices) {
      if (!isSet(discount) || !isSet(original)) continue
      const limit = String(plan[original])
      if (cents(String(plan[discount])) > cents(limit))
        errors[discount] = [{ key: 'plans.discount_above_original', params: { original: twoPlaces(limit) } }]
    }
    // A cut below an enabled deal's price would leave the deal above its plan (deals.ts): name the deal.
    const original = given.initial_original_price as string | undefined
    if (id !== null && original !== undefined && !errors.initial_original_price) {
      const [deal] = await tx
        .select({ name: deals.name, price: deals.price })
        .from(deals)
        .where(and(eq(deals.planId, id), eq(deals.status, 'enabled'), gt(deals.price, original)))
        .orderBy(desc(deals.price), asc(deals.id))
        .limit(1)
      if (deal)
        errors.initial_original_price = [
          { key: 'plans.below_deal', params: { deal: deal.name, price: twoPlaces(deal.price) } },
        ]
    }
    refuseFields(errors)
  },
}

/**
 * A plan's deals are part of its history: every entry of a deal offering it now, or created or deleted
 * offering it (a deleted deal's entries stay with the plan it was on), to who may list deals.
 */
const dealsOfPlan: HistoryAlso = {
  resource: 'deals',
  actions: ['create', 'update', 'delete', 'restore', 'restore-values'],
  permission: 'list-deals',
  records: (_request, id) =>
    sql`select ${deals.id} from ${deals} where ${deals.planId} = ${id} union select ${auditLogs.recordId} from ${auditLogs} where ${auditLogs.resource} = 'deals' and ${auditLogs.action} in ('create', 'delete') and ${auditLogs.changes}->>'plan_id' = ${String(id)}`,
}

/**
 * Subscription plans (spec sections 3 and 7): list, show, create, update and the CSV export; never deleted
 * (orders and subscriptions keep pointing at them). Prices are exact decimal strings end to end.
 */
export const plansResource = defineResource<Plan>({
  contract: plansContract,
  table: plans,
  list: {
    keyword: [plans.name, plans.title],
  },
  hooks: planRules,
  historyAlso: [dealsOfPlan],
})
