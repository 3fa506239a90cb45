import { tagCategoryLimits, tagLimits, tagTypes } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'

/** Groups of tags across their types (contract/src/resources/tag-categories.ts). */
export const tagCategories = pgTable(
  'tag_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: tagCategoryLimits.name }).notNull(),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tag_categories_name_lower_unique').on(sql`lower(${t.name})`),
    index('tag_categories_sort_index').on(t.sort),
  ],
)

export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: tagLimits.name }).notNull(),
    type: text('type', { enum: tagTypes }).notNull(),
    // A category that tags are filed under cannot be deleted (409): move or clear them first.
    categoryId: integer('category_id').references(() => tagCategories.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    check('tags_type_check', sql`${t.type} in ('genre', 'model', 'studio')`),
    // Names are unique per type in any letter case ("noir" beside "Noir" is one genre twice); the index also
    // serves the type filter and the sort by type.
    uniqueIndex('tags_type_name_lower_unique').on(t.type, sql`lower(${t.name})`),
    index('tags_name_index').on(t.name),
    // Keyword search is a case-insensitive "contains"; a trigram index keeps it off a full scan.
    index('tags_name_trgm_index').using('gin', t.name.op('gin_trgm_ops')),
    index('tags_category_id_index').on(t.categoryId, t.id),
    index('tags_created_at_index').on(t.createdAt),
    index('tags_updated_at_index').on(t.updatedAt),
  ],
)
