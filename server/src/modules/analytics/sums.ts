import {
  type CountColumn,
  countColumns,
  MONEY_SUM_SQL,
  type MoneyColumn,
  moneyColumns,
  rollupColumns,
} from '@vod/contract'
import { type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import { monthOf, monthsOf, type Range, wholeMonthsOf } from './period.ts'

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

const splitKey: Record<Exclude<Split, null>, string> = {
  channel: 'channel_id',
  campaign: 'channel_id, campaign_id',
  plan: 'plan_id',
  device: 'device',
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
  const column = (name: string) => sql.raw(`${alias}.${name}`)
  const plan =
    split === 'plan'
      ? sql`${column('plan_id')} = any(array(select id from plans))`
      : sql`${column('plan_id')} = -1`
  const device =
    split === 'device'
      ? sql`${column('device')} = any('{desktop,mobile,tablet}'::text[])`
      : sql`${column('device')} = '*'`
  return sql`${plan} and ${device}`
}

/** The channels a caller sees as a condition on alias.channel_id, or the all-channel rows (-1) when not `byChannel`. */
function channelIn(alias: string, scope: Scope, byChannel: boolean): SQL {
  const column = sql.raw(`${alias}.channel_id`)
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
      ? sql`${sql.raw(alias)}.campaign_id = any(array(select id from campaigns) || 0)`
      : sql`${sql.raw(alias)}.campaign_id = -1`
  return sql`${channel} and ${campaign}`
}

/** Spans, one a business day from start to end (labelled by the day, a date), in the zone. */
const daySpans = (zone: string, start: string, end: string): SQL => sql`
  select d as label, (d::timestamp at time zone ${zone}) as lo,
    ((d + 1)::timestamp at time zone ${zone}) as hi
  from (select ${start}::date + i as d from generate_series(0, ${end}::date - ${start}::date) i) days`

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
  columns.map((column) => `${sign}${alias}.${column} as ${column}`).join(', ')
/** The sums of `of(column)` for each rollup column, under the column's name. */
const summedOf = (of: (column: string) => string) =>
  [
    ...countColumns.map((c) => `sum(${of(c)})::bigint::integer as ${c}`),
    // MONEY_SUM_SQL: both drivers give it as a string with two places ("12.50"), SQL reads it as it is.
    ...moneyColumns.map((c) => `sum(${of(c)})::${MONEY_SUM_SQL} as ${c}`),
  ].join(', ')

const keysOf = (split: Split) => (split ? splitKey[split] : '')
/** A split's keys read from a table alias: `z.channel_id, z.campaign_id` (empty without a split). */
const qualified = (alias: string, keys: string) =>
  keys
    ? keys
        .split(', ')
        .map((k) => `${alias}.${k}`)
        .join(', ')
    : ''
/** qualified keys leading a select list. */
const keyList = (alias: string, keys: string) => (keys ? `${qualified(alias, keys)}, ` : '')
/** qualified keys ending a group by list. */
const keyTail = (alias: string, keys: string) => (keys ? `, ${qualified(alias, keys)}` : '')

/** The statement summing each span (and each split key with any rows) from the UTC days and quarter-hours. */
export function spanQuery(spans: SQL, scope: Scope, split: Split): SQL {
  const keys = keysOf(split)
  return sql`
    with seg as (${spans}),
    ends as (select label, hi as t, 1 as sign from seg union all select label, lo, -1 from seg),
    end_days as (select label, t, sign, (t at time zone 'UTC')::date as ud,
            date_trunc('day', t at time zone 'UTC') at time zone 'UTC' as us from ends),
    quarter_ranges as (
      select label,
        case when t - us <= interval '12 hours' then us else t end as qlo,
        case when t - us <= interval '12 hours' then t else us + interval '1 day' end as qhi,
        case when t - us <= interval '12 hours' then sign else -sign end as sign
      from end_days where t > us
    ),
    day_ranges as (
      select label, (lo at time zone 'UTC')::date as dlo, (hi at time zone 'UTC')::date as dhi, 1 as sign from seg
      union all
      select label, ud, ud + 1, sign from end_days where t - us > interval '12 hours'
    ),
    pieces as (
      select day_ranges.label, day_ranges.sign,
        ${sql.raw(keyList('r', keys))}${sql.raw(columnList('r', rollupColumns))}
      from day_ranges join rollup_days r
        on r.day >= day_ranges.dlo and r.day < day_ranges.dhi and ${levelOf('r', scope, split)}
      union all
      select quarter_ranges.label, quarter_ranges.sign,
        ${sql.raw(keyList('q', keys))}${sql.raw(columnList('q', rollupColumns))}
      from quarter_ranges join rollup_quarters q
        on q.bucket >= quarter_ranges.qlo and q.bucket < quarter_ranges.qhi and ${levelOf('q', scope, split)}
    )
    select label, ${sql.raw(keys ? `${keys}, ` : '')}${sql.raw(summedOf((c) => `sign * ${c}`))}
    from pieces group by label${sql.raw(keys ? `, ${keys}` : '')}`
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

/**
 * One table's rows of a range of days or months (both ends included) selecting `list` (the source's columns,
 * negated for days to subtract) from alias r.
 */
type RangeRows = (table: string, column: 'day' | 'month', range: Range, list: string) => SQL

/**
 * The rows covering business days from start to end, signed: months from `months` (whole, or less the days
 * outside the period, negated), the other days from `days` (docs/analytics.md "How the figures are kept").
 */
function coveringRows(start: string, end: string, source: Source, rows: RangeRows): SQL {
  const cut = monthsOf(start, end)
  const added = columnList('r', source.columns)
  const parts = [
    ...cut.days.map((range) => rows(source.days, 'day', range, added)),
    ...(cut.months ? [rows(source.months, 'month', cut.months, added)] : []),
    ...cut.less.map((range) => rows(source.days, 'day', range, columnList('r', source.columns, '-'))),
  ]
  return sql.join(parts, sql` union all `)
}

const inRange = (alias: string, column: string, [lo, hi]: Range) => {
  const at = sql.raw(`${alias}.${column}`)
  return sql`${at} >= ${lo}::date and ${at} <= ${hi}::date`
}

/** Where sums are read: a table of days and one of months, the columns read, their sums (alias z). */
interface Source {
  days: string
  months: string
  columns: readonly string[]
  summed: string
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
  return sql`select ${start}::text as label, ${sql.raw(keyList('z', keys))}${sql.raw(source.summed)}
    from (${coveringRows(
      start,
      end,
      source,
      (table, column, range, list) =>
        sql`select ${sql.raw(keyList('r', keys))}${sql.raw(list)} from ${sql.raw(table)} r
          where ${inRange('r', column, range)} and ${channelLevelOf('r', scope, split)}${source.more('r')}`,
    )}) z
    group by 1${sql.raw(keyTail('z', keys))}`
}

/**
 * The source's day rows from start to end as they are (label: the day, a date), for a caller that sums them by
 * day: a channel admin's channels give several a day. Summing them here as well cost a second aggregation,
 * and grouping by the day's text a to_char a row (a 365-day series ran 579 statements a second so, 421 before).
 */
function dailyRows(start: string, end: string, scope: Scope, split: Split, source: Source): SQL {
  const keys = keysOf(split)
  return sql`select z.day as label, ${sql.raw(keyList('z', keys))}${sql.raw(columnList('z', source.columns))}
    from ${sql.raw(source.days)} z
    where ${inRange('z', 'day', [start, end])} and ${channelLevelOf('z', scope, split)}${source.more('z')}`
}

/**
 * A period's sums per campaign (keys channel_id, campaign_id): the channel and campaign pairs with rows in
 * the period's months first (campaign_id >= 0 is the campaign level's, a range of each channel's index), then
 * each pair's rows. Listing every channel against every campaign instead probed mostly empty keys (21 × 61 a
 * range), so the campaigns that exist are a filter here, not channelLevelOf's list of index keys.
 */
function perPair(start: string, end: string, scope: Scope, source: Source): SQL {
  return sql`select ${start}::text as label, p.channel_id, p.campaign_id, ${sql.raw(source.summed)}
    from (select distinct m.channel_id, m.campaign_id from ${sql.raw(source.months)} m
      where ${channelIn('m', scope, true)} and m.campaign_id >= 0${source.more('m')}
        and (m.campaign_id = 0 or m.campaign_id in (select id from campaigns))
        and m.month >= ${monthOf(start)}::date and m.month <= ${monthOf(end)}::date) p
    cross join lateral (${coveringRows(
      start,
      end,
      source,
      (table, column, range, list) =>
        sql`select ${sql.raw(list)} from ${sql.raw(table)} r
          where r.channel_id = p.channel_id and r.campaign_id = p.campaign_id${source.more('r')}
            and ${inRange('r', column, range)}`,
    )}) z
    group by 1, p.channel_id, p.campaign_id`
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
    // UTC's business days are the UTC days, which rollup_days holds (the triggers keep no copy).
    days: zone === 'UTC' ? 'rollup_days' : 'rollup_zone_days',
    months: 'rollup_months',
    columns: rollupColumns,
    summed: summedOf((c) => `z.${c}`),
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
    summed: 'sum(z.visitors)::bigint::integer as visitors',
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
  const keys = [...(perDay ? ['day'] : []), ...(split ? [splitKey[split]] : [])].join(', ')
  const cut = perDay ? { days: [[start, end] as Range], months: null } : wholeMonthsOf(start, end)
  const pieces = (kind: 'hashes' | 'planes', list: string, more: SQL = sql``) =>
    sql.join(
      [
        ...cut.days.map((range) => [`visitor_day_${kind}`, 'day', range] as const),
        ...(cut.months ? [[`visitor_month_${kind}`, 'month', cut.months] as const] : []),
      ].map(
        ([table, column, range]) =>
          sql`select ${sql.raw(keyList('r', keys))}${sql.raw(list)} from ${sql.raw(table)} r
            where ${inRange('r', column, range)} and ${channelLevelOf('r', scope, split)}${more}`,
      ),
      sql` union all `,
    )
  const groupBy = (alias: string) => sql.raw(keys ? `group by ${qualified(alias, keys)}` : '')
  // The same key as r's in a CTE's row (alias).
  const sameKey = (alias: string) =>
    keys
      .split(', ')
      .filter(Boolean)
      .map((key) => ` and ${alias}.${key} = r.${key}`)
      .join('')
  // Counted exactly when every piece keeps its hashes and they are 4,096 or fewer together (a count of more
  // sorted more than OR-ing planes costs); the planes are read only for the other keys.
  const countable = sql.raw(
    ` and exists (select 1 from hash_sizes s where not s.dense and s.hashes <= ${EXACT_HASHES}${sameKey('s')})`,
  )
  const inexact = sql.raw(` and not exists (select 1 from exact_counts e where true${sameKey('e')})`)
  const label = perDay ? sql`v.day` : sql`${start}::text`
  const labelled = sql.raw(keyTail('v', split ? splitKey[split] : ''))
  return sql`with hash_sizes as (
      select ${sql.raw(keyList('h', keys))}bool_or(h.hashes is null) as dense, sum(cardinality(h.hashes)) as hashes
      from (${pieces('hashes', 'r.hashes')}) h ${groupBy('h')}
    ),
    exact_counts as (
      select ${sql.raw(keyList('h', keys))}count(distinct x.hash)::integer as exact
      from (${pieces('hashes', 'r.hashes', countable)}) h cross join lateral unnest(h.hashes) as x(hash) ${groupBy('h')}
      having count(*) > 0
    )
    select ${label} as label${labelled}, coalesce(max(v.exact), max(v.estimate)) as visitors
    from (
      select ${sql.raw(keyList('e', keys))}e.exact, null::integer as estimate from exact_counts e
      union all
      select ${sql.raw(keyList('c', keys))}null, vod_hll_estimate(array_agg(c.ones order by c.plane))
      from (select ${sql.raw(keyList('z', keys))}z.plane, bit_count(bit_or(z.bits))::integer as ones
        from (${pieces('planes', 'r.plane, r.bits', inexact)}) z group by z.plane${sql.raw(keyTail('z', keys))}) c ${groupBy('c')}
    ) v
    group by 1${sql.raw(keyTail('v', keys))}`
}

/** The quarter-hours from lo to hi (quarter-hours themselves), each labelled by its start (ISO). */
export async function quarterSums(db: Db, lo: Date, hi: Date, scope: Scope): Promise<SumRow[]> {
  return queryRows<SumRow>(
    db,
    sql`select vod_wire(q.bucket) as label, ${sql.raw(summedOf((c) => `q.${c}`))} from rollup_quarters q
      where q.bucket >= ${lo.toISOString()}::timestamptz and q.bucket < ${hi.toISOString()}::timestamptz
        and ${levelOf('q', scope, null)}
      group by q.bucket`,
  )
}
