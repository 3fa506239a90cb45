import { articleLimits, articleStatuses, articleTypes } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'

/** The articles behind the template's example and table demo pages (contract/src/resources/articles.ts). */
export const articles = pgTable(
  'articles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: varchar('title', { length: articleLimits.title }).notNull(),
    author: varchar('author', { length: articleLimits.author }).notNull(),
    summary: varchar('summary', { length: articleLimits.summary }),
    content: text('content').notNull().default(''),
    type: text('type', { enum: articleTypes }).notNull(),
    importance: integer('importance').notNull().default(1),
    status: text('status', { enum: articleStatuses }).notNull().default('draft'),
    displayTime: timestamp('display_time', { withTimezone: true }).notNull().defaultNow(),
    commentDisabled: boolean('comment_disabled').notNull().default(false),
    pageviews: integer('pageviews').notNull().default(0),
    imageUri: varchar('image_uri', { length: 500 }),
    ...timestamps,
  },
  (t) => [
    check('articles_status_check', sql`${t.status} in ('draft', 'published')`),
    check('articles_type_check', sql`${t.type} in ('cn', 'us', 'jp', 'eu')`),
    check('articles_importance_check', sql`${t.importance} between 1 and 3`),
    check(
      'articles_content_length',
      sql`char_length(${t.content}) <= ${sql.raw(String(articleLimits.content))}`,
    ),
    index('articles_display_time_index').on(t.displayTime),
    index('articles_title_trgm_index').using('gin', t.title.op('gin_trgm_ops')),
  ],
)
