import { type SQL, sql } from 'drizzle-orm'
import type { Scope } from '../analytics/sums.ts'

/**
 * The raw rows subscription economics is computed from (contract/src/economics.ts, docs/figures.md
 * "Subscription economics"): each subscription in scope with its plan's prices, and the spans in which it
 * pays a fixed MRR above zero.
 */

/** Which subscriptions count: the caller's channels (analytics scope), and the call's channel, campaign, plan. */
export interface Filters {
  scope: Scope
  campaignId?: number
  planId?: number
}

/**
 * A period's MRR: its price (the discount price where set) per month of its length, to the cent. A month is
 * a month, a year 12, a day 12/365.25 month, a week 7 days; written as integer ratios (365.25/12 = 36525/1200)
 * so that the division is the only inexact step, and rounding it once gives the exact cent. A period of no
 * length or less (the member site may store one) has no MRR (null), as a span that pays none.
 */
const mrrOf = (original: SQL, discount: SQL, count: SQL, unit: SQL): SQL => {
  const length = sql`nullif(greatest(${count}, 0), 0)::numeric`
  return sql`round(
  case ${unit}
    when 'month' then coalesce(${discount}, ${original}) / ${length}
    when 'year' then coalesce(${discount}, ${original}) / (12 * ${length})
    when 'week' then coalesce(${discount}, ${original}) * 36525 / (8400 * ${length})
    else coalesce(${discount}, ${original}) * 36525 / (1200 * ${length})
  end, 2)`
}

/** The longest initial period counted, in its unit: past it a period ends after any date PostgreSQL can hold. */
const LONGEST_PERIOD = 10_000

/**
 * The instant a subscription's initial period ends: `started_at` plus the period, counted on the UTC
 * calendar (a month from 31 January ends on the last of February), so it is the same in every business zone.
 * A count past LONGEST_PERIOD ends it LONGEST_PERIOD units on: later than any day asked, never out of range.
 */
const count = sql`least(plan.initial_period_count, ${sql.raw(String(LONGEST_PERIOD))})`
const initialEnd = sql`((subscription.started_at at time zone 'UTC') + make_interval(
    years => case plan.initial_period_unit when 'year' then ${count} else 0 end,
    months => case plan.initial_period_unit when 'month' then ${count} else 0 end,
    days => case plan.initial_period_unit when 'week' then 7 * ${count}
      when 'day' then ${count} else 0 end)) at time zone 'UTC'`

/** The conditions on subscriptions (alias `subscription`) of a scope and a call's filters. */
function subscriptionsIn({ scope, campaignId, planId }: Filters): SQL {
  const parts: SQL[] = [sql`true`]
  if (scope.channels)
    parts.push(sql`subscription.channel_id = any(${`{${scope.channels.join(',')}}`}::integer[])`)
  if (campaignId !== undefined) parts.push(sql`subscription.campaign_id = ${campaignId}`)
  if (planId !== undefined) parts.push(sql`subscription.plan_id = ${planId}`)
  return sql.join(parts, sql` and `)
}

/**
 * CTEs `subs` (a subscription a row: user_id, plan_id, started_at, ended_at, initial_end, initial_mrr,
 * recurring_mrr, null without a recurring part) and `segments` (user_id, lo, hi, mrr: the spans [lo, hi) in
 * which a subscription pays an MRR above zero, hi null while it pays on), to be followed by more.
 */
export function payingSpans(filters: Filters): SQL {
  return sql`subs as (
      select subscription.id, subscription.user_id, subscription.plan_id, subscription.started_at,
        subscription.ended_at, ${initialEnd} as initial_end,
        ${mrrOf(sql`plan.initial_original_price`, sql`plan.initial_discount_price`, sql`plan.initial_period_count`, sql`plan.initial_period_unit`)} as initial_mrr,
        case when plan.recurring_period_count is not null then
          ${mrrOf(sql`plan.recurring_original_price`, sql`plan.recurring_discount_price`, sql`plan.recurring_period_count`, sql`plan.recurring_period_unit`)}
        end as recurring_mrr
      from subscriptions subscription join plans plan on plan.id = subscription.plan_id
      where ${subscriptionsIn(filters)}
    ),
    spans as (
      select user_id, started_at as lo,
        case when ended_at is null or ended_at > initial_end then initial_end else ended_at end as hi,
        initial_mrr as mrr
      from subs
      union all
      select user_id, initial_end, ended_at, recurring_mrr
      from subs where recurring_mrr is not null and (ended_at is null or ended_at > initial_end)
    ),
    segments as (select user_id, lo, hi, mrr from spans where mrr > 0 and (hi is null or hi > lo)),
    firsts as (select user_id, min(lo) as first_at from segments group by user_id)`
}
