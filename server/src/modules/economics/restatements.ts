import { type EconomicsRestatement, economicsRestatedMoney, economicsRestatementFigures } from '@vod/contract'
import { type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import { RESTATEMENTS_MOST } from '../analytics/restatements.ts'
import type { KeptScope } from './kept-movements.ts'

const isMoney = sql`entry.figure in (${sql.join(
  economicsRestatedMoney.map((figure) => sql`${figure}`),
  sql`, `,
)})`

/** A value as the wire has it: cents as two places for money, an integer for a count. */
const exact = (value: SQL) =>
  sql`case when ${isMoney} then (${value} / 100)::numeric(40, 2)::text else ${value}::text end`

/** The scope an entry is of, as the wire's channel, campaign and plan (all: none of them). */
const idOf = (kind: string) => sql`case when entry.scope_kind = ${kind} then entry.scope_id end`

/**
 * The restatements of subscription economics of the months `from` to `to` (their first days) in the kept
 * scopes, the newest first, each with the values before and after it noted with it. Only the figures a caller
 * may read (`figures`).
 */
export async function economicsRestatementsOf(
  db: Db,
  months: { from: string; to: string },
  scopes: KeptScope[],
  figures: readonly string[],
): Promise<EconomicsRestatement[]> {
  const list = (values: readonly (string | number)[]) => `{${values.join(',')}}`
  return queryRows<EconomicsRestatement>(
    db,
    sql`select entry.figure, case when ${isMoney} then 'money' else 'count' end as unit, entry.month::text as month,
        entry.cohort::text as cohort,
        ${idOf('channel')} as channel_id, ${idOf('campaign')} as campaign_id, ${idOf('plan')} as plan_id,
        entry.source, vod_wire(entry.noted_at) as noted_at, ${exact(sql`entry.before`)} as before,
        ${exact(sql`entry.after`)} as after, ${exact(sql`(entry.after - entry.before)`)} as change
      from economics_restatements entry
        join unnest(${list(scopes.map((scope) => scope.kind))}::text[],
          ${list(scopes.map((scope) => scope.id))}::integer[]) as wanted (scope_kind, scope_id)
          using (scope_kind, scope_id)
      where entry.month between ${months.from}::date and ${months.to}::date
        and entry.figure = any (${list(figures)}::text[])
        -- A minute's changes that cancel out (two steps of that minute, one undoing the other) restated nothing.
        and entry.after <> entry.before
        -- A cohort before year 1 (a first payment the member site dated so) is one no period can ask for.
        and (entry.cohort is null or entry.cohort >= date '0001-01-01')
      order by entry.noted_at desc, entry.source desc, entry.month, entry.cohort nulls first, entry.figure,
        entry.scope_kind, entry.scope_id
      limit ${RESTATEMENTS_MOST}`,
  )
}

/** Every figure a restatement may name, for a caller who may read MRR or not (`mrrShown`). */
export const economicsFiguresFor = (mrrShown: boolean): readonly string[] =>
  economicsRestatementFigures.filter((figure) => mrrShown || !economicsRestatedMoney.includes(figure))
