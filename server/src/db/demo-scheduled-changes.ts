import { asc, eq } from 'drizzle-orm'
import type { Db } from './client.ts'
import { admins, scheduledChanges, videos } from './schema/index.ts'

const WEEK_MS = 7 * 86_400_000

/**
 * A demo change scheduled ahead: the first published video taken down a week after the demo data was made,
 * by the first admin, so the Scheduled screen and a video's page have one to show (and the resource a record).
 */
export async function seedDemoScheduledChanges(db: Db): Promise<number> {
  if ((await db.select({ id: scheduledChanges.id }).from(scheduledChanges).limit(1)).length) return 0
  const [owner] = await db.select({ id: admins.id }).from(admins).orderBy(asc(admins.id)).limit(1)
  const [video] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(eq(videos.status, 'published'))
    .orderBy(asc(videos.id))
    .limit(1)
  if (!owner || !video) return 0
  const made = await db
    .insert(scheduledChanges)
    .values({
      resource: 'videos',
      recordId: video.id,
      action: 'take_down',
      runAt: new Date(Date.now() + WEEK_MS),
      reason: 'Licence window ends',
      createdBy: owner.id,
    })
    .returning({ id: scheduledChanges.id })
  return made.length
}
