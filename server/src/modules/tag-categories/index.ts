import { type TagCategory, tagCategoriesContract } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { tagCategories, tags } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { qualified } from '../../lib/resource/relations.ts'

const tagsCount = sql`(select count(*) from ${tags} where ${qualified(tags.categoryId)} = ${qualified(tagCategories.id)})::integer`

/** Tag categories: groups of tags by which tags, videos and sources are filtered; a name is unique in any case. */
export const tagCategoriesModule = defineResource<TagCategory>({
  contract: tagCategoriesContract,
  table: tagCategories,
  present: { tags_count: tagsCount },
  list: {
    keyword: [tagCategories.name],
  },
})
