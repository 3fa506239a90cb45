import { z } from 'zod'
import { defineContract } from '../resource.ts'
import { instant, recordId, reference } from '../values.ts'

/** Tag kinds: videos carry model, studio and genre tags (spec section 3). */
export const tagTypes = ['genre', 'model', 'studio'] as const
export type TagType = (typeof tagTypes)[number]

/** Text lengths, for the input rules and the columns alike. */
export const tagLimits = { name: 100 } as const

const tagInput = z.object({
  name: z.string().trim().min(1).max(tagLimits.name),
  type: z.enum(tagTypes),
  category_id: reference('tag-categories').nullable().optional(),
})

/** A row of GET /api/tags and the body of GET /api/tags/{id}. */
const tagRecord = z
  .object({
    id: recordId,
    name: z.string(),
    type: z.enum(tagTypes),
    category_id: reference('tag-categories').nullable(),
    category_name: z.string().nullable(),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Tag' })
export type Tag = z.infer<typeof tagRecord>

/** Tags: the genre, model and studio labels videos carry, each optionally filed under a category. */
export const tagsContract = defineContract({
  path: 'tags',
  record: tagRecord,
  input: tagInput,
  list: {
    sortable: ['id', 'name', 'type', 'category_name', 'created_at', 'updated_at'],
    defaultSort: '-id',
    filters: { type: true, category_id: true },
    ranges: { created_at: true },
    keyword: true,
  },
})
