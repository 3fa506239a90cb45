import { type Seo, seosContract } from '@vod/contract'
import { eq } from 'drizzle-orm'
import { seos, tags } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

/** Search-engine title and description of a public page, or of one tag's page. */
export const seosModule = defineResource<Seo>({
  contract: seosContract,
  table: seos,
  joins: [{ table: tags, on: eq(tags.id, seos.tagId) }],
  present: { tag_name: tags.name },
  list: {
    keyword: [seos.title, seos.page],
  },
})
