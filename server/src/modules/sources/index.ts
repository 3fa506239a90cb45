import { type Source, sourcesContract } from '@vod/contract'
import { eq } from 'drizzle-orm'
import { sources, tags } from '../../db/schema/index.ts'
import { invalidField } from '../../lib/errors.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

/** Where videos come from: a name and the genre tag they are filed under. */
export const sourcesModule = defineResource<Source>({
  contract: sourcesContract,
  table: sources,
  joins: [{ table: tags, on: eq(tags.id, sources.genreId) }],
  present: { genre_name: tags.name },
  list: {
    filters: {
      category_id: { column: tags.categoryId },
    },
    keyword: [sources.name],
  },
  hooks: {
    // A genre is a tag of type genre; another tag type is the form's mistake (a missing tag is the machinery's 422).
    async check({ tx, input }) {
      const genreId = input.genre_id as number | null | undefined
      if (genreId == null) return
      // Shared lock: a retype of the tag (tags/index.ts, under its row lock) waits for this write, or this for it.
      const [tag] = await tx.select({ type: tags.type }).from(tags).where(eq(tags.id, genreId)).for('share')
      if (tag && tag.type !== 'genre') throw invalidField('genre_id', 'validation.genre_tag')
    },
  },
})
