import type { TagType } from '@vod/contract'
import type { Db } from './client.ts'
import { tags } from './schema/index.ts'

const demoTags: Record<TagType, string[]> = {
  genre: [
    'Drama',
    'Comedy',
    'Documentary',
    'Thriller',
    'Romance',
    'Action',
    'Animation',
    'Science Fiction',
    'Travel',
    'Cooking',
    'Fitness',
    'Music',
  ],
  model: [
    'Amelia Hart',
    'Noah Bennett',
    'Chloe Laurent',
    'Lucas Moreno',
    'Sofia Rossi',
    'Ethan Clarke',
    'Mia Schneider',
    'Liam O’Connor',
    'Yuna Takahashi',
  ],
  studio: [
    'Northlight Pictures',
    'Blue Harbor Studios',
    'Silver Reel Media',
    'Redwood Films',
    'Lantern House',
    'Meridian Productions',
    'Quiet Hour Studio',
    'Atlas Frame',
    'Golden Coast Media',
  ],
}

/** Demo tags for a first look at the product; only into an empty table, so real data is never touched. */
export async function seedDemoData(db: Db): Promise<number> {
  const [existing] = await db.select({ id: tags.id }).from(tags).limit(1)
  if (existing) return 0
  const rows = Object.entries(demoTags).flatMap(([type, names]) =>
    names.map((name) => ({ name, type: type as TagType })),
  )
  const inserted = await db.insert(tags).values(rows).onConflictDoNothing().returning({ id: tags.id })
  return inserted.length
}
