import { postInput, postRecord, type postSortable, postStatuses } from '@vod/contract'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { posts } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { sanitizeRichText } from '../../lib/rich-text.ts'

/** Articles of the public site; their HTML is cleaned to an allowlist before it is stored. */
export const postsModule = defineResource({
  path: 'posts',
  table: posts,
  record: postRecord,
  input: postInput,
  transform: { content: (html: string) => ({ content: sanitizeRichText(html) }) },
  list: {
    sortable: {
      id: posts.id,
      title: posts.title,
      status: posts.status,
      is_sticky: posts.isSticky,
      published_at: posts.publishedAt,
      created_at: posts.createdAt,
      updated_at: posts.updatedAt,
    } satisfies Record<(typeof postSortable)[number], PgColumn>,
    filters: {
      status: { column: posts.status, type: 'enum', values: postStatuses },
      is_sticky: { column: posts.isSticky, type: 'bool' },
    },
    ranges: { published_at: { column: posts.publishedAt, type: 'date' } },
    keyword: [posts.title],
    defaultSort: '-id',
  },
})
