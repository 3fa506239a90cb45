import {
  type TagCategory,
  tagCategoryInput,
  tagCategoryRecord,
  type tagCategorySortable,
} from '@vod/contract'
import type { SQL } from 'drizzle-orm'
import { sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { tagCategories, tags } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { qualified } from '../../lib/resource/relations.ts'

const tagsCount = sql`(select count(*) from ${tags} where ${qualified(tags.categoryId)} = ${qualified(tagCategories.id)})::integer`

/** Tag categories: groups of tags by which tags, videos and sources are filtered; a name is unique in any case. */
export const tagCategoriesModule = defineResource<TagCategory>({
  path: 'tag-categories',
  table: tagCategories,
  record: tagCategoryRecord,
  input: tagCategoryInput,
  present: { tags_count: tagsCount },
  list: {
    sortable: {
      id: tagCategories.id,
      name: tagCategories.name,
      sort: tagCategories.sort,
      tags_count: tagsCount,
      created_at: tagCategories.createdAt,
      updated_at: tagCategories.updatedAt,
    } satisfies Record<(typeof tagCategorySortable)[number], PgColumn | SQL>,
    keyword: [tagCategories.name],
    defaultSort: 'sort',
  },
})
