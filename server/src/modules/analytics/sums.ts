import {
  type CountColumn,
  countColumns,
  type MoneyColumn,
  moneyColumns,
  monthOf,
  rollupColumns,
} from '@vod/contract'
import { type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import { monthsOf, type Range, wholeMonthsOf } from './period.ts'
import { columnOf, listOf, moneySumType, named } from './sql-parts.ts'

/**
 * Sums of the rollups over spans of time (docs/analytics.md "How the figures are kept"). A span [lo, hi)
 * whose ends are quarter-hours is F(hi) - F(lo), F(t) being everything before t: the UTC days before t's
 * day from rollup_days, and the quarters of t's own day before t from rollup_quarters, or, when t is in the
 * second half of its day, that day's total less its quarters from t on. So a business day in any zone
 * reads one or two day rows and at most 48 quarter rows per level, never the raw rows.
 */

/** The rollups' summed columns (the figure registry's kept figures): counts and money (numeric, exact). */
export { countColumns, moneyColumns }
export type Sums = Record<CountColumn, number> & Record<MoneyColumn, string>

/** Which channels a caller sees: all (null) or these (a channel admin's, or the one asked for). */
export interface Scope {
  channels: number[] | null
}

/** What rows are split by: nothing, channel, channel and campaign, plan or device. */
export type Split = null | 'channel' | 'campaign' | 'plan' | 'device'

const splitKey: Record<Exclude<Split, null>, readonly string[]> = {
  channel: ['channel_id'],
  campaign: ['channel_id', 'campaign_id'],
  plan: ['plan_id'],
  device: ['device'],
}

/**
 * The rows of one level of detail (db/schema/analytics.ts): -1 is "all" in a dimension, so a caller
 * seeing every channel reads the all-channel rows, and a channel admin the rows of its channels.
 */
function levelOf(alias: string, scope: Scope, split: Split): SQL {
  return sql`${channelLevelOf(alias, scope, split)} and ${planDeviceOf(alias, split)}`
}

/** levelOf's plan and device, which the visitor counts do not have. */
function planDeviceOf(alias: string, split: Split): SQL {
  const plan =
    split === 'plan'
      ? sql`${columnOf(alias, 'plan_id')} = any(array(select id from plans))`
      : sql`${columnOf(alias, 'plan_id')} = -1`
  const device =
    split === 'device'
      ? sql`${columnOf(alias, 'device')} = any('{desktop,mobile,tablet}'::text[])`
      : sql`${columnOf(alias, 'device')} = '*'`
  return sql`${plan} and ${device}`
}

/** The channels a caller sees as a condition on alias.channel_id, or the all-channel rows (-1) when not `byChannel`. */
function channelIn(alias: string, scope: Scope, byChannel: boolean): SQL {
  const column = columnOf(alias, 'channel_id')
  // Lists of keys, never ranges: a btree reads each key's run of the index (no skip scan before PostgreSQL 18).
  if (!byChannel && scope.channels === null) return sql`${column} = -1`
  return scope.channels
    ? sql`${column} = any(${`{${scope.channels.join(',')}}`}::integer[])`
    : sql`${column} = any(array(select id from channels) || 0)`
}

/** levelOf's channel and campaign: all the rollups and the visitor counts have. */
function channelLevelOf(alias: string, scope: Scope, split: Split): SQL {
  const channel = channelIn(alias, scope, split === 'channel' || split === 'campaign')
  const campaign =
    split === 'campaign'
      ? sql`${columnOf(alias, 'campaign_id')} = any(array(select id from campaigns) || 0)`
      : sql`${columnOf(alias, 'campaign_id')} = -1`
  return sql`${channel} and ${campaign}`
}

/** Spans, one a business day from start to end (labelled by the day, a date), in the zone. */
const daySpans = (zone: string, start: string, end: string): SQL => sql`
  select business_day as label, (business_day::timestamp at time zone ${zone}) as lo,
    ((business_day + 1)::timestamp at time zone ${zone}) as hi
  from (select ${start}::date + day_number as business_day
    from generate_series(0, ${end}::date - ${start}::date) day_number) business_days`

/** One span over the whole period, labelled by its first day. */
const periodSpan = (zone: string, start: string, end: string): SQL => sql`
  select ${start}::text as label, (${start}::date::timestamp at time zone ${zone}) as lo,
    ((${end}::date + 1)::timestamp at time zone ${zone}) as hi`

export type SumRow = Sums & {
  label: string
  channel_id?: number
  campaign_id?: number
  plan_id?: number
  device?: string
}

/** Columns read from a table alias under their names, negated with sign '-' (days to subtract). */
const columnList = (alias: string, columns: readonly string[], sign: '' | '-' = '') =>
  listOf(
    columns.map(
      (column) => sql`${sign === '-' ? sql`-` : sql``}${columnOf(alias, column)} as ${named(column)}`,
    ),
  )

/** The sums of `of(column)` for each rollup column, under the column's name. */
const summedOf = (of: (column: string) => SQL) =>
  listOf([
    ...countColumns.map((column) => sql`sum(${of(column)})::bigint::integer as ${named(column)}`),
    // moneySumType: both drivers give it as a string with two places ("12.50"), SQL reads it as it is.
    ...moneyColumns.map((column) => sql`sum(${of(column)})::${moneySumType} as ${named(column)}`),
  ])

const keysOf = (split: Split): readonly string[] => (split ? splitKey[split] : [])
/** A split's keys read from a table alias: `covering.channel_id, covering.campaign_id`. */
const qualified = (alias: string, keys: readonly string[]) => listOf(keys.map((key) => columnOf(alias, key)))
/** qualified keys leading a select list (nothing without keys). */
const keyList = (alias: string, keys: readonly string[]) =>
  keys.length ? sql`${qualified(alias, keys)}, ` : sql``
/** qualified keys ending a group by list (nothing without keys). */
const keyTail = (alias: string, keys: readonly string[]) =>
  keys.length ? sql`, ${qualified(alias, keys)}` : sql``

/** The statement summing each span (and each split key with any rows) from the UTC days and quarter-hours. */
export function spanQuery(spans: SQL, scope: Scope, split: Split): SQL {
  const keys = keysOf(split)
  return sql`
    with spans as (${spans}),
    span_ends as (select label, hi as instant, 1 as sign from spans union all select label, lo, -1 from spans),
    end_days as (select label, instant, sign, (instant at time zone 'UTC')::date as utc_day,
            date_trunc('day', instant at time zone 'UTC') at time zone 'UTC' as utc_midnight from span_ends),
    quarter_ranges as (
      select label,
        case when instant - utc_midnight <= interval '12 hours' then utc_midnight else instant end as from_quarter,
        case when instant - utc_midnight <= interval '12 hours' then instant else utc_midnight + interval '1 day' end as to_quarter,
        case when instant - utc_midnight <= interval '12 hours' then sign else -sign end as sign
      from end_days where instant > utc_midnight
    ),
    day_ranges as (
      select label, (lo at time zone 'UTC')::date as from_day, (hi at time zone 'UTC')::date as to_day, 1 as sign
      from spans
      union all
      select label, utc_day, utc_day + 1, sign from end_days where instant - utc_midnight > interval '12 hours'
    ),
    pieces as (
      select day_ranges.label, day_ranges.sign, ${keyList('day_rows', keys)}${columnList('day_rows', rollupColumns)}
      from day_ranges join rollup_days day_rows
        on day_rows.day >= day_ranges.from_day and day_rows.day < day_ranges.to_day
          and ${levelOf('day_rows', scope, split)}
      union all
      select quarter_ranges.label, quarter_ranges.sign,
        ${keyList('quarter_rows', keys)}${columnList('quarter_rows', rollupColumns)}
      from quarter_ranges join rollup_quarters quarter_rows
        on quarter_rows.bucket >= quarter_ranges.from_quarter and quarter_rows.bucket < quarter_ranges.to_quarter
          and ${levelOf('quarter_rows', scope, split)}
    )
    select pieces.label, ${keyList('pieces', keys)}${summedOf((column) => sql`pieces.sign * ${columnOf('pieces', column)}`)}
    from pieces group by pieces.label${keyTail('pieces', keys)}`
}

/** The figures of each span (and each split key with any rows), straight from the rollups. */
export async function sumSpans(db: Db, spans: SQL, scope: Scope, split: Split): Promise<SumRow[]> {
  return queryRows<SumRow>(db, spanQuery(spans, scope, split))
}

/** Business days from start to end (both included) in a zone, and where their sums are read (sumDaysQuery). */
export interface Period {
  zone: string
  start: string
  end: string
  /** Set while the zone's business days are being built: read the UTC days and quarter-hours instead. */
  fromQuarters?: boolean
}

/**
 * Whether the business days and months kept (rollup_zone_days, rollup_days in UTC, rollup_months) are the
 * period's zone's: they are once the start built them for it (vod_zone_days_rebuild).
 */
export const daysKept = (zone: string): SQL => sql`vod_zone_days_zone() is not distinct from ${zone}`

/** The alias of the rows of a range of days or months that coveringRows stacks (RangeRows). */
const rangeRows = 'range_rows'
/** The alias of coveringRows' stacked rows, which a Source's `summed` sums. */
const covering = 'covering'

/**
 * One table's rows of a range of days or months (both ends included) selecting `list` (the source's columns,
 * negated for days to subtract) from alias range_rows.
 */
type RangeRows = (table: string, column: 'day' | 'month', range: Range, list: SQL) => SQL

/**
 * The rows covering business days from start to end, signed: months from `months` (whole, or less the days
 * outside the period, negated), the other days from `days` (docs/analytics.md "How the figures are kept").
 */
function coveringRows(start: string, end: string, source: Source, rows: RangeRows): SQL {
  const cut = monthsOf(start, end)
  const added = columnList(rangeRows, source.columns)
  const parts = [
    ...cut.days.map((range) => rows(source.days, 'day', range, added)),
    ...(cut.months ? [rows(source.months, 'month', cut.months, added)] : []),
    ...cut.less.map((range) => rows(source.days, 'day', range, columnList(rangeRows, source.columns, '-'))),
  ]
  return sql.join(parts, sql` union all `)
}

const inRange = (alias: string, column: string, [lo, hi]: Range) => {
  const at = columnOf(alias, column)
  return sql`${at} >= ${lo}::date and ${at} <= ${hi}::date`
}

/** Where sums are read: a table of days and one of months, the columns read, their sums (of alias covering). */
interface Source {
  days: string
  months: string
  columns: readonly string[]
  summed: SQL
  /** levelOf's conditions beside the channel and campaign (` and ...` on an alias; none for visitor counts). */
  more: (alias: string) => SQL
}

/**
 * A period's sums (labelled by its first day) per the split's keys: whole months from the source's months, the
 * days at the edges from its days.
 */
function periodSums(start: string, end: string, scope: Scope, split: Split, source: Source): SQL {
  if (split === 'campaign') return perPair(start, end, scope, source)
  const keys = keysOf(split)
  return sql`select ${start}::text as label, ${keyList(covering, keys)}${source.summed}
    from (${coveringRows(
      start,
      end,
      source,
      (table, column, range, list) =>
        sql`select ${keyList(rangeRows, keys)}${list} from ${named(table)} ${named(rangeRows)}
          where ${inRange(rangeRows, column, range)} and ${channelLevelOf(rangeRows, scope, split)}${source.more(rangeRows)}`,
    )}) ${named(covering)}
    group by 1${keyTail(covering, keys)}`
}

/**
 * The source's day rows from start to end as they are (label: the day, a date), for a caller that sums them by
 * day: a channel admin's channels give several a day. Summing them here as well cost a second aggregation,
 * and grouping by the day's text a to_char a row (a 365-day series ran 579 statements a second so, 421 before).
 */
function dailyRows(start: string, end: string, scope: Scope, split: Split, source: Source): SQL {
  const keys = keysOf(split)
  return sql`select day_rows.day as label, ${keyList('day_rows', keys)}${columnList('day_rows', source.columns)}
    from ${named(source.days)} day_rows
    where ${inRange('day_rows', 'day', [start, end])} and ${channelLevelOf('day_rows', scope, split)}${source.more('day_rows')}`
}

/**
 * A period's sums per campaign (keys channel_id, campaign_id): the channel and campaign pairs with rows in
 * the period's months first (campaign_id >= 0 is the campaign level's, a range of each channel's index), then
 * each pair's rows. Listing every channel against every campaign instead probed mostly empty keys (21 × 61 a
 * range), so the campaigns that exist are a filter here, not channelLevelOf's list of index keys.
 */
function perPair(start: string, end: string, scope: Scope, source: Source): SQL {
  return sql`select ${start}::text as label, pairs.channel_id, pairs.campaign_id, ${source.summed}
    from (select distinct month_rows.channel_id, month_rows.campaign_id from ${named(source.months)} month_rows
      where ${channelIn('month_rows', scope, true)} and month_rows.campaign_id >= 0${source.more('month_rows')}
        and (month_rows.campaign_id = 0 or month_rows.campaign_id in (select id from campaigns))
        and month_rows.month >= ${monthOf(start)}::date and month_rows.month <= ${monthOf(end)}::date) pairs
    cross join lateral (${coveringRows(
      start,
      end,
      source,
      (table, column, range, list) =>
        sql`select ${list} from ${named(table)} ${named(rangeRows)}
          where ${columnOf(rangeRows, 'channel_id')} = pairs.channel_id
            and ${columnOf(rangeRows, 'campaign_id')} = pairs.campaign_id${source.more(rangeRows)}
            and ${inRange(rangeRows, column, range)}`,
    )}) ${named(covering)}
    group by 1, pairs.channel_id, pairs.campaign_id`
}

/**
 * The figures of whole business days from start to end, a day's rows (labelled by the day, a date, to be
 * summed by it) or a row for the period (labelled by its first day): from rollup_zone_days (a row a day and
 * level; rollup_days in UTC) and, for a period, rollup_months, which the caller checks are kept in this zone
 * (daysKept) in the same statement, or, `fromQuarters`, from the UTC days and quarter-hours (while they are
 * being built for a new zone).
 */
export function sumDaysQuery(period: Period, perDay: boolean, scope: Scope, split: Split): SQL {
  const { zone, start, end } = period
  if (period.fromQuarters)
    return spanQuery(perDay ? daySpans(zone, start, end) : periodSpan(zone, start, end), scope, split)
  return (perDay ? dailyRows : periodSums)(start, end, scope, split, {
    // UTC's business days are the UTC days, which rollup_days holds (no copy is kept).
    days: zone === 'UTC' ? 'rollup_days' : 'rollup_zone_days',
    months: 'rollup_months',
    columns: rollupColumns,
    summed: summedOf((column) => columnOf(covering, column)),
    more: (alias) => sql` and ${planDeviceOf(alias, split)}`,
  })
}

/**
 * Distinct visitors: of each business day (counted by the fold in the business zone: exactly up to 1,024,
 * else estimated), a day's rows (labelled by the day, a date, to be summed by it); or of the whole period
 * (labelled by its first day): a single day's counts, else periodVisitors: label, the split's keys, visitors.
 * Over a channel admin's several channels a visitor of two counts once, a day as a period (its channels'
 * counts would add them): each day from its channels' hashes or sketches, as a period of that one day.
 */
export function visitorSumsQuery(
  start: string,
  end: string,
  perDay: boolean,
  scope: Scope,
  split: 'channel' | 'campaign' | null,
): SQL {
  const union = split === null && (scope.channels?.length ?? 0) > 1
  if (union || (!perDay && start !== end)) return periodVisitors(start, end, scope, split, perDay)
  return (perDay ? dailyRows : periodSums)(start, end, scope, split, {
    days: 'visitor_day_counts',
    months: 'visitor_month_counts',
    columns: ['visitors'],
    summed: sql`sum(${columnOf(covering, 'visitors')})::bigint::integer as visitors`,
    more: () => sql``,
  })
}

/** The most hashes a period's key counts exactly (docs/analytics.md "Visitors of a period"). */
const EXACT_HASHES = 4096

/**
 * The distinct visitors of a period per the split's keys (docs/analytics.md "Visitors of a period"), over a
 * channel admin's channels too (a visitor of two counts once): exactly, from the hashes of its days and
 * months when each has them (4,096 or fewer together); else estimated from their planes, OR-ed plane by
 * plane, each plane's ones counted (vod_hll_estimate). `perDay`: each day of the period on its own, a row
 * a day (labelled by the day, a date), read from the days alone.
 */
function periodVisitors(
  start: string,
  end: string,
  scope: Scope,
  split: 'channel' | 'campaign' | null,
  perDay = false,
): SQL {
  // A day counted on its own is one more key: the day's rows carry it as `day`.
  const keys = [...(perDay ? ['day'] : []), ...(split ? splitKey[split] : [])]
  const cut = perDay ? { days: [[start, end] as Range], months: null } : wholeMonthsOf(start, end)
  const pieces = (kind: 'hashes' | 'planes', list: SQL, more: SQL = sql``) =>
    sql.join(
      [
        ...cut.days.map((range) => [`visitor_day_${kind}`, 'day', range] as const),
        ...(cut.months ? [[`visitor_month_${kind}`, 'month', cut.months] as const] : []),
      ].map(
        ([table, column, range]) =>
          sql`select ${keyList(rangeRows, keys)}${list} from ${named(table)} ${named(rangeRows)}
            where ${inRange(rangeRows, column, range)} and ${channelLevelOf(rangeRows, scope, split)}${more}`,
      ),
      sql` union all `,
    )
  const groupBy = (alias: string) => (keys.length ? sql`group by ${qualified(alias, keys)}` : sql``)
  // The same key as range_rows' in a CTE's row (alias).
  const sameKey = (alias: string) =>
    sql.join(keys.map((key) => sql` and ${columnOf(alias, key)} = ${columnOf(rangeRows, key)}`))
  // Counted exactly when every piece keeps its hashes and they are 4,096 or fewer together (a count of more
  // sorted more than OR-ing planes costs); the planes are read only for the other keys.
  const countable = sql` and exists (select 1 from hash_sizes where not hash_sizes.dense
    and hash_sizes.hashes <= ${EXACT_HASHES}::integer${sameKey('hash_sizes')})`
  const inexact = sql` and not exists (select 1 from exact_counts where true${sameKey('exact_counts')})`
  const label = perDay ? sql`counted.day` : sql`${start}::text`
  const labelled = keyTail('counted', split ? splitKey[split] : [])
  const hashes = sql`${columnOf(rangeRows, 'hashes')}`
  const planes = sql`${columnOf(rangeRows, 'plane')}, ${columnOf(rangeRows, 'bits')}`
  return sql`with hash_sizes as (
      select ${keyList('hash_rows', keys)}bool_or(hash_rows.hashes is null) as dense,
        sum(cardinality(hash_rows.hashes)) as hashes
      from (${pieces('hashes', hashes)}) hash_rows ${groupBy('hash_rows')}
    ),
    exact_counts as (
      select ${keyList('hash_rows', keys)}count(distinct each_hash.hash)::integer as exact
      from (${pieces('hashes', hashes, countable)}) hash_rows
        cross join lateral unnest(hash_rows.hashes) as each_hash(hash) ${groupBy('hash_rows')}
      having count(*) > 0
    ),
    plane_ones as (
      select ${keyList('plane_rows', keys)}plane_rows.plane, bit_count(bit_or(plane_rows.bits))::integer as ones
      from (${pieces('planes', planes, inexact)}) plane_rows group by plane_rows.plane${keyTail('plane_rows', keys)}
    )
    select ${label} as label${labelled}, coalesce(max(counted.exact), max(counted.estimate)) as visitors
    from (
      select ${keyList('exact_counts', keys)}exact_counts.exact, null::integer as estimate from exact_counts
      union all
      select ${keyList('plane_ones', keys)}null, vod_hll_estimate(array_agg(plane_ones.ones order by plane_ones.plane))
      from plane_ones ${groupBy('plane_ones')}
    ) counted
    group by 1${keyTail('counted', keys)}`
}

/** The quarter-hours from lo to hi (quarter-hours themselves), each labelled by its start (ISO). */
export async function quarterSums(db: Db, lo: Date, hi: Date, scope: Scope): Promise<SumRow[]> {
  return queryRows<SumRow>(
    db,
    sql`select vod_wire(quarter_rows.bucket) as label, ${summedOf((column) => columnOf('quarter_rows', column))}
      from rollup_quarters quarter_rows
      where quarter_rows.bucket >= ${lo.toISOString()}::timestamptz and quarter_rows.bucket < ${hi.toISOString()}::timestamptz
        and ${levelOf('quarter_rows', scope, null)}
      group by quarter_rows.bucket`,
  )
}
