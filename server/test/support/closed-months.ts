import { dayIn } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../src/db/client.ts'
import type { TestApp } from './harness.ts'

/**
 * What the restatement tests share (api/restatements.test.ts, api/economics-restatements.test.ts): months
 * counted back from the one under way in a zone, the channels and campaign their figures are read by, and the
 * channel admin and narrowed role who read them.
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

/** An admin who may read the company revenue, of one channel only. */
export async function channelAdmin(t: TestApp, channel: number) {
  const admin = await t.createAdmin(['list-daily-revenue'])
  await t.db.execute(
    sql.raw(`insert into channel_admins (channel_id, admin_id) values (${channel}, ${admin.id})`),
  )
  return admin
}

/** Sets the field rules of an admin's own role, through the API as the super-admin (`token`). */
export async function narrowRole(t: TestApp, token: string, adminId: number, fieldRules: object) {
  const [role] = await queryRows<{ id: number }>(
    t.db,
    sql.raw(`select role_id as id from admin_roles where admin_id = ${adminId}`),
  )
  return t.request(`/api/roles/${role?.id}`, { method: 'PUT', token, body: { field_rules: fieldRules } })
}
