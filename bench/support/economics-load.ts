import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../server/src/db/client.ts'
import { bulkLoad } from './bulk-load.ts'

/**
 * The shape subscription economics needs on top of loadCommerce's rows (whose plans all cost the same every
 * month, and which loads no subscriptions): the plans given prices that differ, a subscription a member
 * over two years, some ended, some followed by a second on another plan, and a renewal order for each
 * subscription that went on past a lower-priced first period. Prints how long each took.
 *
 * Plans (loadCommerce's 20, plan n): odd n a first week at 1.99 then a month at its price (a trial, MRR 8.65
 * below the recurring 10.99 and up); n a multiple of 4 a year at ten months' price; the others a month at
 * their price, first period and after.
 *
 * Subscriptions: each member's first on its plan and channel, started at a day of the last 730 (the member's
 * number times 7919, modulo 730) and a second of that day; by the member's number times 31 modulo 100:
 * under 8 ended 3 days after it started (in a trial's first week), 8 to 29 ended 20 to 319 days after it
 * started (if that has come), 30 to 39 ended 30 to 229 days after and followed at that instant by a
 * subscription on the next plan (a plan change: an upgrade or downgrade of its MRR), the rest paying on.
 */
export async function loadEconomics(db: Db): Promise<void> {
  const started = performance.now()
  await db.execute(sql`
    update plans set
      initial_period_count = 1,
      initial_period_unit = case when sort % 2 = 1 then 'week' when sort % 4 = 0 then 'year' else 'month' end,
      initial_original_price = case when sort % 2 = 1 then 1.99 when sort % 4 = 0 then recurring_original_price * 10
        else recurring_original_price end,
      recurring_period_unit = case when sort % 4 = 0 then 'year' else 'month' end,
      recurring_original_price = case when sort % 4 = 0 then recurring_original_price * 10 else recurring_original_price end`)
  console.log(`plans priced: ${((performance.now() - started) / 1000).toFixed(1)} s`)
  const loaded = await bulkLoad(
    db,
    'subscriptions',
    sql`with bounds as (
        select (select min(id) from users) as first_user, (select min(id) from plans) as first_plan,
          (select count(*) from plans)::integer as plan_count
      ),
      member as (
        select users.id as user_id, users.plan_id, users.channel_id, (users.id - bounds.first_user + 1)::bigint as k,
          bounds.first_plan, bounds.plan_count
        from users, bounds
      ),
      first as (
        select user_id, plan_id, channel_id, k, first_plan, plan_count,
          now() - make_interval(days => (k * 7919 % 730)::integer, secs => (k % 86400)::integer) as started_at,
          (k * 31 % 100)::integer as bucket
        from member
      ),
      ended as (
        select first.*, case
            when bucket < 8 then started_at + interval '3 days'
            when bucket < 30 then started_at + make_interval(days => (20 + k * 13 % 300)::integer)
            when bucket < 40 then started_at + make_interval(days => (30 + k * 17 % 200)::integer)
          end as ends_at
        from first
      ),
      rows as (
        select user_id, plan_id, channel_id, started_at, case when ends_at <= now() then ends_at end as ended_at
        from ended
        union all
        select user_id, first_plan + (plan_id - first_plan + 1) % plan_count, channel_id, ends_at, null
        from ended where bucket >= 30 and bucket < 40 and ends_at <= now()
      )
      insert into subscriptions (user_id, plan_id, channel_id, status, started_at, ended_at, created_at, updated_at)
      select user_id, plan_id, channel_id, case when ended_at is null then 'active' else 'expired' end,
        started_at, ended_at, started_at, now()
      from rows`,
  )
  const [counts] = await queryRows<{ subscriptions: number; ended: number }>(
    db,
    sql`select count(*)::integer as subscriptions, (count(*) filter (where ended_at is not null))::integer as ended
      from subscriptions`,
  )
  console.log(
    `loaded ${counts?.subscriptions} subscriptions (${counts?.ended} ended) in ${loaded.toFixed(1)} s`,
  )
  // A renewal order for each trial that paid on past its first week, as the member site records one.
  const renewals = performance.now()
  const inserted = await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`)
    const result = await tx.execute(sql`
      insert into orders (order_no, user_id, plan_id, channel_id, subscription_id, amount, payment_method,
                          transaction_number, paid_at, transaction_fee, settlement_fee, reserve_fee, total_amount,
                          created_at, updated_at)
      select 'REN' || lpad(paid.id::text, 9, '0'), paid.user_id, paid.plan_id, paid.channel_id, paid.id,
             plan.recurring_original_price, 'segpay', 'TXR' || md5(paid.id::text), paid.started_at + interval '7 days',
             1.20, 0.20, 1.00, plan.recurring_original_price - 2.40, paid.started_at + interval '7 days', now()
      from subscriptions paid join plans plan on plan.id = paid.plan_id
      where plan.initial_period_unit = 'week' and paid.started_at + interval '7 days' <= now()
        and (paid.ended_at is null or paid.ended_at > paid.started_at + interval '7 days')`)
    return (result as unknown as { rowCount: number | null }).rowCount ?? 0
  })
  await db.execute(sql`select vod_tails_pass()`)
  await db.execute(sql`analyze orders`)
  console.log(`loaded ${inserted} renewal orders in ${((performance.now() - renewals) / 1000).toFixed(1)} s`)
}
