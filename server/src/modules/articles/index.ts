import {
  articleInput,
  articleRecord,
  type articleSortable,
  articleStatuses,
  articleTypes,
} from '@vod/contract'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { articles } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { sanitizeRichText } from '../../lib/rich-text.ts'

/**
 * The articles behind the template's table and example demo pages: behind `list-`, `create-`, `edit-` and
 * `delete-articles` like any resource (the super-admin holds them; a demo page shows the 403 state to an
 * admin without them). Their HTML is cleaned to an allowlist before it is stored, as posts' is.
 */
export const articlesModule = defineResource({
  path: 'articles',
  table: articles,
  record: articleRecord,
  input: articleInput,
  transform: { content: (html: string) => ({ content: sanitizeRichText(html) }) },
  list: {
    sortable: {
      id: articles.id,
      title: articles.title,
      display_time: articles.displayTime,
      pageviews: articles.pageviews,
      importance: articles.importance,
    } satisfies Record<(typeof articleSortable)[number], PgColumn>,
    filters: {
      type: { column: articles.type, type: 'enum', values: articleTypes },
      status: { column: articles.status, type: 'enum', values: articleStatuses },
      importance: { column: articles.importance, type: 'int' },
    },
    ranges: { display_time: { column: articles.displayTime, type: 'date' } },
    keyword: [articles.title],
    defaultSort: '-id',
  },
})
