import { type Seo, seoInput, seoRecord, type seoSortable } from '@vod/contract'
import { eq } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { seos, tags } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

/** Search-engine title and description of a public page, or of one tag's page. */
export const seosModule = defineResource<Seo>({
  path: 'seos',
  table: seos,
  record: seoRecord,
  input: seoInput,
  joins: [{ table: tags, on: eq(tags.id, seos.tagId) }],
  present: { tag_name: tags.name },
  list: {
    sortable: {
      id: seos.id,
      title: seos.title,
      page: seos.page,
      created_at: seos.createdAt,
      updated_at: seos.updatedAt,
    } satisfies Record<(typeof seoSortable)[number], PgColumn>,
    filters: { tag_id: { column: seos.tagId, type: 'int' } },
    keyword: [seos.title, seos.page],
    defaultSort: '-id',
  },
})
