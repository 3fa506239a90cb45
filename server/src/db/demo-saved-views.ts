import { asc } from 'drizzle-orm'
import type { Db } from './client.ts'
import { admins, savedViews } from './schema/index.ts'

/**
 * Demo saved views, kept by the first admin and shared with everyone, so every list's "Views" has one to open
 * (and every resource a record to show). None without an admin to own them.
 */
export async function seedDemoSavedViews(db: Db): Promise<number> {
  if ((await db.select({ id: savedViews.id }).from(savedViews).limit(1)).length) return 0
  const [owner] = await db.select({ id: admins.id }).from(admins).orderBy(asc(admins.id)).limit(1)
  if (!owner) return 0
  const made = await db
    .insert(savedViews)
    .values([
      {
        name: 'Genres by name',
        list: 'tags',
        query: 'type=genre&sort=name',
        shared: 'everyone',
        ownerAdminId: owner.id,
      },
      {
        name: 'Newest first, 50 a page',
        list: 'orders',
        query: 'sort=-id&per_page=50',
        shared: 'everyone',
        ownerAdminId: owner.id,
      },
    ])
    .returning({ id: savedViews.id })
  return made.length
}
