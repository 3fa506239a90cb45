import type { channelTypes, DailyFigures, Figures } from '@vod/contract'
import { inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { campaigns, channels, plans } from '../../db/schema/index.ts'
import { cents } from '../../lib/money.ts'
import { emptySums, netOf, runningTotal, toFigures } from './figures.ts'
import { addDays, daysOf, previousPeriod, quarterEnd } from './period.ts'
import {
  periodSpan,
  quarterSums,
  type Scope,
  type SumRow,
  type Sums,
  sumDays,
  sumSpans,
  visitorSums,
} from './sums.ts'

/**
 * Each answer of the dashboard and the analytics, from the rollups (sums.ts) by the README's definitions.
 * A report never reads raw orders, members, subscriptions or visits, except the last minutes of visits for
 * "online now".
 */

export interface Period {
  zone: string
  start: string
  end: string
}

const onlySums = (row: SumRow | undefined): Sums => {
  if (!row) return emptySums()
  const { label: _label, channel_id: _c, campaign_id: _m, plan_id: _p, device: _d, ...sums } = row
  return sums
}

/** A row a day (empty days as zeros) and the period's totals. */
export async function dailySeries(db: Db, period: Period, scope: Scope) {
  const [sums, visitors] = await Promise.all([
    sumDays(db, period.zone, period.start, period.end, true, scope, null),
    visitorSums(db, period.start, period.end, true, scope, null),
  ])
  const byDay = new Map(sums.map((row) => [row.label, row]))
  const visitorsByDay = new Map(visitors.map((row) => [row.label, row.visitors]))
  const totals = runningTotal()
  let totalVisitors = 0
  const data: DailyFigures[] = daysOf(period.start, period.end).map((date) => {
    const day = onlySums(byDay.get(date))
    const dayVisitors = visitorsByDay.get(date) ?? 0
    totals.add(day)
    totalVisitors += dayVisitors
    return { date, ...toFigures(day, dayVisitors) }
  })
  return { data, totals: toFigures(totals.sums(), totalVisitors) }
}

/** The figures of whole periods (several at once, labelled by their first day). */
async function periodFigures(db: Db, zone: string, periods: { start: string; end: string }[], scope: Scope) {
  const [sums, ...visitors] = await Promise.all([
    sumSpans(
      db,
      sql.join(
        periods.map((p) => periodSpan(zone, p.start, p.end)),
        sql` union all `,
      ),
      scope,
      null,
    ),
    ...periods.map((p) => visitorSums(db, p.start, p.end, false, scope, null)),
  ])
  return periods.map((p, i) =>
    toFigures(onlySums(sums.find((row) => row.label === p.start)), visitors[i]?.[0]?.visitors ?? 0),
  )
}

/** The period beside the one of the same length before it. */
export async function comparison(db: Db, period: Period, scope: Scope) {
  const previous = previousPeriod(period.start, period.end)
  const [current, before] = await periodFigures(db, period.zone, [period, previous], scope)
  return { current: current as Figures, previous: before as Figures, previous_period: previous }
}

/** Today so far (whole quarter-hours up to the one under way) and the whole of yesterday. */
export async function todayRecord(db: Db, zone: string, today: string, scope: Scope, now: Date) {
  const asOf = quarterEnd(now)
  const yesterday = addDays(today, -1)
  const [sums, todayVisitors, yesterdayVisitors] = await Promise.all([
    sumSpans(
      db,
      sql`select 'today'::text as label, (${today}::date::timestamp at time zone ${zone}) as lo,
            least(${asOf.toISOString()}::timestamptz, ((${today}::date + 1)::timestamp at time zone ${zone})) as hi
          union all ${periodSpan(zone, yesterday, yesterday)}`,
      scope,
      null,
    ),
    visitorSums(db, today, today, false, scope, null),
    visitorSums(db, yesterday, yesterday, false, scope, null),
  ])
  return {
    date: today,
    as_of: asOf.toISOString(),
    today: toFigures(onlySums(sums.find((r) => r.label === 'today')), todayVisitors[0]?.visitors ?? 0),
    yesterday: toFigures(
      onlySums(sums.find((r) => r.label === yesterday)),
      yesterdayVisitors[0]?.visitors ?? 0,
    ),
  }
}

async function channelNames(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, { name: string; type: (typeof channelTypes)[number] }>()
  const rows = await db
    .select({ id: channels.id, name: channels.utmSource, type: channels.type })
    .from(channels)
    .where(inArray(channels.id, ids))
  return new Map(rows.map((row) => [row.id, { name: row.name, type: row.type }]))
}

const byGross = <T extends { gross: string }>(a: T, b: T) => {
  const diff = cents(b.gross) - cents(a.gross)
  return diff > 0n ? 1 : diff < 0n ? -1 : 0
}

/** The period's figures per channel the caller sees, with any (channel_id null: through none), most revenue first. */
export async function perChannel(db: Db, period: Period, scope: Scope) {
  const [sums, visitors] = await Promise.all([
    sumDays(db, period.zone, period.start, period.end, false, scope, 'channel'),
    visitorSums(db, period.start, period.end, false, scope, 'channel'),
  ])
  const ids = new Set<number>([
    ...sums.map((r) => r.channel_id ?? 0),
    ...visitors.map((r) => r.channel_id ?? 0),
  ])
  for (const id of scope.channels ?? []) ids.add(id)
  const names = await channelNames(
    db,
    [...ids].filter((id) => id > 0),
  )
  return [...ids]
    .map((id) => ({
      channel_id: id > 0 ? id : null,
      channel_name: names.get(id)?.name ?? null,
      type: names.get(id)?.type ?? null,
      ...toFigures(
        onlySums(sums.find((r) => r.channel_id === id)),
        visitors.find((r) => r.channel_id === id)?.visitors ?? 0,
      ),
    }))
    .sort(
      (a, b) =>
        byGross(a, b) ||
        (a.channel_id ?? Number.MAX_SAFE_INTEGER) - (b.channel_id ?? Number.MAX_SAFE_INTEGER),
    )
}

/** The period's figures per campaign (campaign_id null: through the channel without one), most revenue first. */
export async function perCampaign(db: Db, period: Period, scope: Scope) {
  const [sums, visitors] = await Promise.all([
    sumDays(db, period.zone, period.start, period.end, false, scope, 'campaign'),
    visitorSums(db, period.start, period.end, false, scope, 'campaign'),
  ])
  const key = (r: { channel_id?: number; campaign_id?: number }) => `${r.channel_id}:${r.campaign_id}`
  const keys = new Map<string, { channel: number; campaign: number }>()
  for (const r of [...sums, ...visitors])
    keys.set(key(r), { channel: r.channel_id ?? 0, campaign: r.campaign_id ?? 0 })
  const channelIds = [...new Set([...keys.values()].map((k) => k.channel).filter((id) => id > 0))]
  const campaignIds = [...new Set([...keys.values()].map((k) => k.campaign).filter((id) => id > 0))]
  const [names, campaignRows] = await Promise.all([
    channelNames(db, channelIds),
    campaignIds.length
      ? db
          .select({ id: campaigns.id, name: campaigns.name })
          .from(campaigns)
          .where(inArray(campaigns.id, campaignIds))
      : Promise.resolve([]),
  ])
  const campaignNames = new Map(campaignRows.map((row) => [row.id, row.name]))
  return [...keys.entries()]
    .map(([k, { channel, campaign }]) => ({
      channel_id: channel > 0 ? channel : null,
      channel_name: names.get(channel)?.name ?? null,
      campaign_id: campaign > 0 ? campaign : null,
      campaign_name: campaignNames.get(campaign) ?? null,
      ...toFigures(
        onlySums(sums.find((r) => key(r) === k)),
        visitors.find((r) => key(r) === k)?.visitors ?? 0,
      ),
    }))
    .sort(
      (a, b) =>
        byGross(a, b) ||
        b.new_subscriptions - a.new_subscriptions ||
        (a.campaign_id ?? 0) - (b.campaign_id ?? 0),
    )
}

/** Revenue by the type of channel it came through (null: no channel). */
export async function perChannelType(db: Db, period: Period, scope: Scope) {
  const rows = await perChannel(db, period, scope)
  const types = new Map<string | null, ReturnType<typeof runningTotal>>()
  for (const row of rows) {
    const total = types.get(row.type) ?? runningTotal()
    total.add({
      ...emptySums(),
      orders: row.orders,
      gross: row.gross,
      refunds: row.refunds,
      chargebacks: row.chargebacks,
    })
    types.set(row.type, total)
  }
  return [...types.entries()]
    .map(([type, total]) => [type, total.sums()] as const)
    .map(([type, sums]) => ({
      type: type as (typeof channelTypes)[number] | null,
      orders: sums.orders,
      gross: sums.gross,
      refunds: sums.refunds,
      chargebacks: sums.chargebacks,
      net: netOf(sums),
    }))
    .sort(byGross)
}

/** Orders, money and subscriptions per plan, most revenue first. */
export async function perPlan(db: Db, period: Period, scope: Scope) {
  const sums = await sumDays(db, period.zone, period.start, period.end, false, scope, 'plan')
  const ids = sums.map((r) => r.plan_id as number)
  const names = ids.length
    ? new Map(
        (await db.select({ id: plans.id, name: plans.name }).from(plans).where(inArray(plans.id, ids))).map(
          (r) => [r.id, r.name],
        ),
      )
    : new Map<number, string>()
  return sums
    .map((r) => ({
      plan_id: r.plan_id as number,
      plan_name: names.get(r.plan_id as number) ?? '',
      orders: r.orders,
      gross: r.gross,
      refunds: r.refunds,
      chargebacks: r.chargebacks,
      net: netOf(r),
      new_subscriptions: r.subscriptions,
      cancellations: r.cancellations,
    }))
    .sort((a, b) => byGross(a, b) || a.plan_id - b.plan_id)
}

/** Visits per device, every device listed. */
export async function perDevice(db: Db, period: Period, scope: Scope) {
  const sums = await sumDays(db, period.zone, period.start, period.end, false, scope, 'device')
  return (['desktop', 'mobile', 'tablet'] as const).map((device) => ({
    device,
    visits: sums.find((r) => r.device === device)?.visits ?? 0,
  }))
}

/**
 * The dashboard's panels: today up to the end of the quarter-hour under way, against yesterday and the
 * same weekday a week ago up to the same local time.
 */
export async function dashboardPanels(db: Db, zone: string, today: string, scope: Scope, now: Date) {
  const asOf = quarterEnd(now).toISOString()
  const span = (label: string, daysBack: number) => sql`
    select ${label}::text as label,
      ((${today}::date - ${daysBack}::integer)::timestamp at time zone ${zone}) as lo,
      least(((${asOf}::timestamptz at time zone ${zone}) - make_interval(days => ${daysBack}::integer)) at time zone ${zone},
        ((${today}::date - ${daysBack}::integer + 1)::timestamp at time zone ${zone})) as hi`
  const [sums, online] = await Promise.all([
    sumSpans(
      db,
      sql`${span('today', 0)} union all ${span('yesterday', 1)} union all ${span('last_week', 7)}`,
      scope,
      null,
    ),
    onlineNow(db, scope),
  ])
  const of = (label: string) => onlySums(sums.find((r) => r.label === label))
  const [t, y, w] = [of('today'), of('yesterday'), of('last_week')]
  const compare = <T>(pick: (s: Sums) => T) => ({ today: pick(t), yesterday: pick(y), last_week: pick(w) })
  return {
    time_zone: zone,
    date: today,
    as_of: asOf,
    online_now: online,
    gross: compare((s) => s.gross),
    net: compare(netOf),
    orders: compare((s) => s.orders),
    signups: compare((s) => s.signups),
    new_subscriptions: compare((s) => s.subscriptions),
  }
}

const channelFilter = (scope: Scope) =>
  scope.channels ? sql`and channel_id = any(${`{${scope.channels.join(',')}}`}::integer[])` : sql``

/** "Online now": distinct visitors with a visit in the last 5 minutes (the newest raw visits, by their index). */
export async function onlineNow(db: Db, scope: Scope): Promise<number> {
  const [row] = (
    (await db.execute(
      sql`select count(distinct visitor)::integer as n from visits where visited_at > now() - interval '5 minutes' ${channelFilter(scope)}`,
    )) as unknown as { rows: { n: number }[] }
  ).rows
  return row?.n ?? 0
}

/** Online now, and distinct visitors per minute over the last 30 minutes (every minute listed). */
export async function realTimeUsers(db: Db, scope: Scope, now: Date) {
  const minute = 60_000
  const last = Math.floor(now.getTime() / minute) * minute
  const first = last - 29 * minute
  const rows = (
    (await db.execute(
      sql`select vod_wire(date_trunc('minute', visited_at)) as at, count(distinct visitor)::integer as visitors
        from visits where visited_at >= ${new Date(first).toISOString()}::timestamptz ${channelFilter(scope)}
        group by 1`,
    )) as unknown as { rows: { at: string; visitors: number }[] }
  ).rows
  const byMinute = new Map(rows.map((r) => [r.at, r.visitors]))
  const minutes = Array.from({ length: 30 }, (_, i) => {
    const at = new Date(first + i * minute).toISOString()
    return { at, visitors: byMinute.get(at) ?? 0 }
  })
  return { online_now: await onlineNow(db, scope), as_of: now.toISOString(), minutes }
}

/** Today's revenue quarter-hour by quarter-hour, up to the one under way. */
export async function realTimeRevenues(db: Db, zone: string, today: string, scope: Scope, now: Date) {
  const [startRow] = (
    (await db.execute(
      sql`select vod_wire(${today}::date::timestamp at time zone ${zone}) as lo`,
    )) as unknown as { rows: { lo: string }[] }
  ).rows
  const start = new Date(startRow?.lo ?? now).getTime()
  const end = quarterEnd(now).getTime()
  const quarter = 15 * 60_000
  const sums = await quarterSums(db, new Date(start), new Date(end), scope)
  const total = runningTotal()
  const quarters = []
  for (let at = start; at < end; at += quarter) {
    const label = new Date(at).toISOString()
    const q = onlySums(sums.find((r) => r.label === label))
    total.add(q)
    quarters.push({ at: label, orders: q.orders, gross: q.gross, net: netOf(q) })
  }
  const whole = total.sums()
  return {
    date: today,
    time_zone: zone,
    gross: whole.gross,
    net: netOf(whole),
    orders: whole.orders,
    quarters,
  }
}
