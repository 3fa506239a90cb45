import { addDays, dayCount, monthOf, nextMonth } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import { fromCents } from '../../lib/money.ts'
import { movementSums, PERIOD_FIGURES } from './kept-sums.ts'
import type { Filters } from './paying.ts'
import { type Days, type MovementRow, monthsIn, type RowsAsked } from './ranges.ts'

/** A scope the keeping keeps (economics_periods' scope_kind and scope_id). */
export interface KeptScope {
  kind: 'all' | 'channel' | 'campaign' | 'plan'
  id: number
}

/**
 * The kept scope a call's filters ask for: the whole business, one channel (a channel admin's only channel,
 * or the one asked), one campaign or one plan. Any other (several channels, or two filters at once) is
 * classified over a scope nothing keeps: null, computed from the rows.
 */
export function keptScopeOf({ scope, campaignId, planId }: Filters): KeptScope | null {
  const channels = scope.channels
  const asked = [channels !== null, campaignId !== undefined, planId !== undefined].filter(Boolean).length
  if (asked > 1) return null
  if (channels)
    return channels.length === 1 && channels[0] !== undefined ? { kind: 'channel', id: channels[0] } : null
  if (campaignId !== undefined) return { kind: 'campaign', id: campaignId }
  if (planId !== undefined) return { kind: 'plan', id: planId }
  return { kind: 'all', id: -1 }
}

/** Whether the keeping has every member worked out in `zone`, and the database keeps its figures at all. */
export async function keptIn(db: Db, zone: string): Promise<boolean> {
  const [kept] = await queryRows<{ ok: boolean }>(
    db,
    sql`select coalesce(bool_and(built and zone = ${zone}), false)
        and not exists (select 1 from app_settings where key = 'figures_unkept') as ok
      from economics_kept`,
  )
  return kept?.ok ?? false
}

/** The kept grain a period is exactly (a business day, month or year), or null. */
function grainOf({ first, last }: Days): 'day' | 'month' | 'year' | null {
  if (first === last) return 'day'
  if (first === monthOf(first) && addDays(last, 1) === nextMonth(first)) return 'month'
  if (first.endsWith('-01-01') && last === `${first.slice(0, 4)}-12-31`) return 'year'
  return null
}

type Sums = Record<(typeof PERIOD_FIGURES)[number], bigint>

const figuresText = sql.join(
  PERIOD_FIGURES.map((column) => sql`${sql.identifier(column)}::text as ${sql.identifier(column)}`),
  sql`, `,
)

const sumsOf = (row: Record<string, string> | undefined): Sums =>
  Object.fromEntries(PERIOD_FIGURES.map((column) => [column, BigInt(row?.[column] ?? 0)])) as Sums

const inScope = ({ kind, id }: KeptScope) => sql`scope_kind = ${kind} and scope_id = ${id}`

/**
 * A period that is not one kept: from the members' day rows in it (read from the index alone), each member
 * classified from their first row's `before` to their last's `after`, found by min and max of [day, value]
 * (arrays compare element by element) in one hashed pass rather than a sort.
 */
async function periodFromMembers(db: Db, zone: string, scope: KeptScope, { first, last }: Days) {
  const day = sql`(period - date '2000-01-01')::bigint`
  const [row] = await queryRows<Record<string, string>>(
    db,
    sql`with moved as (
      select user_id, (min(array[${day}, before]))[2] as before, (max(array[${day}, after]))[2] as after,
        min(first_at) as first_at
      from economics_member_periods
      where ${inScope(scope)} and grain = 'day' and period between ${first}::date and ${last}::date
      group by user_id
    ),
    summed as (
      select ${movementSums(sql`${first}::date::timestamp at time zone ${zone}`)} from moved where before <> after
    )
    select ${figuresText} from summed`,
  )
  return sumsOf(row)
}

