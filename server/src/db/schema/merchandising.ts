import {
  advertisementLimits,
  advertisementPositions,
  bannerLimits,
  bannerPositions,
  bannerTypes,
  blockAudiences,
  blockLimits,
  blockPages,
  blockTypes,
  ctaPositions,
  informationLimits,
  informationTypes,
  questionLimits,
} from '@vod/contract'
import { type SQL, sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  type PgColumn,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { media, oneOf, timestamps } from './columns.ts'
import { videos } from './videos.ts'

const link = () => varchar('link', { length: 500 })
/** Past this moment the member site no longer shows the row (a banner, a block); null: it never expires. */
const expiredAt = () => timestamp('expired_at', { withTimezone: true })
/** A text column holding one of `values`, checked by the database too. */
const holds = (column: PgColumn, values: readonly string[]): SQL => sql`${column} in (${oneOf(values)})`

/** The member site's fixed ad slots, one per position (made by the seed; staff edit them). */
export const advertisements = pgTable(
  'advertisements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    position: text('position', { enum: advertisementPositions }).notNull(),
    name: varchar('name', { length: advertisementLimits.name }).notNull(),
    image: media('image'),
    mobileImage: media('mobile_image'),
    link: link(),
    ctaPosition: text('cta_position', { enum: ctaPositions }).notNull().default('center'),
    ...timestamps,
  },
  (t) => [
    check('advertisements_position_check', holds(t.position, advertisementPositions)),
    check('advertisements_cta_position_check', holds(t.ctaPosition, ctaPositions)),
    uniqueIndex('advertisements_position_unique').on(t.position),
  ],
)

/** The rows of the member site's pages, in `sort` order per page; past `expired_at` they no longer show. */
export const blocks = pgTable(
  'blocks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: varchar('title', { length: blockLimits.title }).notNull(),
    description: varchar('description', { length: blockLimits.description }),
    type: text('type', { enum: blockTypes }).notNull().default('videos'),
    page: text('page', { enum: blockPages }).notNull().default('home'),
    isBox: boolean('is_box').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    // An advertisement a block shows is not deleted from under it (they are never deleted anyway).
    advertisementId: integer('advertisement_id').references(() => advertisements.id, {
      onDelete: 'restrict',
    }),
    image: media('image'),
    mobileImage: media('mobile_image'),
    link: link(),
    expiredAt: expiredAt(),
    ...timestamps,
  },
  (t) => [
    check('blocks_type_check', holds(t.type, blockTypes)),
    check('blocks_page_check', holds(t.page, blockPages)),
    index('blocks_page_sort_index').on(t.page, t.sort),
    index('blocks_advertisement_id_index').on(t.advertisementId),
    index('blocks_expired_at_index').on(t.expiredAt),
  ],
)

/**
 * A block's videos in order, with how the block presents each (contract: blockVideoInput). A video a block
 * holds is not deleted from under it (409: take it out of the block first).
 */
export const blockVideos = pgTable(
  'block_videos',
  {
    blockId: integer('block_id')
      .notNull()
      .references(() => blocks.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    name: varchar('name', { length: blockLimits.name }),
    gender: text('gender', { enum: blockAudiences }).notNull().default('all'),
    isPopular: boolean('is_popular').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.blockId, t.videoId] }),
    check('block_videos_gender_check', holds(t.gender, blockAudiences)),
    index('block_videos_block_id_position_index').on(t.blockId, t.position),
    index('block_videos_video_id_index').on(t.videoId),
  ],
)

/** Banners of the member site; past `expired_at` they no longer show. `clicks` is counted there. */
export const banners = pgTable(
  'banners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    position: text('position', { enum: bannerPositions }).notNull(),
    name: varchar('name', { length: bannerLimits.name }).notNull(),
    title: varchar('title', { length: bannerLimits.title }),
    subtitle: varchar('subtitle', { length: bannerLimits.subtitle }),
    type: text('type', { enum: bannerTypes }).notNull().default('image'),
    cta: varchar('cta', { length: bannerLimits.cta }),
    image: media('image'),
    mobileImage: media('mobile_image'),
    video: media('video'),
    mobileVideo: media('mobile_video'),
    link: link(),
    sort: integer('sort').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    expiredAt: expiredAt(),
    ...timestamps,
  },
  (t) => [
    check('banners_position_check', holds(t.position, bannerPositions)),
    check('banners_type_check', holds(t.type, bannerTypes)),
    check('banners_clicks_check', sql`${t.clicks} >= 0`),
    index('banners_position_sort_index').on(t.position, t.sort),
    index('banners_expired_at_index').on(t.expiredAt),
  ],
)

/** The member site's information pages, one per type; content is HTML cleaned on the way in. */
export const informations = pgTable(
  'informations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type', { enum: informationTypes }).notNull(),
    title: varchar('title', { length: informationLimits.title }).notNull(),
    content: text('content').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    check('informations_type_check', holds(t.type, informationTypes)),
    uniqueIndex('informations_type_unique').on(t.type),
  ],
)

/** FAQ entries, shown in `sort` order. */
export const questions = pgTable(
  'questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    question: varchar('question', { length: questionLimits.question }).notNull(),
    answer: text('answer').notNull(),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check(
      'questions_answer_length',
      sql`char_length(${t.answer}) <= ${sql.raw(String(questionLimits.answer))}`,
    ),
    index('questions_sort_index').on(t.sort),
  ],
)
