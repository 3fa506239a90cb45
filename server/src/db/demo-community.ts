import type { SupportStatus, SupportType } from '@vod/contract'
import { asc } from 'drizzle-orm'
import type { Db } from './client.ts'
import { picker, random } from './demo-random.ts'
import { commentReports, comments, cooperations, supports, users, videos } from './schema/index.ts'

const remarks = [
  'Loved the ending, the music carried it.',
  'Too slow in the middle for me.',
  '画面很美，推荐！',
  'Does anyone know where this was filmed?',
  'The subtitles are out of sync after 40 minutes.',
  'Best episode of the season.',
  'Buy cheap followers at spam.example',
  'This is the worst thing I have ever seen, the actors should quit.',
]
const reasons = ['Spam', 'Offensive', 'Spoiler', 'Harassment']

const tickets: [SupportType, string, string][] = [
  ['billing', 'Charged twice this month', 'My card was charged twice on the 3rd. Please refund one.'],
  ['account', 'Cannot reset my password', 'The reset e-mail never arrives.'],
  ['technical', 'Video stops at 12 minutes', 'Night Train stops playing at 12:03 on my TV.'],
  ['content', 'Request: more documentaries', 'Could you add more nature documentaries?'],
  ['billing', 'Cancel my subscription', 'Please cancel before the next renewal.'],
  ['other', 'Partnership question', 'Who should I talk to about a school licence?'],
  ['technical', 'No sound on Safari', 'Sound is missing in Safari 18.'],
  ['account', 'Change my e-mail', 'I would like to use a new address.'],
]

const requests = [
  ['Distribution of our catalogue', 'Blue Fern Studio', 'licensing@bluefern.example', '+44 20 7946 0000'],
  ['Co-production proposal', 'Harbor Docs', 'hello@harbordocs.example', null],
  ['Affiliate programme', 'StreamDeals', 'partners@streamdeals.example', '+1 415 555 0100'],
  ['Music licensing', 'Quiet Hour Records', 'sync@quiethour.example', null],
  ['Festival screening', 'Lantern Film Festival', 'program@lantern.example', '+33 1 70 36 00 00'],
  ['Advertising on the home page', 'Atlas Ads', 'media@atlasads.example', null],
] as const

/** Every state of the queues, in turn: open ones first, as a support agent meets them. */
const states: { status: SupportStatus; archivedFrom: SupportStatus | null }[] = [
  { status: 'open', archivedFrom: null },
  { status: 'open', archivedFrom: null },
  { status: 'solved', archivedFrom: null },
  { status: 'archived', archivedFrom: 'open' },
  { status: 'archived', archivedFrom: 'solved' },
]

/**
 * Comments on the demo videos by the demo members (a few reported, pending, banned or rejected), a queue of
 * support tickets and of cooperation requests in every state. Only into empty tables, after the videos and
 * members; deterministic.
 */
export async function seedDemoCommunity(db: Db): Promise<number> {
  const next = random(20261124)
  const pick = picker(next)
  let added = 0
  const members = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .orderBy(asc(users.id))
    .limit(40)
  const films = await db.select({ id: videos.id }).from(videos).orderBy(asc(videos.id)).limit(30)

  if (
    members.length > 0 &&
    films.length > 0 &&
    (await db.select({ id: comments.id }).from(comments).limit(1)).length === 0
  ) {
    const rows = Array.from({ length: 120 }, (_, i) => {
      const offensive = i % 10 === 0
      const reported = offensive || i % 7 === 0
      const reportStatus = !reported ? 'none' : i % 3 === 0 ? 'pending' : i % 3 === 1 ? 'banned' : 'rejected'
      return {
        userId: pick(members).id,
        videoId: pick(films).id,
        comment: offensive ? (pick(remarks.slice(6)) as string) : (pick(remarks.slice(0, 6)) as string),
        likesCount: Math.floor(next() * 50),
        status:
          reportStatus === 'banned'
            ? ('banned' as const)
            : i % 13 === 0
              ? ('disabled' as const)
              : ('enabled' as const),
        reportStatus: reportStatus as 'none' | 'pending' | 'banned' | 'rejected',
        bannedAt: reportStatus === 'banned' ? new Date(Date.now() - 86_400_000) : null,
        bannedBy: reportStatus === 'banned' ? 'admin' : null,
        createdAt: new Date(Date.now() - (120 - i) * 3_600_000),
      }
    })
    const made = await db
      .insert(comments)
      .values(rows)
      .returning({ id: comments.id, reportStatus: comments.reportStatus })
    const reports = made
      .filter((comment) => comment.reportStatus !== 'none')
      .flatMap((comment, i) =>
        Array.from({ length: 1 + (i % 3) }, () => ({
          commentId: comment.id,
          userId: pick(members).id,
          reason: pick(reasons),
        })),
      )
    if (reports.length > 0) await db.insert(commentReports).values(reports)
    added += made.length + reports.length
  }

  if ((await db.select({ id: supports.id }).from(supports).limit(1)).length === 0) {
    const rows = Array.from({ length: 20 }, (_, i) => {
      const [type, subject, message] = tickets[i % tickets.length] as (typeof tickets)[number]
      const member = members[i % Math.max(1, members.length)]
      const state = states[i % states.length] as (typeof states)[number]
      return {
        userId: i % 4 === 3 ? null : (member?.id ?? null),
        type,
        subject,
        email: (i % 4 === 3 ? null : member?.email) ?? `visitor${i}@example.com`,
        message,
        attachment: i % 5 === 2 ? 'https://cdn.example.com/support/screenshot.png' : null,
        ...state,
        createdAt: new Date(Date.now() - (20 - i) * 7_200_000),
      }
    })
    added += (await db.insert(supports).values(rows).returning({ id: supports.id })).length
  }

  if ((await db.select({ id: cooperations.id }).from(cooperations).limit(1)).length === 0) {
    const rows = Array.from({ length: 12 }, (_, i) => {
      const [subject, name, email, phone] = requests[i % requests.length] as (typeof requests)[number]
      return {
        subject,
        name,
        email,
        phone,
        message: `${subject}: we would like to discuss working together. (${i + 1})`,
        attachment: i % 4 === 1 ? 'https://cdn.example.com/cooperation/deck.pdf' : null,
        status: (['open', 'open', 'solved', 'archived'] as const)[i % 4],
        createdAt: new Date(Date.now() - (12 - i) * 10_800_000),
      }
    })
    added += (await db.insert(cooperations).values(rows).returning({ id: cooperations.id })).length
  }
  return added
}
