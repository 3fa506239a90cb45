import { type Promotion, promotionPlansInput, promotionsContract } from '@vod/contract'
import { eq } from 'drizzle-orm'
import { plans, promotionPlans, promotions } from '../../db/schema/index.ts'
import { refuseFields } from '../../lib/errors.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { resolveKeys } from '../../lib/resource/relations.ts'
import type { ActionRoute } from '../../lib/resource/types.ts'
import { sameSet } from '../../lib/sets.ts'
import { periodErrors } from './periods.ts'

/**
 * POST /api/promotions/{id}/plans (spec section 7): the plans the promotion applies to from now on, behind
 * edit-promotions. Unknown plan ids are 422 on plan_ids; the same set again is no change (no audit entry).
 */
const choosePlans: ActionRoute<Promotion> = {
  permission: 'edit',
  body: promotionPlansInput,
  summary: 'Set which plans the promotion applies to',
  description: 'Replaces the set; `plan_ids: []` clears it. 422 naming the plan ids that do not exist.',
  async run({ tx, id, before, body }) {
    const wanted = await resolveKeys(tx, { table: plans }, 'plan_ids', body.plan_ids)
    const held = before.plan_ids
    if (sameSet(held, wanted)) return null
    await tx.delete(promotionPlans).where(eq(promotionPlans.promotionId, id))
    if (wanted.length > 0)
      await tx.insert(promotionPlans).values(wanted.map((planId) => ({ promotionId: id, planId })))
    await tx.update(promotions).set({ updatedAt: new Date() }).where(eq(promotions.id, id))
    const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b)
    return { plan_ids: [sorted(held), sorted(wanted)] }
  },
}

/**
 * Promotion codes (spec section 3): a code unique whatever its case (422 on code), a period whose end is
 * after its start (422 on ended_at), how many times it may be used, and the plans it applies to.
 */
export const promotionsResource = defineResource<Promotion>({
  contract: promotionsContract,
  table: promotions,
  list: {
    keyword: [promotions.name, promotions.code],
  },
  // Presented only: POST /promotions/{id}/plans changes the set.
  relations: {
    plan_ids: {
      through: promotionPlans,
      target: plans,
      filter: 'plan_id',
      present: { as: 'plans', fields: { id: plans.id, name: plans.name }, orderBy: [plans.sort, plans.id] },
    },
  },
  hooks: {
    async check({ operation, before, input }) {
      if (operation === 'create' || operation === 'update') refuseFields(periodErrors(before, input))
    },
  },
  actions: { plans: choosePlans },
})
