import { type SQL, sql } from 'drizzle-orm'

/**
 * What members' rows (`before`, `after`: their MRR in cents just before a period starts and ends; `first_at`:
 * their first paying instant) move, summed, for a period starting at `lo` (docs/figures.md "Subscription
 * economics"): the MRR moved, the members joined less those gone, the five movements (contraction and churn
 * negative) and the members each. Named as economics_periods' columns, read by the keeping and the answers.
 */
export function movementSums(lo: SQL): SQL {
  const counted = (condition: SQL) => sql`count(*) filter (where ${condition})`
  const cents = (value: SQL, condition: SQL) => sql`coalesce(sum(${value}) filter (where ${condition}), 0)`
  const isNew = sql`before = 0 and first_at >= ${lo}`
  const isBack = sql`before = 0 and first_at < ${lo}`
  const up = sql`before > 0 and after > before`
  const down = sql`after > 0 and after < before`
  const gone = sql`before > 0 and after = 0`
  return sql`coalesce(sum(after - before), 0) as mrr_moved,
    ${counted(sql`before = 0`)} - ${counted(sql`after = 0`)} as joined,
    ${cents(sql`after`, isNew)} as new_mrr,
    ${cents(sql`after`, isBack)} as reactivation,
    ${cents(sql`after - before`, up)} as expansion,
    ${cents(sql`after - before`, down)} as contraction,
    ${cents(sql`-before`, gone)} as churn,
    ${counted(isNew)} as new_members,
    ${counted(isBack)} as reactivated_members,
    ${counted(up)} as expanded_members,
    ${counted(down)} as contracted_members,
    ${counted(gone)} as churned_members`
}

/** economics_periods' figure columns, in movementSums' order. */
export const PERIOD_FIGURES = [
  'mrr_moved',
  'joined',
  'new_mrr',
  'reactivation',
  'expansion',
  'contraction',
  'churn',
  'new_members',
  'reactivated_members',
  'expanded_members',
  'contracted_members',
  'churned_members',
] as const

/** A period's first instant in a zone (`period` a date, `grain` day, month or year). */
export const periodStart = (zone: string) => sql`period::timestamp at time zone ${zone}`
