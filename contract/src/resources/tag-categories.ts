import { z } from 'zod'
import { defineContract } from '../resource.ts'
import { instant, recordId } from '../values.ts'

/**
 * Tag categories (spec section 3's Tag.categoryId): groups of tags across their types, such as "Film & TV"
 * for genres or "Talent" for models, by which tags, videos and sources are filtered.
 */
export const tagCategoryLimits = { name: 100, sortMax: 1_000_000 } as const

const tagCategoryInput = z.object({
  name: z.string().trim().min(1).max(tagCategoryLimits.name),
  sort: z.number().int().min(0).max(tagCategoryLimits.sortMax).optional(),
})

/** A row of GET /api/tag-categories and the body of GET /api/tag-categories/{id}. */
const tagCategoryRecord = z
  .object({
    id: recordId,
    name: z.string(),
    sort: z.number().int(),
    tags_count: z.number().int(),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'TagCategory' })
export type TagCategory = z.infer<typeof tagCategoryRecord>

export const tagCategoriesContract = defineContract({
  path: 'tag-categories',
  record: tagCategoryRecord,
  input: tagCategoryInput,
  list: {
    sortable: ['id', 'name', 'sort', 'tags_count', 'created_at', 'updated_at'],
    defaultSort: 'sort',
    keyword: true,
  },
})
