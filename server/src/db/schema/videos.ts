import { postLimits, postStatuses, videoLimits, videoStatuses } from '@vod/contract'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { directors, sources } from './catalogue.ts'
import { media, startsWith, timestamps } from './columns.ts'
import { tags } from './tags.ts'

const tally = (name: string) => integer(name).notNull().default(0)

/**
 * The catalogue's videos (spec section 3), built for a million rows: every list filter and sort has an
 * index, keyword search over title (trigrams) and serial number (its start) has its indexes, and the links to tags and
 * directors are indexed from both ends.
 */
export const videos = pgTable(
  'videos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: varchar('title', { length: videoLimits.title }).notNull(),
    serialNumber: varchar('serial_number', { length: videoLimits.serialNumber }).notNull(),
    description: text('description'),
    cover: media('cover'),
    previewVideo: media('preview_video'),
    trailer: media('trailer'),
    video: media('video'),
    videoDuration: integer('video_duration'),
    originalViews: tally('original_views'),
    subscriberTrailerViews: tally('subscriber_trailer_views'),
    visitorTrailerViews: tally('visitor_trailer_views'),
    views: tally('views'),
    likes: tally('likes'),
    dislikes: tally('dislikes'),
    isFree: boolean('is_free').notNull().default(false),
    isMain: boolean('is_main').notNull().default(false),
    sourceId: integer('source_id').references(() => sources.id, { onDelete: 'restrict' }),
    status: text('status', { enum: videoStatuses }).notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('videos_status_check', sql`${t.status} in ('draft', 'published')`),
    check(
      'videos_description_length',
      sql`char_length(${t.description}) <= ${sql.raw(String(videoLimits.description))}`,
    ),
    // Serial numbers are unique regardless of letter case ("AB-1" and "ab-1" are one video); the same index
    // finds them by their start.
    uniqueIndex('videos_serial_number_lower_unique').on(startsWith(t.serialNumber)),
    index('videos_title_trgm_index').using('gin', t.title.op('gin_trgm_ops')),
    index('videos_status_id_index').on(t.status, t.id),
    index('videos_published_at_index').on(t.publishedAt),
    index('videos_created_at_index').on(t.createdAt),
    index('videos_views_index').on(t.views),
    index('videos_source_id_index').on(t.sourceId),
  ],
)

export const videoTags = pgTable(
  'video_tags',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    // A tag on a video is not deleted from under it: 409.
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.tagId] }),
    index('video_tags_tag_id_index').on(t.tagId, t.videoId),
  ],
)

export const videoDirectors = pgTable(
  'video_directors',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    directorId: integer('director_id')
      .notNull()
      .references(() => directors.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.directorId] }),
    index('video_directors_director_id_index').on(t.directorId, t.videoId),
  ],
)

/** A video's gallery, in its own order. */
export const photos = pgTable(
  'photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    url: media('url').notNull(),
    width: integer('width'),
    height: integer('height'),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photos_video_id_position_index').on(t.videoId, t.position)],
)

/** Articles of the public site; content is HTML cleaned on the way in (modules/posts). */
export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: varchar('title', { length: postLimits.title }).notNull(),
    cover: media('cover'),
    content: text('content').notNull().default(''),
    description: varchar('description', { length: postLimits.description }),
    status: text('status', { enum: postStatuses }).notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    isSticky: boolean('is_sticky').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('posts_status_check', sql`${t.status} in ('draft', 'published')`),
    index('posts_title_trgm_index').using('gin', t.title.op('gin_trgm_ops')),
    index('posts_sticky_published_index').on(t.isSticky, t.publishedAt),
    index('posts_created_at_index').on(t.createdAt),
  ],
)
