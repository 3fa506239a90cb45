import { type Deal, dealInput, dealRecord, type dealSortable, dealStatuses } from '@vod/contract'
import { eq } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { deals, plans } from '../../db/schema/index.ts'
import { type FieldError, refuseFields } from '../../lib/errors.ts'
import { cents, twoPlaces } from '../../lib/money.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { periodErrors } from './periods.ts'

/**
 * Deals (README "Plans and promotions"): one plan at another price for a while. The price is above zero
 * (the contract) and not above the plan's initial original price, the end after the start: 422 on the
 * field at fault, checked on the record as it will be.
 */
export const dealsResource = defineResource<Deal>({
  path: 'deals',
  table: deals,
  record: dealRecord,
  input: dealInput,
  joins: [{ table: plans, on: eq(plans.id, deals.planId), inner: true }],
  present: { plan_name: plans.name },
  list: {
    sortable: {
      id: deals.id,
      name: deals.name,
      price: deals.price,
      started_at: deals.startedAt,
      ended_at: deals.endedAt,
      status: deals.status,
      created_at: deals.createdAt,
    } satisfies Record<(typeof dealSortable)[number], PgColumn>,
    filters: {
      status: { column: deals.status, type: 'enum', values: dealStatuses },
      plan_id: { column: deals.planId, type: 'int' },
    },
    ranges: {
      started_at: { column: deals.startedAt, type: 'date' },
      ended_at: { column: deals.endedAt, type: 'date' },
      price: { column: deals.price, type: 'money' },
    },
    keyword: [deals.name],
    defaultSort: '-id',
  },
  hooks: {
    async check({ tx, operation, before, input }) {
      if (operation !== 'create' && operation !== 'update') return
      const errors: Record<string, FieldError[]> = periodErrors(before, input)
      const planId = (input.plan_id as number | undefined) ?? before?.plan_id
      const price = (input.price as string | undefined) ?? before?.price
      if ((input.plan_id !== undefined || input.price !== undefined) && planId && price) {
        const [plan] = await tx
          .select({ original: plans.initialOriginalPrice })
          .from(plans)
          .where(eq(plans.id, planId))
        if (!plan) errors.plan_id = [{ key: 'validation.exists' }]
        else if (cents(price) > cents(plan.original))
          errors.price = [
            { key: 'deals.price_above_original', params: { original: twoPlaces(plan.original) } },
          ]
      }
      refuseFields(errors)
    },
  },
})
