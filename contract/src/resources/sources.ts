import { z } from 'zod'
import { instant, recordId } from '../values.ts'

/** Where videos come from (spec section 3: a name and a genre, which is a tag of type genre). */
export const sourceLimits = { name: 100 } as const

export const sourceInput = z.object({
  name: z.string().trim().min(1).max(sourceLimits.name),
  genre_id: recordId.nullable().optional(),
})
export type SourceInput = z.infer<typeof sourceInput>

export const sourceRecord = z
  .object({
    id: z.number().int(),
    name: z.string(),
    genre_id: z.number().int().nullable(),
    /** The genre tag's name, for lists and pickers. */
    genre_name: z.string().nullable(),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Source' })
export type Source = z.infer<typeof sourceRecord>

export const sourceSortable = ['id', 'name', 'genre_name', 'created_at', 'updated_at'] as const
