import { type Source, sourceInput, sourceRecord, type sourceSortable } from '@vod/contract'
import { eq } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { sources, tags } from '../../db/schema/index.ts'
import { invalidField } from '../../lib/errors.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

/** Where videos come from: a name and the genre tag they are filed under. */
export const sourcesModule = defineResource<Source>({
  path: 'sources',
  table: sources,
  record: sourceRecord,
  input: sourceInput,
  joins: [{ table: tags, on: eq(tags.id, sources.genreId) }],
  present: { genre_name: tags.name },
  list: {
    sortable: {
      id: sources.id,
      name: sources.name,
      genre_name: tags.name,
      created_at: sources.createdAt,
      updated_at: sources.updatedAt,
    } satisfies Record<(typeof sourceSortable)[number], PgColumn>,
    filters: {
      genre_id: { column: sources.genreId, type: 'int' },
      // Sources whose genre is filed under the category.
      category_id: { column: tags.categoryId, type: 'int' },
    },
    keyword: [sources.name],
    defaultSort: '-id',
  },
  hooks: {
    // A genre is a tag of type genre; another tag type is the form's mistake (a missing tag is the machinery's 422).
    async check({ tx, input }) {
      const genreId = input.genre_id as number | null | undefined
      if (genreId == null) return
      const [tag] = await tx.select({ type: tags.type }).from(tags).where(eq(tags.id, genreId))
      if (tag && tag.type !== 'genre') throw invalidField('genre_id', 'validation.genre_tag')
    },
  },
})
