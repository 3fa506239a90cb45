import { type Deal, dealsContract } from '@vod/contract'
import { eq } from 'drizzle-orm'
import { deals, plans } from '../../db/schema/index.ts'
import { type FieldError, refuseFields } from '../../lib/errors.ts'
import { cents, twoPlaces } from '../../lib/money.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { periodErrors } from './periods.ts'
import { planTitle } from './plan-title.ts'

/**
 * Deals (docs/resources.md "Plans and promotions"): one plan at another price for a while. The price is above
 * zero (the contract) and not above the plan's initial original price, the end after the start: 422 on the
 * field at fault, checked on the record as it will be, on every write. The plan's row is locked (shared)
 * while the price is compared, so a plan price cut (plans.ts, which checks the enabled deals under its own
 * row lock) and a deal write never pass each other.
 */
export const dealsResource = defineResource<Deal>({
  contract: dealsContract,
  table: deals,
  joins: [{ table: plans, on: eq(plans.id, deals.planId), inner: true }],
  present: { plan_name: planTitle },
  list: {
    keyword: [deals.name],
  },
  hooks: {
    async check({ tx, operation, before, input }) {
      if (operation === 'delete') return
      const errors: Record<string, FieldError[]> = periodErrors(before, input)
      const planId = (input.plan_id as number | undefined) ?? before?.plan_id
      const price = (input.price as string | undefined) ?? before?.price
      if (planId && price) {
        const [plan] = await tx
          .select({ original: plans.initialOriginalPrice })
          .from(plans)
          .where(eq(plans.id, planId))
          .for('share')
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
