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
  /** The members' alone (the keeping works a few out at a time, keeping.ts). */
  userIds?: number[]
}

/**
 * A period's MRR in whole cents: its price (the discount price where set) per month of its length, rounded
 * once to the cent. A month is a month, a year 12, a day 12/365.25 month, a week 7 days; written as integer
 * ratios (365.25/12 = 36525/1200) so that the division is the only inexact step. Cents, not numeric money:
 * every span's MRR is summed per member and period, and bigint sums cost a fraction of numeric ones. A period
 * of no length or less (the member site may store one) has no MRR (null), as a span that pays none.
 */
const centsOf = (original: SQL, discount: SQL, count: SQL, unit: SQL): SQL => {
  const length = sql`nullif(greatest(${count}, 0), 0)::numeric`
  const cents = sql`coalesce(${discount}, ${original}) * 100`
  return sql`round(
  case ${unit}
    when 'month' then ${cents} / ${length}
    when 'year' then ${cents} / (12 * ${length})
    when 'week' then ${cents} * 36525 / (8400 * ${length})
    else ${cents} * 36525 / (1200 * ${length})
  end)::bigint`
}

/** Money from a sum of cents (none: 0), as the wire gives it. */
export const money = (cents: SQL) => sql`(coalesce(${cents}, 0) / 100.0)::numeric(22, 2)`

/** The longest initial period counted, in its unit: past it a period ends after any date PostgreSQL can hold. */
const LONGEST_PERIOD = 10_000

/**
 * Each plan's MRR, initial and recurring (cents), and the length of its initial period, worked out once a plan
 * (materialized: inlined into the join, PostgreSQL works them out again for every subscription). The period is
 * counted on the UTC calendar (a month from 31 January ends on the last of February), so it ends at the same
 * instant in every business zone. A count past LONGEST_PERIOD is LONGEST_PERIOD units: later than any day
 * asked, never out of range.
 */
const count = sql`least(plan.initial_period_count, ${sql.raw(String(LONGEST_PERIOD))})`
const prices = sql`prices as materialized (
      select plan.id,
        make_interval(
          years => case plan.initial_period_unit when 'year' then ${count} else 0 end,
          months => case plan.initial_period_unit when 'month' then ${count} else 0 end,
          days => case plan.initial_period_unit when 'week' then 7 * ${count}
            when 'day' then ${count} else 0 end) as initial_length,
        ${centsOf(sql`plan.initial_original_price`, sql`plan.initial_discount_price`, sql`plan.initial_period_count`, sql`plan.initial_period_unit`)} as initial_mrr,
        case when plan.recurring_period_count is not null then
          ${centsOf(sql`plan.recurring_original_price`, sql`plan.recurring_discount_price`, sql`plan.recurring_period_count`, sql`plan.recurring_period_unit`)}
        end as recurring_mrr
      from plans plan
    )`

/** The conditions on subscriptions (alias `subscription`) of a scope and a call's filters. */
function subscriptionsIn({ scope, campaignId, planId, userIds }: Filters): SQL {
  const parts: SQL[] = [sql`true`]
  if (scope.channels)
    parts.push(sql`subscription.channel_id = any(${`{${scope.channels.join(',')}}`}::integer[])`)
  if (campaignId !== undefined) parts.push(sql`subscription.campaign_id = ${campaignId}`)
  if (planId !== undefined) parts.push(sql`subscription.plan_id = ${planId}`)
  if (userIds) parts.push(sql`subscription.user_id = any(${`{${userIds.join(',')}}`}::integer[])`)
  return sql.join(parts, sql` and `)
}

/**
 * CTEs `prices` (above), `subs` (a subscription a row: user_id, plan_id, channel_id, campaign_id, started_at,
 * ended_at, initial_end, initial_mrr, recurring_mrr, null without a recurring part) and `segments` (user_id,
 * lo, hi, mrr and the subscription's channel_id, campaign_id, plan_id: the spans [lo, hi) in which a
 * subscription pays an MRR above zero, hi null while it pays on), MRR in cents, to be followed by more.
 */
export function payingSpans(filters: Filters): SQL {
  return sql`${prices},
    subs as (
      select subscription.id, subscription.user_id, subscription.plan_id, subscription.channel_id,
        subscription.campaign_id, subscription.started_at, subscription.ended_at,
        ((subscription.started_at at time zone 'UTC') + price.initial_length) at time zone 'UTC' as initial_end,
        price.initial_mrr, price.recurring_mrr
      from subscriptions subscription join prices price on price.id = subscription.plan_id
      where ${subscriptionsIn(filters)}
    ),
    spans as (
      select user_id, started_at as lo,
        case when ended_at is null or ended_at > initial_end then initial_end else ended_at end as hi,
        initial_mrr as mrr, channel_id, campaign_id, plan_id
      from subs
      union all
      select user_id, initial_end, ended_at, recurring_mrr, channel_id, campaign_id, plan_id
      from subs where recurring_mrr is not null and (ended_at is null or ended_at > initial_end)
    ),
    segments as (
      select user_id, lo, hi, mrr, channel_id, campaign_id, plan_id from spans
      where mrr > 0 and (hi is null or hi > lo)
    ),
    firsts as (select user_id, min(lo) as first_at from segments group by user_id)`
}
