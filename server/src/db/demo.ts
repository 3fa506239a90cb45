import type { TagType } from '@vod/contract'
import { eq } from 'drizzle-orm'
import type { Storage } from '../storage/index.ts'
import type { Db } from './client.ts'
import { seedDemoAnalytics } from './demo-analytics.ts'
import { seedDemoArticles } from './demo-articles.ts'
import { seedDemoCommerce } from './demo-commerce.ts'
import { seedDemoCommunity } from './demo-community.ts'
import { seedDemoMerchandising } from './demo-merchandising.ts'
import { seedDemoSavedViews } from './demo-saved-views.ts'
import { seedDemoScheduledChanges } from './demo-scheduled-changes.ts'
import { seedDemoVideos } from './demo-videos.ts'
import { directors, posts, seos, sites, sources, tagCategories, tags } from './schema/index.ts'

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

const demoDirectors = [
  'Ava Lindqvist',
  'Kenji Mori',
  'Isabel Ferreira',
  'Tomasz Nowak',
  'Grace Okafor',
  'Chen Jing',
  'Mateo Ruiz',
  'Hannah Weiss',
]

/** Tag categories, and the demo tags filed under each (the rest are in none). */
const demoCategories: [string, string[]][] = [
  [
    'Film & TV',
    ['Drama', 'Comedy', 'Documentary', 'Thriller', 'Romance', 'Action', 'Animation', 'Science Fiction'],
  ],
  ['Lifestyle', ['Travel', 'Cooking', 'Fitness', 'Music']],
  ['Talent', demoTags.model],
  ['Partners', demoTags.studio],
]

/** Sources with the genre they are filed under (by the genre tag's name). */
const demoSources: [string, string][] = [
  ['Northlight catalogue', 'Drama'],
  ['Harbor documentaries', 'Documentary'],
  ['Reel comedy feed', 'Comedy'],
  ['Lantern animation', 'Animation'],
  ['Kitchen channel', 'Cooking'],
]

const demoSites = [
  { name: 'Main site', domain: 'videos.example.com', status: 'enabled' as const },
  { name: 'Preview mirror', domain: 'preview.example.com', status: 'disabled' as const },
]

const demoPosts = [
  {
    title: 'New this week 本周新片',
    description: 'Twelve new titles, from documentaries to comedy.',
    content:
      '<h2>New this week</h2><p>Twelve new titles arrive, from <strong>documentaries</strong> to comedy.</p>',
    status: 'published' as const,
    publishedAt: new Date('2026-11-16T09:00:00Z'),
    isSticky: true,
  },
  {
    title: 'Behind the scenes',
    content: '<p>A draft about how a film is made.</p>',
    status: 'draft' as const,
  },
]

const demoSeos = [
  { title: 'Watch films and series online', description: 'Thousands of titles, new every week.', page: '/' },
  { title: 'All videos', description: 'Browse every video by genre, studio or model.', page: '/videos' },
]

/** Whether a table has no row yet: demo data only ever goes into empty tables, so real data is never touched. */
const isEmpty = async (
  db: Db,
  table:
    | typeof tagCategories
    | typeof tags
    | typeof directors
    | typeof sources
    | typeof sites
    | typeof seos
    | typeof posts,
) => (await db.select({ id: table.id }).from(table).limit(1)).length === 0

/**
 * Demo tags, directors, sources, sites, SEO entries, videos (covers go to `storage`), and members with their
 * plans, channels, subscriptions and orders, for a first look at the product; returns the rows added.
 */
export async function seedDemoData(db: Db, storage: Storage): Promise<number> {
  let added = 0
  const categoryOf = new Map<string, number>()
  if (await isEmpty(db, tagCategories)) {
    const rows = demoCategories.map(([name], sort) => ({ name, sort }))
    const made = await db.insert(tagCategories).values(rows).returning()
    added += made.length
    for (const [name, tagNames] of demoCategories) {
      const id = made.find((category) => category.name === name)?.id
      for (const tag of tagNames) if (id !== undefined) categoryOf.set(tag, id)
    }
  }
  if (await isEmpty(db, tags)) {
    const rows = Object.entries(demoTags).flatMap(([type, names]) =>
      names.map((name) => ({ name, type: type as TagType, categoryId: categoryOf.get(name) ?? null })),
    )
    added += (await db.insert(tags).values(rows).onConflictDoNothing().returning({ id: tags.id })).length
  }
  if (await isEmpty(db, directors))
    added += (
      await db
        .insert(directors)
        .values(demoDirectors.map((name) => ({ name })))
        .returning()
    ).length
  if (await isEmpty(db, sources)) {
    const genres = await db.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.type, 'genre'))
    const genreId = new Map(genres.map((genre) => [genre.name, genre.id]))
    const rows = demoSources.map(([name, genre]) => ({ name, genreId: genreId.get(genre) ?? null }))
    added += (await db.insert(sources).values(rows).returning()).length
  }
  if (await isEmpty(db, sites)) added += (await db.insert(sites).values(demoSites).returning()).length
  if (await isEmpty(db, seos)) added += (await db.insert(seos).values(demoSeos).returning()).length
  if (await isEmpty(db, posts)) added += (await db.insert(posts).values(demoPosts).returning()).length
  added += await seedDemoVideos(db, storage)
  added += await seedDemoCommerce(db)
  added += await seedDemoAnalytics(db)
  added += await seedDemoArticles(db)
  added += await seedDemoMerchandising(db)
  added += await seedDemoCommunity(db)
  added += await seedDemoSavedViews(db)
  added += await seedDemoScheduledChanges(db)
  return added
}
