import { addDays, dashboardFigures, previousPeriod, revenueFigures } from '@vod/contract'
import { type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import {
  emptySums,
  figureColumns,
  figureOf,
  netRevenueOf,
  noSums,
  runningTotal,
  stackedSums,
  summed,
  visitorCounts,
  zeroedSums,
} from './figures.ts'
import { quarterEnd } from './period.ts'
import { columnOf, named } from './sql-parts.ts'
import {
  daysKept,
  type Period,
  quarterSums,
  type Scope,
  type SumRow,
  type Sums,
  spanQuery,
  sumDaysQuery,
  sumSpans,
  visitorSumsQuery,
} from './sums.ts'

/**
 * Each answer of the dashboard and the analytics, from the rollups (sums.ts) by the definitions in
 * docs/analytics.md. A report never reads raw orders, members, subscriptions or visits, except the last
 * minutes of visits for "online now".
 */

const onlySums = (row: SumRow | undefined): Sums => {
  if (!row) return emptySums()
  const { label: _label, channel_id: _c, campaign_id: _m, plan_id: _p, device: _d, ...sums } = row
  return sums
}

/**
 * Rows day_figures of a period's figures, a row a day from start to end (label: the day, a date; empty days as zeros).
 * The days, their rows and their visitors are stacked and summed by day rather than joined: a join's plan
 * rests on row estimates a prepared statement's plan cannot know, a sum does not (a misjudged nested loop took
 * 40 ms for 365 days).
 */
function dayRows(period: Period, scope: Scope): SQL {
  const { start, end } = period
  return sql`with day_figures as (
    select label, ${stackedSums}
    from (
      select ${start}::date + day_number as label, ${noSums}, 0 as visitors
        from generate_series(0, ${end}::date - ${start}::date) day_number
      union all select day_sums.*, 0 from (${sumDaysQuery(period, true, scope, null)}) day_sums
      union all select day_visitors.label, ${noSums}, day_visitors.visitors
        from (${visitorSumsQuery(start, end, true, scope, null)}) day_visitors
    ) days
    group by label
  )`
}

/** The days' figures as select-list columns of answer_rows, from day_figures. */
const dayFigures = sql`from (select to_char(day_figures.label, 'YYYY-MM-DD') as date,
  ${figureColumns((column) => columnOf('day_figures', column))} from day_figures) answer_rows`

/** A period's total of a figure over its day_figures, but its visitors: those of the whole period (period_visitors). */
const periodTotal = (column: string) =>
  column === 'visitors'
    ? sql`(select coalesce(max(period_visitors.visitors), 0) from period_visitors)`
    : sql`sum(${columnOf('day_figures', column)})`

/**
 * The whole answer of a daily series, written by PostgreSQL in one statement: a row a day and the
 * period's totals, as JSON text passed on as it is (as the lists are).
 */
export function dailySeries(db: Db, period: Period, scope: Scope): Promise<string> {
  return overDays(
    db,
    period,
    (days) => sql`${dayRows(days, scope)},
      period_visitors as (${visitorSumsQuery(days.start, days.end, false, scope, null)})
      select json_build_object(
        'data', (select json_agg(answer_rows order by answer_rows.date) ${dayFigures}),
        'meta', ${periodMeta(days, sql`, 'totals', (select row_to_json(totals) from (select ${figureColumns(periodTotal)} from day_figures) totals)`)})`,
  )
}

/**
 * The daily series' rows as CSV lines of these columns (figure names), written by PostgreSQL: cells as
 * lib/resource/csv-cells.ts writes them (formulas defused, an empty cell quoted), a line a day.
 */
export function dailyCsv(db: Db, period: Period, scope: Scope, columns: readonly string[]): Promise<string> {
  const cells = sql.join(
    columns.map((column) => sql`coalesce(vod_csv_text(${columnOf('answer_rows', column)}::text), '""')`),
    sql` || ',' || `,
  )
  return overDays(
    db,
    period,
    (days) =>
      sql`${dayRows(days, scope)} select string_agg(${cells}, E'\\n' order by answer_rows.date) ${dayFigures}`,
  )
}

/** A span of time [lo, hi) whose figures are read, and the business days whose visitors count for it. */
interface Span {
  label: string
  lo: SQL
  hi: SQL
  start: string
  end: string
}

/** The instant a business day starts in the zone. */
const dayStart = (zone: string, day: string) => sql`(${day}::date::timestamp at time zone ${zone})`

/**
 * The instant a business day ends in the zone: the next day's start, counted by PostgreSQL, whose dates go
 * past 9999-12-31 (JavaScript would write that day `+010000-01-01`).
 */
const dayEnd = (zone: string, day: string) => sql`((${day}::date + 1)::timestamp at time zone ${zone})`

/** Business days from start to end as a span. */
const wholeDays = (zone: string, label: string, start: string, end: string): Span => ({
  label,
  lo: dayStart(zone, start),
  hi: dayEnd(zone, end),
  start,
  end,
})

/** Rows figures of each span's sums and visitors, by label; `figuresOf(label)` writes one's figures. */
function spanRows(spans: Span[], scope: Scope): SQL {
  const each = (row: (span: Span) => SQL) => sql.join(spans.map(row), sql` union all `)
  return sql`with ${named(summed)} as (${spanQuery(
    each((span) => sql`select ${span.label}::text as label, ${span.lo} as lo, ${span.hi} as hi`),
    scope,
    null,
  )}),
    ${named(visitorCounts)} as (${each(
      (span) =>
        sql`select ${span.label}::text as label, visitors
          from (${visitorSumsQuery(span.start, span.end, false, scope, null)}) visitors`,
    )}),
    figures as (
      select labels.label, ${zeroedSums}
      from (${each((span) => sql`select ${span.label}::text as label`)}) labels
        left join ${named(summed)} on ${columnOf(summed, 'label')} = labels.label
        left join ${named(visitorCounts)} on ${columnOf(visitorCounts, 'label')} = labels.label
    )`
}

const figuresOf = (label: 'current' | 'previous' | 'today' | 'yesterday') =>
  sql`(select row_to_json(answer_row) from (select ${figureColumns((column) => columnOf('figures', column))}
    from figures where figures.label = ${label}::text) answer_row)`

/** The period beside the one of the same length before it. */
export function comparison(db: Db, period: Period, scope: Scope): Promise<string> {
  const { zone, start, end } = period
  const before = previousPeriod({ start_date: start, end_date: end })
  const previous = { start: before.start_date, end: before.end_date }
  return jsonOf(
    db,
    sql`${spanRows([wholeDays(zone, 'current', start, end), wholeDays(zone, 'previous', previous.start, previous.end)], scope)}
      select json_build_object('data', json_build_object('current', ${figuresOf('current')}, 'previous', ${figuresOf('previous')}),
        'meta', ${periodMeta(period, sql`, 'previous_start_date', ${previous.start}::text, 'previous_end_date', ${previous.end}::text`)})`,
  )
}

/** Today so far (whole quarter-hours up to the one under way) and the whole of yesterday. */
export function todayRecord(db: Db, zone: string, today: string, scope: Scope, now: Date): Promise<string> {
  const asOf = quarterEnd(now).toISOString()
  const yesterday = addDays(today, -1)
  const sofar: Span = {
    ...wholeDays(zone, 'today', today, today),
    hi: sql`least(${asOf}::timestamptz, ${dayEnd(zone, today)})`,
  }
  return jsonOf(
    db,
    sql`${spanRows([sofar, wholeDays(zone, 'yesterday', yesterday, yesterday)], scope)}
      select json_build_object('data', json_build_object('date', ${today}::text, 'as_of', ${asOf}::text,
        'today', ${figuresOf('today')}, 'yesterday', ${figuresOf('yesterday')}))`,
  )
}

/** Runs a statement whose one row's one column is text (a whole answer's JSON, say), and gives that text. */
async function textOf(db: Db, statement: SQL): Promise<string | null> {
  const [row] = await queryRows<{ text: string | null }>(db, sql`select (${statement})::text as text`)
  return row?.text ?? null
}

/** An answer's JSON from a statement over spans of time (the quarter-hours and UTC days, kept in every zone). */
async function jsonOf(db: Db, statement: SQL): Promise<string> {
  return (await textOf(db, statement)) ?? '{}'
}

/**
 * Runs a statement over whole business days, built by `statement` for the days kept for the zone, which it
 * checks are this zone's in the same statement (one snapshot). While they are being built for a new zone,
 * it runs again over the UTC days and quarter-hours. Only the statement that runs is planned.
 */
async function overDays(db: Db, period: Period, statement: (period: Period) => SQL): Promise<string> {
  const kept = await textOf(db, sql`case when ${daysKept(period.zone)} then (${statement(period)})::text end`)
  if (kept !== null) return kept
  return (await textOf(db, statement({ ...period, fromQuarters: true }))) ?? ''
}

/** The period's meta of an answer written in SQL, with more fields when given (`, 'name', value`). */
const periodMeta = (period: Period, more = sql``) =>
  sql`json_build_object('start_date', ${period.start}::text, 'end_date', ${period.end}::text,
    'time_zone', ${period.zone}::text${more})`

/** Writes what `select <data>` gives (one json array, null for none) and the period's meta into one answer. */
function answerOf(db: Db, period: Period, statement: (period: Period) => SQL, data: SQL): Promise<string> {
  return overDays(
    db,
    period,
    (days) =>
      sql`${statement(days)} select json_build_object('data', coalesce((select ${data}), '[]'), 'meta', ${periodMeta(days)})`,
  )
}

/**
 * Rows figures of the period's figures per channel the caller sees, with any (channel 0: through none), named
 * and typed: the channels with rollup rows or visitors, and each channel of a channel admin's.
 */
function channelRows(period: Period, scope: Scope): SQL {
  const { start, end } = period
  return sql`with ${named(summed)} as (${sumDaysQuery(period, false, scope, 'channel')}),
    ${named(visitorCounts)} as (${visitorSumsQuery(start, end, false, scope, 'channel')}),
    channel_keys as (select channel_id from ${named(summed)} union select channel_id from ${named(visitorCounts)}
      union select unnest(${`{${(scope.channels ?? []).join(',')}}`}::integer[])),
    figures as (
      select channel_keys.channel_id, channel.utm_source as channel_name, channel.type, ${zeroedSums}
      from channel_keys
        left join ${named(summed)} on ${columnOf(summed, 'channel_id')} = channel_keys.channel_id
        left join ${named(visitorCounts)} on ${columnOf(visitorCounts, 'channel_id')} = channel_keys.channel_id
        left join channels channel on channel.id = channel_keys.channel_id
    )`
}

/** The period's figures per channel (channel_id null: through none), most revenue first. */
export function perChannel(db: Db, period: Period, scope: Scope): Promise<string> {
  return answerOf(
    db,
    period,
    (days) => channelRows(days, scope),
    sql`json_agg(answer_rows order by answer_rows.gross::numeric desc, answer_rows.channel_id nulls last)
      from (select nullif(figures.channel_id, 0) as channel_id, figures.channel_name,
        ${figureColumns((column) => columnOf('figures', column))} from figures) answer_rows`,
  )
}

/** Revenue by the type of channel it came through (null: no channel), most revenue first. */
export function perChannelType(db: Db, period: Period, scope: Scope): Promise<string> {
  return answerOf(
    db,
    period,
    (days) => channelRows(days, scope),
    sql`json_agg(by_type order by by_type.gross::numeric desc, by_type.type)
      from (select figures.type, ${figureColumns((column) => sql`sum(${columnOf('figures', column)})`, revenueFigures)}
        from figures group by figures.type) by_type`,
  )
}

/** The period's figures per campaign (campaign_id null: through the channel without one), most revenue first. */
export function perCampaign(db: Db, period: Period, scope: Scope): Promise<string> {
  const { start, end } = period
  const same = (alias: string) =>
    sql`${columnOf(alias, 'channel_id')} = campaign_keys.channel_id
      and ${columnOf(alias, 'campaign_id')} = campaign_keys.campaign_id`
  return answerOf(
    db,
    period,
    (days) => sql`with ${named(summed)} as (${sumDaysQuery(days, false, scope, 'campaign')}),
      ${named(visitorCounts)} as (${visitorSumsQuery(start, end, false, scope, 'campaign')}),
      campaign_keys as (select channel_id, campaign_id from ${named(summed)}
        union select channel_id, campaign_id from ${named(visitorCounts)}),
      figures as (
        select campaign_keys.channel_id, campaign_keys.campaign_id, channel.utm_source as channel_name,
          campaign.name as campaign_name, ${zeroedSums}
        from campaign_keys left join ${named(summed)} on ${same(summed)}
          left join ${named(visitorCounts)} on ${same(visitorCounts)}
          left join channels channel on channel.id = campaign_keys.channel_id
          left join campaigns campaign on campaign.id = campaign_keys.campaign_id
      )`,
    sql`json_agg(answer_rows order by answer_rows.gross::numeric desc, answer_rows.new_subscriptions desc,
        answer_rows.campaign_id nulls first, answer_rows.channel_id)
      from (select nullif(figures.channel_id, 0) as channel_id, figures.channel_name,
        nullif(figures.campaign_id, 0) as campaign_id, figures.campaign_name,
        ${figureColumns((column) => columnOf('figures', column))} from figures) answer_rows`,
  )
}

/** Orders, money and subscriptions per plan, most revenue first. */
export function perPlan(db: Db, period: Period, scope: Scope): Promise<string> {
  return answerOf(
    db,
    period,
    // Named by title as every screen names a plan (plans/plan-title.ts), by code where it has none.
    (days) => sql`with figures as (select plan_sums.*, coalesce(nullif(plan.title, ''), plan.name) as name
      from (${sumDaysQuery(days, false, scope, 'plan')}) plan_sums left join plans plan on plan.id = plan_sums.plan_id)`,
    sql`json_agg(answer_rows order by answer_rows.gross::numeric desc, answer_rows.plan_id)
      from (select figures.plan_id, coalesce(figures.name, '') as plan_name,
        ${figureColumns((column) => columnOf('figures', column), [...revenueFigures, 'new_subscriptions', 'cancellations'])}
        from figures) answer_rows`,
  )
}

/** Visits per device, every device listed. */
export function perDevice(db: Db, period: Period, scope: Scope): Promise<string> {
  return answerOf(
    db,
    period,
    (days) => sql`with figures as (
      select devices.device, coalesce(device_sums.visits, 0) as visits
      from unnest('{desktop,mobile,tablet}'::text[]) devices (device)
        left join (${sumDaysQuery(days, false, scope, 'device')}) device_sums on device_sums.device = devices.device
    )`,
    sql`json_agg(figures order by figures.device) from figures`,
  )
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
  const [todaySums, yesterdaySums, lastWeekSums] = [of('today'), of('yesterday'), of('last_week')]
  const panels = dashboardFigures.map((name) => [
    name,
    {
      today: figureOf(name, todaySums),
      yesterday: figureOf(name, yesterdaySums),
      last_week: figureOf(name, lastWeekSums),
    },
  ])
  return { time_zone: zone, date: today, as_of: asOf, online_now: online, ...Object.fromEntries(panels) }
}

const channelFilter = (scope: Scope) =>
  scope.channels ? sql`and channel_id = any(${`{${scope.channels.join(',')}}`}::integer[])` : sql``

/** "Online now": distinct visitors with a visit in the last 5 minutes (the newest raw visits, by their index). */
async function onlineNow(db: Db, scope: Scope): Promise<number> {
  const [row] = (
    (await db.execute(
      sql`select count(distinct visitor)::integer as online from visits where visited_at > now() - interval '5 minutes' ${channelFilter(scope)}`,
    )) as unknown as { rows: { online: number }[] }
  ).rows
  return row?.online ?? 0
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
    quarters.push({ at: label, orders: q.orders, gross: q.gross, net: netRevenueOf(q) })
  }
  const whole = total.sums()
  return {
    date: today,
    time_zone: zone,
    gross: whole.gross,
    net: netRevenueOf(whole),
    orders: whole.orders,
    quarters,
  }
}
