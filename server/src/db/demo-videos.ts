import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Storage } from '../storage/index.ts'
import type { Db } from './client.ts'
import { demoCover } from './demo-covers.ts'
import { random } from './demo-random.ts'
import { directors, sources, tags, videoDirectors, videos, videoTags } from './schema/index.ts'

export const DEMO_VIDEOS = 300
const COVERS = 12

const adjectives = [
  'Silent',
  'Golden',
  'Midnight',
  'Northern',
  'Hidden',
  'Electric',
  'Quiet',
  'Wild',
  'Last',
  'Blue',
]
const nouns = ['Harbor', 'Garden', 'Train', 'Summer', 'River', 'Letters', 'Kitchen', 'Road', 'City', 'Island']
const chinese = ['夜色', '远方', '城市', '海港', '花园', '列车', '夏天', '河流', '厨房', '岛屿']

/** Stores the demo covers (generated PNGs) and returns their URLs. */
async function storeCovers(storage: Storage): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vod-demo-'))
  try {
    const urls: string[] = []
    for (let i = 0; i < COVERS; i++) {
      const key = `images/demo/cover-${String(i + 1).padStart(2, '0')}.png`
      const file = path.join(dir, `cover-${i}.png`)
      await writeFile(file, demoCover((i * 360) / COVERS))
      await storage.put(key, file, 'image/png')
      urls.push(`/uploads/${key}`)
    }
    return urls
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * A few hundred demo videos with covers, a genre, a model and a studio tag, a director and a source each;
 * most published over the past year. Only into an empty videos table.
 */
export async function seedDemoVideos(db: Db, storage: Storage): Promise<number> {
  if ((await db.select({ id: videos.id }).from(videos).limit(1)).length > 0) return 0
  const allTags = await db.select({ id: tags.id, type: tags.type }).from(tags)
  const byType = (type: string) => allTags.filter((tag) => tag.type === type).map((tag) => tag.id)
  const [genres, models, studios] = [byType('genre'), byType('model'), byType('studio')]
  const directorIds = (await db.select({ id: directors.id }).from(directors)).map((row) => row.id)
  const sourceIds = (await db.select({ id: sources.id }).from(sources)).map((row) => row.id)
  const covers = await storeCovers(storage)
  const next = random(20261122)
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(next() * items.length)]
  const now = Date.now()

  const rows = Array.from({ length: DEMO_VIDEOS }, (_, i) => {
    const published = next() < 0.8
    const title = `${pick(adjectives)} ${pick(nouns)} ${pick(chinese)}`
    return {
      title: `${title} ${i + 1}`,
      serialNumber: `DEMO-${String(i + 1).padStart(4, '0')}`,
      description: `${title}: a demo video.`,
      cover: covers[i % covers.length] as string,
      videoDuration: 600 + Math.floor(next() * 6600),
      views: Math.floor(next() ** 3 * 200_000),
      likes: Math.floor(next() * 5000),
      dislikes: Math.floor(next() * 300),
      isFree: next() < 0.2,
      isMain: next() < 0.05,
      sourceId: pick(sourceIds) ?? null,
      status: published ? ('published' as const) : ('draft' as const),
      publishedAt: published ? new Date(now - Math.floor(next() * 365 * 86_400_000)) : null,
    }
  })
  return db.transaction(async (tx) => {
    const made = await tx.insert(videos).values(rows).returning({ id: videos.id })
    const links = made.flatMap(({ id }) =>
      [pick(genres), pick(models), pick(studios)].flatMap((tagId) => (tagId ? [{ videoId: id, tagId }] : [])),
    )
    if (links.length > 0) await tx.insert(videoTags).values(links)
    const credits = made.flatMap(({ id }) => {
      const directorId = pick(directorIds)
      return directorId ? [{ videoId: id, directorId }] : []
    })
    if (credits.length > 0) await tx.insert(videoDirectors).values(credits)
    return made.length
  })
}
