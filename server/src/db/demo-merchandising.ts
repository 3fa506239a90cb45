import { advertisementSlotNames } from '@vod/contract'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from './client.ts'
import {
  advertisements,
  banners,
  blocks,
  blockVideos,
  informations,
  questions,
  videos,
} from './schema/index.ts'

const COVER = (n: number) => `/uploads/images/demo/cover-${String(n).padStart(2, '0')}.png`
const DAY = 86_400_000

/** What the demo slots show; a slot someone has renamed already is left alone. */
const demoAds = {
  home_top: {
    name: 'Spring plans 春季套餐',
    image: COVER(3),
    link: 'https://example.com/plans',
    ctaPosition: 'right',
  },
  home_middle: {
    name: 'Studio spotlight',
    image: COVER(7),
    link: 'https://example.com/studios',
    ctaPosition: 'center',
  },
  video_sidebar: {
    name: 'Gift a membership',
    image: COVER(9),
    link: 'mailto:gifts@example.com',
    ctaPosition: 'left',
  },
} as const

const demoInformations = [
  {
    type: 'about' as const,
    title: 'About us 关于我们',
    content:
      '<h2>About us</h2><p>Films and series from independent studios, new <strong>every week</strong>.</p>',
  },
  {
    type: 'terms' as const,
    title: 'Terms of use',
    content:
      '<h2>Terms of use</h2><ol><li><p>One membership per person.</p></li><li><p>Cancel any time.</p></li></ol>',
  },
  {
    type: 'privacy' as const,
    title: 'Privacy policy',
    content:
      '<h2>Privacy</h2><p>We keep what your membership needs. Write to <a href="mailto:privacy@example.com">privacy@example.com</a>.</p>',
  },
]

const demoQuestions: [question: string, answer: string][] = [
  [
    'How do I cancel my membership?',
    'Open Account, then Membership, and choose Cancel. You keep access to the end of the period.',
  ],
  ['Which devices can I watch on?', 'Any modern browser, on a computer, a tablet or a phone.'],
  ['Can I download videos?', 'Plans marked “downloadable” let you keep videos for offline viewing.'],
  ['如何修改绑定的邮箱？', '在“账户设置”中修改邮箱，并点击验证邮件中的链接。'],
  ['Are there free videos?', 'Yes: videos marked Free can be watched without a membership.'],
]

/** Ids of demo videos: the newest published ones, or the free ones. */
async function videoIds(db: Db, free: boolean, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.status, 'published'), free ? eq(videos.isFree, true) : undefined))
    .orderBy(desc(videos.publishedAt), desc(videos.id))
    .limit(limit)
  return rows.map((row) => row.id)
}

/**
 * The member site's merchandising for a first look: a home page of blocks (two rows of ordered videos, an
 * advertisement, an image), a block on the videos page, banners (one expired), the ad slots filled in,
 * information pages and the FAQ. Each table only while it is empty (the ad slots while unnamed).
 */
export async function seedDemoMerchandising(db: Db): Promise<number> {
  let added = 0
  for (const [position, ad] of Object.entries(demoAds))
    added += (
      await db
        .update(advertisements)
        .set(ad)
        .where(
          and(
            eq(advertisements.position, position as keyof typeof demoAds),
            // Unnamed: as bootstrap made it (a database made before it named slots has the code).
            inArray(advertisements.name, [
              position,
              advertisementSlotNames[position as keyof typeof demoAds],
            ]),
          ),
        )
        .returning({ id: advertisements.id })
    ).length

  if ((await db.select({ id: blocks.id }).from(blocks).limit(1)).length === 0) {
    const [middle] = await db
      .select({ id: advertisements.id })
      .from(advertisements)
      .where(eq(advertisements.position, 'home_middle'))
    const made = await db
      .insert(blocks)
      .values([
        {
          title: 'New this week 本周新片',
          description: 'The latest releases, in the order we pick.',
          sort: 10,
          isBox: true,
        },
        { title: 'Free to watch', description: 'No membership needed.', sort: 20 },
        { title: 'Sponsored', type: 'advertisement' as const, sort: 30, advertisementId: middle?.id ?? null },
        {
          title: 'Join today',
          type: 'image' as const,
          sort: 40,
          image: COVER(1),
          mobileImage: COVER(2),
          link: 'https://example.com/join',
        },
        { title: 'Editors’ picks', page: 'videos' as const, sort: 10, isBox: true },
      ])
      .returning({ id: blocks.id })
    added += made.length
    const [latest, free, , , picks] = made.map((block) => block.id)
    const links = (blockId: number | undefined, ids: number[], styled = false) =>
      blockId === undefined
        ? []
        : ids.map((videoId, i) => ({
            blockId,
            videoId,
            position: i + 1,
            isPopular: styled && i < 2,
            name: styled && i === 0 ? 'Tonight’s premiere 今晚首映' : null,
            gender: styled && i === 3 ? ('female' as const) : ('all' as const),
          }))
    const rows = [
      ...links(latest, await videoIds(db, false, 8), true),
      ...links(free, await videoIds(db, true, 6)),
      ...links(picks, (await videoIds(db, false, 16)).slice(8)),
    ]
    if (rows.length > 0) added += (await db.insert(blockVideos).values(rows).returning()).length
  }

  if ((await db.select({ id: banners.id }).from(banners).limit(1)).length === 0) {
    const now = Date.now()
    added += (
      await db
        .insert(banners)
        .values([
          {
            position: 'home_hero' as const,
            name: 'Winter season',
            title: 'The winter season is here',
            subtitle: 'Twelve new series',
            cta: 'Watch now',
            image: COVER(4),
            mobileImage: COVER(5),
            link: 'https://example.com/winter',
            sort: 1,
            clicks: 1280,
            expiredAt: new Date(now + 60 * DAY),
          },
          {
            position: 'home_middle' as const,
            name: 'Call us',
            title: 'Questions about plans?',
            cta: 'Call',
            image: COVER(6),
            link: 'tel:+1-555-0100',
            sort: 2,
            clicks: 42,
          },
          {
            position: 'videos_top' as const,
            name: 'Autumn sale',
            title: 'Half price, autumn only',
            cta: 'Join',
            image: COVER(8),
            link: 'https://example.com/autumn',
            sort: 1,
            clicks: 3021,
            expiredAt: new Date(now - 20 * DAY),
          },
        ])
        .returning()
    ).length
  }

  if ((await db.select({ id: informations.id }).from(informations).limit(1)).length === 0)
    added += (await db.insert(informations).values(demoInformations).returning()).length

  if ((await db.select({ id: questions.id }).from(questions).limit(1)).length === 0)
    added += (
      await db
        .insert(questions)
        .values(demoQuestions.map(([question, answer], i) => ({ question, answer, sort: (i + 1) * 10 })))
        .returning()
    ).length
  return added
}
