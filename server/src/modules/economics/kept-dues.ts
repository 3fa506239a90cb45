import { type SQL, sql } from 'drizzle-orm'
import type { KeptScope } from './kept-movements.ts'
import { payingSpans } from './paying.ts'

/**
 * First-period conversion kept (docs/analytics.md "Subscription economics kept"): the subscriptions due
 * (their initial period pays a lower MRR than the recurring one) of the members a keeping step works out, in
 * economics_member_dues, and summed per scope, plan and business day of `zone` their initial period ends in
 * economics_dues; a due subscription converted when a paid order of it (amount above 0) came at or after that.
 */

/** A due row's scopes: the whole business, its channel, campaign (0: none) and plan. */
const levels = sql`(values ('all', -1), ('channel', due.channel_id), ('campaign', due.campaign_id),
  ('plan', due.plan_id)) as level(scope_kind, scope_id)`

/** `rows` (a statement returning economics_member_dues rows) summed into economics_dues, times `sign`. */
function summedIn(rows: SQL, zone: string, sign: 1 | -1): SQL {
  const by = sign === 1 ? sql`+` : sql`-`
  return sql`with due as (${rows})
    insert into economics_dues as kept (scope_kind, scope_id, plan_id, day, due, converted)
    select level.scope_kind, level.scope_id, due.plan_id, (due.due_at at time zone ${zone})::date,
      count(*), count(*) filter (where due.converted)
    from due cross join lateral ${levels}
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (scope_kind, scope_id, day, plan_id) do update
      set due = kept.due ${by} excluded.due, converted = kept.converted ${by} excluded.converted`
}

/** The members' (`ids`, an integer[] parameter) due subscriptions taken out of the sums. */
export const duesTakenOut = (ids: SQL, zone: string): SQL =>
  summedIn(sql`delete from economics_member_dues where user_id = any(${ids}) returning *`, zone, -1)

/** The members' due subscriptions as their rows are now, put in. */
export function duesPutIn(userIds: number[], zone: string): SQL {
  return summedIn(
    sql`insert into economics_member_dues
        (subscription_id, user_id, plan_id, channel_id, campaign_id, due_at, converted)
      with ${payingSpans({ scope: { channels: null }, userIds })}
      select subs.id, subs.user_id, subs.plan_id, coalesce(subs.channel_id, 0), coalesce(subs.campaign_id, 0),
        subs.initial_end, exists (select from orders renewal where renewal.subscription_id = subs.id
          and renewal.paid_at >= subs.initial_end and renewal.amount > 0)
      from subs
      where subs.recurring_mrr is not null and subs.initial_mrr < subs.recurring_mrr
        and vod_datable(subs.initial_end) is not null
      returning *`,
    zone,
    1,
  )
}

/**
 * The CTE `due` (plan_id, due, converted) of the subscriptions of a kept scope whose initial period ended from
 * `start` to `end` (business days of `zone`) and by now: the days before today's from economics_dues, today's
 * and later from the rows of economics_member_dues, by the instant.
 */
export function keptDues(zone: string, start: string, end: string, { kind, id }: KeptScope): SQL {
  const column = { all: null, channel: 'channel_id', campaign: 'campaign_id', plan: 'plan_id' }[kind]
  const inScope = column ? sql`${sql.identifier(column)} = ${id}` : sql`true`
  const today = sql`(now() at time zone ${zone})::date`
  return sql`due as (
      select plan_id, due, converted from economics_dues
      where scope_kind = ${kind} and scope_id = ${id} and day between ${start}::date and least(${end}::date, ${today} - 1)
      union all
      select plan_id, 1, converted::integer from economics_member_dues
      where ${inScope}
        and due_at >= greatest(${start}::date, ${today})::timestamp at time zone ${zone}
        and due_at < (${end}::date + 1)::timestamp at time zone ${zone} and due_at <= now()
    )`
}
