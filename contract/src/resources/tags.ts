import { z } from 'zod'
import { ID_MAX } from '../rules.ts'

/** Tag kinds: videos carry model, studio and genre tags (spec section 3). */
export const tagTypes = ['genre', 'model', 'studio'] as const
export type TagType = (typeof tagTypes)[number]

export const tagInput = z.object({
  name: z.string().trim().min(1).max(100),
  type: z.enum(tagTypes),
  category_id: z.number().int().positive().max(ID_MAX).nullable().optional(),
})
export type TagInput = z.infer<typeof tagInput>

export interface Tag {
  id: number
  name: string
  type: TagType
  category_id: number | null
  created_at: string
  updated_at: string
}

/** What the tags list accepts besides paging (API.md). */
export const tagSortable = ['id', 'name', 'type', 'created_at', 'updated_at'] as const
