import { z } from 'zod'
import { defineContract } from '../resource.ts'
import { clearable, flag, instant, instantInput, mediaUrl, recordId, richText } from '../values.ts'

/**
 * The articles behind the template's example and table demo pages (spec section 2, hidden demo routes):
 * a small real resource, so that the demos page, sort, filter and edit through the API.
 */
export const articleStatuses = ['draft', 'published'] as const

/** The regions the template's complex table filters by. */
export const articleTypes = ['cn', 'us', 'jp', 'eu'] as const

export const articleLimits = {
  title: 200,
  author: 100,
  summary: 500,
  content: 200_000,
  importance: 3,
} as const

const articleInput = z.object({
  title: z.string().trim().min(1).max(articleLimits.title),
  author: z.string().trim().min(1).max(articleLimits.author),
  summary: clearable(z.string().trim().max(articleLimits.summary)).optional(),
  /** Rich text as HTML; the server keeps only an allowlist of tags and attributes (as for posts). */
  content: richText(articleLimits.content).optional(),
  type: z.enum(articleTypes),
  importance: z.number().int().min(1).max(articleLimits.importance).optional(),
  status: z.enum(articleStatuses).optional(),
  display_time: instantInput.optional(),
  comment_disabled: flag.optional(),
  image_uri: clearable(mediaUrl).optional(),
})
// No `.default()` above: the columns hold the defaults, so a partial update (PUT) leaves out what it omits.

/** A row of GET /api/articles and the body of GET /api/articles/{id}. */
const articleRecord = z
  .object({
    id: recordId,
    title: z.string(),
    author: z.string(),
    summary: z.string().nullable(),
    content: richText(articleLimits.content),
    type: z.enum(articleTypes),
    importance: z.number().int(),
    status: z.enum(articleStatuses),
    display_time: instant,
    comment_disabled: flag,
    pageviews: z.number().int(),
    image_uri: mediaUrl.nullable(),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Article' })
export type Article = z.infer<typeof articleRecord>

/** The sorts are the template's complex table's (by id up or down, and the other numeric columns). */
export const articlesContract = defineContract({
  path: 'articles',
  record: articleRecord,
  input: articleInput,
  label: 'title',
  list: {
    sortable: ['id', 'title', 'display_time', 'pageviews', 'importance'],
    defaultSort: '-id',
    filters: { type: true, status: true, importance: true },
    ranges: { display_time: true },
    keyword: true,
  },
})