/** The kept rows of periods that are one kept each, by grain and first day (`month:2026-03-01`). */
async function keptPeriods(db: Db, scope: KeptScope, periods: { first: string; grain: string }[]) {
  if (periods.length === 0) return new Map<string, Sums>()
  const firsts = `{${periods.map((period) => period.first).join(',')}}`
  const grains = `{${periods.map((period) => period.grain).join(',')}}`
  const rows = await queryRows<Record<string, string>>(
    db,
    sql`select asked.grain || ':' || asked.first_day::text as period, ${figuresText}
      from unnest(${firsts}::date[], ${grains}::text[]) as asked(first_day, grain)
      join economics_periods kept on ${inScope(scope)} and kept.grain = asked.grain and kept.period = asked.first_day`,
  )
  return new Map(rows.map((row) => [row.period as string, sumsOf(row)]))
}

/** What the scope's MRR and paying members were just before `start`: every day's moves before it. */
async function openingOf(db: Db, scope: KeptScope, start: string) {
  const [row] = await queryRows<{ mrr: string; members: string }>(
    db,
    sql`select coalesce(sum(mrr_moved), 0)::text as mrr, coalesce(sum(joined), 0)::text as members
      from economics_periods where ${inScope(scope)} and grain = 'day' and period < ${start}::date`,
  )
  return { mrr: BigInt(row?.mrr ?? 0), members: BigInt(row?.members ?? 0) }
}

/** A period's row as the raw answer gives it (movements.ts), from its sums and its opening. */
function rowOf(period: Days, sums: Sums, opening: { mrr: bigint; members: bigint }): MovementRow {
  const count = (value: bigint) => Number(value)
  return {
    kind: 'row',
    start_date: period.first,
    end_date: period.last,
    opening_mrr: fromCents(opening.mrr),
    new: fromCents(sums.new_mrr),
    reactivation: fromCents(sums.reactivation),
    expansion: fromCents(sums.expansion),
    contraction: fromCents(sums.contraction),
    churn: fromCents(sums.churn),
    closing_mrr: fromCents(opening.mrr + sums.mrr_moved),
    opening_members: count(opening.members),
    new_members: count(sums.new_members),
    reactivated_members: count(sums.reactivated_members),
    expanded_members: count(sums.expanded_members),
    contracted_members: count(sums.contracted_members),
    churned_members: count(sums.churned_members),
    closing_members: count(opening.members + sums.joined),
  }
}

/**
 * The movements of each day or month of a range and of the whole range, as movementsSql answers them, from
 * what the keeping keeps (keeping.ts): a day, whole month or whole year from its kept sums, any other period
 * (a month cut by the range, the range itself) from its members' day rows, the opening from every day's moves
 * before the range.
 */
export async function keptMovements(
  db: Db,
  zone: string,
  { start, end, by, totals }: RowsAsked,
  scope: KeptScope,
): Promise<MovementRow[]> {
  const rows: Days[] =
    by === 'month'
      ? monthsIn(start, end)
      : Array.from({ length: dayCount(start, end) }, (_, at) => ({
          first: addDays(start, at),
          last: addDays(start, at),
        }))
  const whole = { first: start, last: end }
  const periods = totals ? [...rows, whole] : rows
  const kept = await keptPeriods(
    db,
    scope,
    periods.flatMap((period) => {
      const grain = grainOf(period)
      return grain ? [{ first: period.first, grain }] : []
    }),
  )
  // A kept period without a row moved nothing.
  const sumsFor = async (period: Days) => {
    const grain = grainOf(period)
    if (!grain) return periodFromMembers(db, zone, scope, period)
    return kept.get(`${grain}:${period.first}`) ?? sumsOf(undefined)
  }
  const opening = await openingOf(db, scope, start)
  const answered: MovementRow[] = []
  let at = opening
  for (const period of rows) {
    const sums = await sumsFor(period)
    answered.push(rowOf(period, sums, at))
    at = { mrr: at.mrr + sums.mrr_moved, members: at.members + sums.joined }
  }
  if (totals) answered.push({ ...rowOf(whole, await sumsFor(whole), opening), kind: 'total' })
  return answered
}
