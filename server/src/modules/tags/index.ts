import { tagsContract } from '@vod/contract'
import { asc, eq } from 'drizzle-orm'
import { sources, tagCategories, tags } from '../../db/schema/index.ts'
import { invalidField } from '../../lib/errors.ts'
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
  hooks: {
    // A retype runs the rules of the records that use the tag: a source is filed under a tag of type genre
    // (sources/index.ts), so a genre a source uses keeps its type (422 on `type` naming the source). The
    // tag's row is locked by now, and a source write reads its genre under a share lock: neither passes the other.
    async check({ tx, id, before, input }) {
      if (id === null || before?.type !== 'genre' || input.type === undefined || input.type === 'genre')
        return
      const [source] = await tx
        .select({ name: sources.name })
        .from(sources)
        .where(eq(sources.genreId, id))
        .orderBy(asc(sources.id))
        .limit(1)
      if (source) throw invalidField('type', 'tags.genre_in_use', { source: source.name })
    },
  },
})
