import { dayIn } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../src/db/client.ts'

/**
 * What the restatement tests share (api/restatements.test.ts, api/economics-restatements.test.ts): months
 * counted back from the one under way in a zone, and the channels and campaign their figures are read by.
 */

/** The first day of the month `back` months before the one under way in `zone`. */
export function monthBefore(zone: string, back: number): string {
  const [year, month] = dayIn(zone).split('-').map(Number) as [number, number]
  return new Date(Date.UTC(year, month - 1 - back, 1)).toISOString().slice(0, 10)
}

/** The id a statement returns. */
export const idOf = async (db: Db, text: string) =>
  (await queryRows<{ id: number }>(db, sql.raw(text)))[0]?.id as number

/** Two channels (`a`, `b`) named after `prefix`, and a campaign of the first. */
export async function twoChannels(db: Db, prefix: string) {
  const a = await idOf(
    db,
    `insert into channels (utm_source, type) values ('${prefix}-a', 'affiliate') returning id`,
  )
  const b = await idOf(
    db,
    `insert into channels (utm_source, type) values ('${prefix}-b', 'social') returning id`,
  )
  const campaign = await idOf(
    db,
    `insert into campaigns (channel_id, name) values (${a}, '${prefix}-1') returning id`,
  )
  return { a, b, campaign }
}
