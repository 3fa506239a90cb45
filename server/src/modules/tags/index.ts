import { tagInput, tagRecord, type tagSortable, tagTypes } from '@vod/contract'
import { eq } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { tagCategories, tags } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

const sortable = {
  id: tags.id,
  name: tags.name,
  type: tags.type,
  category_name: tagCategories.name,
  created_at: tags.createdAt,
  updated_at: tags.updatedAt,
} satisfies Record<(typeof tagSortable)[number], PgColumn>

/** Tags: the genre, model and studio labels videos carry, each optionally filed under a category. */
export const tagsModule = defineResource({
  path: 'tags',
  table: tags,
  record: tagRecord,
  input: tagInput,
  joins: [{ table: tagCategories, on: eq(tagCategories.id, tags.categoryId) }],
  present: { category_name: tagCategories.name },
  list: {
    sortable,
    filters: {
      type: { column: tags.type, type: 'enum', values: tagTypes },
      category_id: { column: tags.categoryId, type: 'int' },
    },
    ranges: { created_at: { column: tags.createdAt, type: 'date' } },
    keyword: [tags.name],
    defaultSort: '-id',
  },
  uniques: { tags_type_name_unique: 'name' },
})
