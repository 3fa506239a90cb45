import { z } from 'zod'
import { instant, recordId } from '../values.ts'

/** Tag kinds: videos carry model, studio and genre tags (spec section 3). */
export const tagTypes = ['genre', 'model', 'studio'] as const
export type TagType = (typeof tagTypes)[number]

/** Text lengths, for the input rules, the form fields and the columns alike. */
export const tagLimits = { name: 100 } as const

export const tagInput = z.object({
  name: z.string().trim().min(1).max(tagLimits.name),
  type: z.enum(tagTypes),
  category_id: recordId.nullable().optional(),
})
export type TagInput = z.infer<typeof tagInput>

/** A row of GET /api/tags and the body of GET /api/tags/{id}. */
export const tagRecord = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(tagTypes),
    category_id: z.number().int().nullable(),
    category_name: z.string().nullable(),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Tag' })
export type Tag = z.infer<typeof tagRecord>

/** What the tags list accepts besides paging (API.md). */
export const tagSortable = ['id', 'name', 'type', 'category_name', 'created_at', 'updated_at'] as const
