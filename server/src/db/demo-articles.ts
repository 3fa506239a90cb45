import { articleStatuses, articleTypes } from '@vod/contract'
import type { Db } from './client.ts'
import { picker, random } from './demo-random.ts'
import { articles } from './schema/index.ts'

export const DEMO_ARTICLES = 40
const DAY = 86_400_000

const subjects = [
  'A season of new documentaries',
  'How subtitles are made',
  'Behind the cover art',
  'Five films for a rainy weekend',
  'The making of a trailer',
  '本周推荐：纪录片精选',
  'Studio notes from Lisbon',
  '如何为影片配字幕',
  'What members watched most',
  'A short history of film noir',
]
const authors = ['Ava Lindqvist', 'Kenji Mori', 'Isabel Ferreira', '陈静', 'Grace Okafor']

/**
 * The articles behind the table and example demo pages: the same forty on every fresh database (a seeded
 * sequence, dates counted back from a fixed day), added only while the table is empty.
 */
export async function seedDemoArticles(db: Db): Promise<number> {
  if ((await db.select({ id: articles.id }).from(articles).limit(1)).length > 0) return 0
  const next = random(20261122)
  const pick = picker(next)
  const start = Date.parse('2026-11-20T08:00:00Z')
  const rows = Array.from({ length: DEMO_ARTICLES }, (_, i) => {
    const title = `${subjects[i % subjects.length]} ${Math.floor(i / subjects.length) + 1}`
    return {
      title,
      author: pick(authors),
      summary: `A few lines about “${title}”.`,
      content: `<h2>${title}</h2><p>An article written for the demo pages. 中文内容也能正常显示。</p>`,
      type: pick(articleTypes),
      importance: 1 + Math.floor(next() * 3),
      status: pick(articleStatuses),
      displayTime: new Date(start - i * DAY - Math.floor(next() * DAY)),
      commentDisabled: next() < 0.2,
      pageviews: Math.floor(next() * 5000),
    }
  })
  return (await db.insert(articles).values(rows).returning({ id: articles.id })).length
}
