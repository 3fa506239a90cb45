import { directorLimits, seoLimits, siteLimits, siteStatuses, sourceLimits } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { tags } from './tags.ts'

/** The catalogue's reference tables (spec section 3): who directs videos, where they come from, SEO texts, sites. */
export const directors = pgTable(
  'directors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: directorLimits.name }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('directors_name_lower_unique').on(sql`lower(${t.name})`),
    index('directors_name_trgm_index').using('gin', t.name.op('gin_trgm_ops')),
    index('directors_created_at_index').on(t.createdAt),
  ],
)

export const sources = pgTable(
  'sources',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: sourceLimits.name }).notNull(),
    // A tag deleted while a source names it would leave the source pointing nowhere: refused (409).
    genreId: integer('genre_id').references(() => tags.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('sources_name_lower_unique').on(sql`lower(${t.name})`),
    index('sources_genre_id_index').on(t.genreId, t.id),
    index('sources_created_at_index').on(t.createdAt),
  ],
)

export const seos = pgTable(
  'seos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: varchar('title', { length: seoLimits.title }).notNull(),
    description: varchar('description', { length: seoLimits.description }),
    page: varchar('page', { length: seoLimits.page }).notNull(),
    tagId: integer('tag_id').references(() => tags.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    index('seos_page_index').on(t.page),
    index('seos_tag_id_index').on(t.tagId),
    index('seos_title_trgm_index').using('gin', t.title.op('gin_trgm_ops')),
    index('seos_created_at_index').on(t.createdAt),
  ],
)

export const sites = pgTable(
  'sites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: siteLimits.name }).notNull(),
    domain: varchar('domain', { length: siteLimits.domain }).notNull().unique(),
    status: text('status', { enum: siteStatuses }).notNull().default('enabled'),
    ...timestamps,
  },
  (t) => [
    check('sites_status_check', sql`${t.status} in ('enabled', 'disabled')`),
    index('sites_status_index').on(t.status),
  ],
)
