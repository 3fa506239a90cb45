import { keptFigures, type Restatement } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import { columnOf, listOf, moneySumType } from './sql-parts.ts'

/** An array parameter as PostgreSQL's text of one (both drivers take it): ids and the registry's names only. */
const arrayOf = (values: readonly (number | string)[]) => `{${values.join(',')}}`

/** The first month still open of `zone` where months are closed in it (null: none closed in that zone yet). */
export async function firstOpenMonth(db: Db, zone: string): Promise<string | null> {
  const [row] = await queryRows<{ month: string | null }>(
    db,
    sql`select split_part(value, ' ', 1) as month from app_settings
      where key = 'figures_closed_before' and split_part(value, ' ', 2) = ${zone}`,
  )
  return row?.month ?? null
}

/** The most entries an answer holds, the newest first. */
export const RESTATEMENTS_MOST = 1000

/** Which rollup_months levels an answer reads (channel, campaign, plan: -1 for "all" in that dimension). */
export interface Levels {
  channels: number[]
  campaigns: number[]
  plans: number[]
}

/**
 * The levels the caller's scope and filters name: one channel's, campaign's or plan's, a plan's within each
 * channel the caller sees, or everything (all channels) or each channel of theirs.
 */
export function levelsOf(
  channels: number[] | null,
  filters: { campaign?: { id: number; channel: number }; planId?: number },
): Levels {
  const { campaign, planId = -1 } = filters
  if (campaign) return { channels: [campaign.channel], campaigns: [campaign.id], plans: [-1] }
  const chosen = channels ?? [-1]
  return { channels: chosen, campaigns: chosen.map(() => -1), plans: chosen.map(() => planId) }
}

/** A kept figure's current value of a month at a level (rollup_months' row `kept`), by the entry's figure. */
const keptValue = sql`case ${sql.identifier('noted')}.${sql.identifier('figure')} ${sql.join(
  keptFigures.map((figure) => sql`when ${figure.name} then ${columnOf('kept', figure.column)}::numeric`),
  sql` `,
)} end`

const isMoney = sql`${sql.identifier('noted')}.${sql.identifier('figure')} in (${listOf(
  keptFigures.filter((figure) => figure.unit === 'money').map((figure) => sql`${figure.name}`),
)})`

/** A value as the wire has it: two places for money, an integer for a count. */
const exact = (value: string) =>
  sql`case when ${isMoney} then (${sql.identifier('value')}.${sql.identifier(value)})::${moneySumType}::text
    else (${sql.identifier('value')}.${sql.identifier(value)})::bigint::text end`

/**
 * The restatements of the months `from` to `to` (their first days) at the levels, the newest first: each
 * entry's value after it is the month's figure now less every entry of that figure, month and level noted
 * after it, and before it that less its own change. Only the figures a caller may read (`figures`).
 */
export async function restatementsOf(
  db: Db,
  months: { from: string; to: string },
  levels: Levels,
  figures: string[],
): Promise<Restatement[]> {
  const rows = await queryRows<Restatement>(
    db,
    sql`with wanted as (
        select * from unnest(${arrayOf(levels.channels)}::integer[], ${arrayOf(levels.campaigns)}::integer[],
          ${arrayOf(levels.plans)}::integer[])
          as level (channel_id, campaign_id, plan_id)),
      noted as (
        select entry.*, coalesce(sum(entry.change) over (
            partition by entry.month, entry.channel_id, entry.campaign_id, entry.plan_id, entry.figure
            order by entry.noted_at desc rows between unbounded preceding and 1 preceding), 0) as later
        from figure_restatements entry join wanted using (channel_id, campaign_id, plan_id)
        where entry.device = '*' and entry.month between ${months.from}::date and ${months.to}::date
          and entry.change <> 0 and entry.figure = any (${arrayOf(figures)}::text[]))
      select noted.figure, case when ${isMoney} then 'money' else 'count' end as unit, noted.month::text as month,
        nullif(noted.channel_id, -1) as channel_id, nullif(noted.campaign_id, -1) as campaign_id,
        nullif(noted.plan_id, -1) as plan_id, noted.source, vod_wire(noted.noted_at) as noted_at,
        ${exact('before')} as before, ${exact('after')} as after, ${exact('change')} as change
      from noted left join rollup_months kept using (channel_id, campaign_id, plan_id, device, month)
      cross join lateral (select coalesce(${keptValue}, 0) - noted.later as after,
        coalesce(${keptValue}, 0) - noted.later - noted.change as before, noted.change) value
      order by noted.noted_at desc, noted.month, noted.figure, noted.channel_id, noted.campaign_id, noted.plan_id
      limit ${RESTATEMENTS_MOST}`,
  )
  return rows
}
