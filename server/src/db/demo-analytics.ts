import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type Db, queryRows } from './client.ts'
import { picker, random } from './demo-random.ts'

/**
 * Days of demo visits before today: the two years and more the demo's orders span (demo-commerce.ts). Those past
 * VISIT_RETENTION_DAYS go by retention (at a start and daily), their figures kept, as an older member site's would.
 */
const HISTORY_DAYS = 740
/** The last days, which have visits every few minutes; the ones before have one an hour. */
const BUSY_DAYS = 90

/**
 * Demo history for the analytics, while its tables are empty: visits of the last months through the
 * demo channels and campaigns (more in the evening, fewer at night; each channel and campaign in every month), and a few refunds and chargebacks of
 * paid orders. Written by plain SQL, so the rollups' triggers count them as they would the member site's.
 */
export async function seedDemoAnalytics(db: Db): Promise<number> {
  let added = 0
  const [visits] = await queryRows<{ n: number }>(db, sql`select count(*)::integer as n from visits`)
  if (visits?.n === 0) {
    // Every hour of the last HISTORY_DAYS has visits, the last BUSY_DAYS more of them; each hour's visits take
    // the attribution slots (channel and campaign, or none) in turn, so every channel and campaign has its share
    // of every month the demo orders span. No random(): the same clock gives the same visits.
    const rows = await queryRows<{ n: number }>(
      db,
      sql`with attribution as (
          select c.id as channel_id, m.id as campaign_id from channels c left join campaigns m on m.channel_id = c.id
          union all select null, null),
        picked as (select array_agg(channel_id order by channel_id, campaign_id) as channels,
          array_agg(campaign_id order by channel_id, campaign_id) as campaigns from attribution),
        moments as (
          select h, n, now() - (h || ' hours')::interval - (((h * 613 + n * 97) % 3600) || ' seconds')::interval as at
          from generate_series(1, ${HISTORY_DAYS * 24}) as h,
            generate_series(1, case when h > ${BUSY_DAYS * 24} then 1
              else 2 + (3 * (1 + sin(((extract(hour from now() - (h || ' hours')::interval)) - 8) * pi() / 12)))::integer end) as n)
        ,ins as (
          insert into visits (visitor, device, channel_id, campaign_id, visited_at)
          select 'demo-' || ((h * 37 + n * 101) % 2000),
            (array['desktop', 'mobile', 'mobile', 'tablet'])[1 + (h * 3 + n) % 4],
            channels[k], campaigns[k], at
          from moments, picked, lateral (select 1 + ((h + n * 3) % cardinality(channels))::integer as k) pick
          returning 1)
        select count(*)::integer as n from ins`,
    )
    added += rows[0]?.n ?? 0
  }
  const [events] = await queryRows<{ n: number }>(db, sql`select count(*)::integer as n from order_events`)
  if (events?.n === 0) {
    const rows = await queryRows<{ n: number }>(
      db,
      sql`with ins as (
          insert into order_events (order_id, kind, amount, occurred_at, reason)
          select id, case when id % 5 = 0 then 'chargeback' else 'refund' end,
            case when id % 5 = 0 then amount else round(amount / 2, 2) end,
            least(now(), paid_at + interval '3 days'),
            case when id % 5 = 0 then 'Disputed with the card issuer' else 'Asked for by the member' end
          from orders where paid_at is not null and id % 29 = 0
          returning 1)
        select count(*)::integer as n from ins`,
    )
    added += rows[0]?.n ?? 0
  }
  return added
}

/**
 * Visits, now and then a sign-up and an order, arriving while `npm start` runs with demo data, so the
 * dashboard lives (every DEMO_TRAFFIC_SECONDS). Answers how to stop it.
 */
export function startDemoTraffic(
  db: Db,
  log: FastifyBaseLogger | { warn: (o: object, m: string) => void },
  everyMs: number,
) {
  const next = random(Date.now() % 100_000)
  const pick = picker(next)
  let busy = false
  let stopped = false
  const tick = async () => {
    if (busy || stopped) return
    busy = true
    try {
      const [world] = await queryRows<{
        channels: (number | null)[]
        campaigns: (number | null)[]
        plans: number[]
      }>(
        db,
        sql`select array(select c.id from channels c left join campaigns m on m.channel_id = c.id union all select null) as channels,
          array(select m.id from channels c left join campaigns m on m.channel_id = c.id union all select null) as campaigns,
          array(select id from plans) as plans`,
      )
      if (!world) return
      const k = Math.floor(next() * world.channels.length)
      const channel = world.channels[k] ?? null
      const campaign = world.campaigns[k] ?? null
      const count = 1 + Math.floor(next() * 4)
      for (let i = 0; i < count; i++)
        await db.execute(
          sql`insert into visits (visitor, device, channel_id, campaign_id)
            values (${`demo-${Math.floor(next() * 2000)}`}, ${pick(['desktop', 'mobile', 'mobile', 'tablet'])}, ${channel}, ${campaign})`,
        )
      if (next() < 0.08 && world.plans.length > 0) {
        const plan = pick(world.plans)
        const username = `live${Date.now().toString(36)}`
        await db.execute(sql`
          with member as (
            insert into users (username, channel_id, campaign_id, plan_id) values (${username}, ${channel}, ${campaign}, ${plan})
            returning id),
          subscription as (
            insert into subscriptions (user_id, plan_id, channel_id, campaign_id, started_at)
            select id, ${plan}, ${channel}, ${campaign}, now() from member returning id, user_id)
          insert into orders (order_no, user_id, plan_id, subscription_id, channel_id, campaign_id, amount, payment_method,
            transaction_number, paid_at, transaction_fee, settlement_fee, reserve_fee, total_amount)
          select ${`LIVE${Date.now()}`}, s.user_id, p.id, s.id, ${channel}, ${campaign}, p.initial_original_price, 'segpay',
            ${`SEGPAY-LIVE-${Date.now().toString(36).toUpperCase()}`}, now(), 0, 0, 0, p.initial_original_price
          from subscription s, plans p where p.id = ${plan}`)
      }
    } catch (error) {
      // A write cut short by the stop (the database closing beneath it) is no news.
      if (!stopped) log.warn({ err: error }, 'demo traffic could not write')
    } finally {
      busy = false
    }
  }
  const timer = setInterval(() => void tick(), everyMs)
  timer.unref()
  return () => {
    stopped = true
    clearInterval(timer)
  }
}
