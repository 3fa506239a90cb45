import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { appSettings } from '../db/schema/index.ts'

const key = 'jwt_secret'

/**
 * The token signing key: JWT_SECRET when set, otherwise one generated on the first start and kept in the
 * database, so it survives restarts and every process sharing the database signs and checks alike.
 */
export async function resolveTokenSecret(db: Db, configured: string | null): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured)
  // Insert-if-absent then read: processes starting together all end up with the first one's value.
  await db
    .insert(appSettings)
    .values({ key, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key))
  if (!row) throw new Error('The token secret could not be stored in app_settings.')
  return new TextEncoder().encode(row.value)
}
