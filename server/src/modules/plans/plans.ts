import { type Plan, periodUnits, planInput, planRecord, type planSortable } from '@vod/contract'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { plans } from '../../db/schema/index.ts'
import { type FieldError, refuseFields } from '../../lib/errors.ts'
import { cents, twoPlaces } from '../../lib/money.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import type { WriteHooks } from '../../lib/resource/types.ts'

const renewal = ['recurring_period_count', 'recurring_period_unit', 'recurring_original_price'] as const
const prices = [
  ['initial_discount_price', 'initial_original_price'],
  ['recurring_discount_price', 'recurring_original_price'],
] as const

/**
 * The rules across a plan's fields, on the record as it will be (a PUT may send one field): the renewal is
 * set whole or not at all, and each discount price is at most its original price (compared in cents).
 * The database checks both again; these answer 422 on the field at fault instead of a 500.
 */
const planRules: WriteHooks<Plan> = {
  async check({ before, input }) {
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
    refuseFields(errors)
  },
}

/**
 * Subscription plans (spec sections 3 and 7): list, show, create, update and the CSV export; never deleted
 * (orders and subscriptions keep pointing at them). Prices are exact decimal strings end to end.
 */
export const plansResource = defineResource<Plan>({
  path: 'plans',
  table: plans,
  record: planRecord,
  input: planInput,
  operations: ['list', 'show', 'create', 'edit'],
  list: {
    sortable: {
      id: plans.id,
      name: plans.name,
      sort: plans.sort,
      initial_original_price: plans.initialOriginalPrice,
      created_at: plans.createdAt,
      updated_at: plans.updatedAt,
    } satisfies Record<(typeof planSortable)[number], PgColumn>,
    filters: {
      show: { column: plans.show, type: 'bool' },
      is_best: { column: plans.isBest, type: 'bool' },
      downloadable: { column: plans.downloadable, type: 'bool' },
      initial_period_unit: { column: plans.initialPeriodUnit, type: 'enum', values: periodUnits },
    },
    ranges: { initial_original_price: { column: plans.initialOriginalPrice, type: 'money' } },
    keyword: [plans.name, plans.title],
    defaultSort: 'sort',
  },
  hooks: planRules,
  export: { filename: 'plans.csv' },
})
