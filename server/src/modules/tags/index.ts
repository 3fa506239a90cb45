import { tagsContract } from '@vod/contract'
import { eq } from 'drizzle-orm'
import { tagCategories, tags } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

/** Tags: the genre, model and studio labels videos carry, each optionally filed under a category. */
export const tagsModule = defineResource({
  contract: tagsContract,
  table: tags,
  joins: [{ table: tagCategories, on: eq(tagCategories.id, tags.categoryId) }],
  present: { category_name: tagCategories.name },
  list: {
    keyword: [tags.name],
  },
  uniques: { tags_type_name_lower_unique: 'name' },
})
