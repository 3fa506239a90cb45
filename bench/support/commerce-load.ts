import { sql } from 'drizzle-orm'
import type { Db } from '../../server/src/db/client.ts'
import { bulkLoad } from './bulk-load.ts'

/**
 * The commerce rows the list and search benches share: 20 plans, 50 channels, `members` members (an e-mail,
 * a phone and a channel each) and `orderCount` orders (an order and a transaction number each), loaded as a
 * restore would (bulk-load.ts), printing how long each took.
 */
export async function loadCommerce(db: Db, members: number, orderCount: number): Promise<void> {
  await db.execute(sql`
    insert into plans (name, title, initial_period_count, initial_period_unit, initial_original_price,
                       recurring_period_count, recurring_period_unit, recurring_original_price, sort)
    select 'plan ' || n, 'Plan ' || n, 1, 'month', 9.99 + n, 1, 'month', 9.99 + n, n
    from generate_series(1, 20) as n`)
  await db.execute(sql`
    insert into channels (utm_source, utm_medium, type) select 'source-' || n, 'cpc', 'advertising'
    from generate_series(1, 50) as n`)
  const loadedMembers = await bulkLoad(
    db,
    'users',
    sql`insert into users (username, email, first_name, last_name, phone, status, plan_id, start_date, end_date,
                           channel_id, created_at, updated_at)
        select 'member' || n, 'member' || n || '@example.com', 'First' || n % 1000, 'Last' || n % 997,
               '+1 555 ' || lpad(n::text, 7, '0'), case when n % 20 = 0 then 'disabled' else 'enabled' end,
               (select min(id) from plans) + n % 20, current_date - (n % 365), current_date + (n % 90),
               (select min(id) from channels) + n % 50, now() - (n * 30 || ' seconds')::interval, now()
        from generate_series(1, ${members}) as n`,
  )
  console.log(`loaded ${members} members in ${loadedMembers.toFixed(1)} s`)
  const loadedOrders = await bulkLoad(
    db,
    'orders',
    sql`with bounds as (select (select min(id) from users) as first_user, (select min(id) from plans) as first_plan)
        insert into orders (order_no, user_id, plan_id, channel_id, amount, payment_method, transaction_number,
                            paid_at, transaction_fee, settlement_fee, reserve_fee, total_amount, created_at, updated_at)
        select 'ORD' || lpad(n::text, 9, '0'), first_user + n % ${members}, first_plan + n % 20, null,
               19.99, (array['segpay','ccbill','epoch','verotel'])[1 + n % 4], 'TX' || md5(n::text),
               now() - (n * 3 || ' seconds')::interval, 1.20, 0.20, 1.00, 17.59,
               now() - (n * 3 || ' seconds')::interval, now()
        from bounds, generate_series(1, ${orderCount}) as n`,
  )
  console.log(`loaded ${orderCount} orders in ${loadedOrders.toFixed(1)} s`)
}

/**
 * A subscription for each member (one in ten cancelled, one in ten expired), and `entries` audit entries over
 * the resources and actions staff filter by, loaded as loadCommerce loads.
 */
export async function loadTrails(db: Db, entries: number): Promise<void> {
  const loadedSubscriptions = await bulkLoad(
    db,
    'subscriptions',
    sql`insert into subscriptions (user_id, plan_id, channel_id, status, started_at, ended_at, created_at, updated_at)
        select id, plan_id, channel_id,
               (array['active','active','active','active','active','active','active','active','cancelled','expired'])[1 + id % 10],
               created_at, case when id % 10 = 9 then created_at + interval '30 days' end, created_at, now()
        from users`,
  )
  console.log(`loaded a subscription a member in ${loadedSubscriptions.toFixed(1)} s`)
  // By no admin: an admin here would stand in for the first one the server creates at its start.
  const loadedEntries = await bulkLoad(
    db,
    'audit_logs',
    sql`insert into audit_logs (admin_username, resource, record_id, action, ip, created_at)
        select 'staff' || (1 + n % 10), (array['orders','users','videos','tags'])[1 + n % 4], n % 100000,
               (array['update','update','update','create','delete','export'])[1 + n % 6], '10.0.0.' || n % 250,
               now() - (n * 2 || ' seconds')::interval
        from generate_series(1, ${entries}) as n`,
  )
  console.log(`loaded ${entries} audit entries in ${loadedEntries.toFixed(1)} s`)
}
