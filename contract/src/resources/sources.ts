import { z } from 'zod'
import { defineContract } from '../resource.ts'
import { instant, recordId, reference } from '../values.ts'

/** Where videos come from (spec section 3: a name and a genre, which is a tag of type genre). */
export const sourceLimits = { name: 100 } as const

const sourceInput = z.object({
  name: z.string().trim().min(1).max(sourceLimits.name),
  genre_id: reference('tags', { where: { type: 'genre' } })
    .nullable()
    .optional(),
})

const sourceRecord = z
  .object({
    id: recordId,
    name: z.string(),
    genre_id: reference('tags', { where: { type: 'genre' } }).nullable(),
    /** The genre tag's name, for lists and pickers. */
    genre_name: z.string().nullable(),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Source' })
export type Source = z.infer<typeof sourceRecord>

export const sourcesContract = defineContract({
  path: 'sources',
  record: sourceRecord,
  input: sourceInput,
  list: {
    sortable: ['id', 'name', 'genre_name', 'created_at', 'updated_at'],
    defaultSort: '-id',
    // category_id: sources whose genre is filed under the category.
    filters: { genre_id: true, category_id: reference('tag-categories') },
    keyword: true,
  },
})
