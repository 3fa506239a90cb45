import type { PeriodUnit } from '@vod/contract'

export const DAY = 86_400_000

export interface DemoPlan {
  name: string
  title: string
  initial: [count: number, unit: PeriodUnit, original: number, discount: number | null]
  recurring: [count: number, unit: PeriodUnit, original: number, discount: number | null] | null
  isBest?: boolean
}

export function addPeriod(from: Date, count: number, unit: PeriodUnit): Date {
  const date = new Date(from)
  if (unit === 'day') date.setUTCDate(date.getUTCDate() + count)
  else if (unit === 'week') date.setUTCDate(date.getUTCDate() + 7 * count)
  else if (unit === 'month') date.setUTCMonth(date.getUTCMonth() + count)
  else date.setUTCFullYear(date.getUTCFullYear() + count)
  return date
}

/** One subscription of a demo member: its plan, its payments (cents), when its last paid period ends, and how. */
export interface DemoRun {
  planIndex: number
  startedAt: Date
  payments: { at: Date; amount: number }[]
  end: Date
  cancelledAt: Date | null
  status: 'active' | 'cancelled' | 'expired'
}

const statusOf = (end: Date, cancelledAt: Date | null, today: Date): DemoRun['status'] =>
  cancelledAt ? 'cancelled' : end > today ? 'active' : 'expired'

/**
 * A subscription to `plans[planIndex]` from `start`: its first period at the initial price, then renewals at
 * the recurring price while they fall before `today`, at most `renewals` of them. `cancelled` says when,
 * from its last payment, the member cancelled (null: never).
 */
export function runFrom(
  plans: readonly DemoPlan[],
  planIndex: number,
  start: Date,
  today: Date,
  renewals: number,
  cancelled: ((lastPayment: Date) => Date) | null,
): DemoRun {
  const plan = plans[planIndex] as DemoPlan
  let at = start
  let end = addPeriod(at, plan.initial[0], plan.initial[1])
  const payments = [{ at, amount: plan.initial[3] ?? plan.initial[2] }]
  for (let n = 0; plan.recurring && n < renewals && end <= today; n++) {
    at = end
    end = addPeriod(at, plan.recurring[0], plan.recurring[1])
    payments.push({ at, amount: plan.recurring[3] ?? plan.recurring[2] })
  }
  const cancelledAt = cancelled && plan.recurring ? cancelled(at) : null
  return {
    planIndex,
    startedAt: start,
    payments,
    end,
    cancelledAt,
    status: statusOf(end, cancelledAt, today),
  }
}

/**
 * What members do after their first subscription, so the subscription figures have every movement on a
 * fresh demo: some change plan at a renewal (up or down: the old subscription ends there, expired, and one to
 * another plan starts at once, at that plan's initial price), and some who left come back weeks later.
 * `next` is a stream of its own, so the rest of the demo is what it was without these.
 */
export function laterRuns(
  plans: readonly DemoPlan[],
  first: DemoRun,
  today: Date,
  next: () => number,
): DemoRun[] {
  const runs = [first]
  const recurring = plans.flatMap((plan, index) => (plan.recurring ? [index] : []))
  if (first.payments.length >= 3 && next() < 0.3) {
    const at = first.payments[1 + Math.floor(next() * (first.payments.length - 2))]?.at as Date
    const others = recurring.filter((index) => index !== first.planIndex)
    const planIndex = others[Math.floor(next() * others.length)] as number
    const kept = first.payments.filter((payment) => payment.at < at)
    runs[0] = { ...first, payments: kept, end: at, cancelledAt: null, status: 'expired' }
    // A member who was to cancel still does, after as many periods as were left.
    const left = first.cancelledAt ? first.payments.length - kept.length - 1 : Number.POSITIVE_INFINITY
    runs.push(
      runFrom(
        plans,
        planIndex,
        at,
        today,
        left,
        first.cancelledAt ? (last) => new Date(last.getTime() + 2 * DAY) : null,
      ),
    )
  }
  const last = runs.at(-1) as DemoRun
  const back = new Date(last.end.getTime() + (10 + Math.floor(next() * 80)) * DAY)
  if (last.status !== 'active' && back < today && next() < 0.4) {
    const planIndex = Math.floor(next() * plans.length)
    const stays = next() < 0.6
    runs.push(
      runFrom(
        plans,
        planIndex,
        back,
        today,
        stays ? Number.POSITIVE_INFINITY : Math.floor(next() * 3),
        stays ? null : (at) => new Date(at.getTime() + 2 * DAY),
      ),
    )
  }
  return runs
}
