import { informationsContract } from '@vod/contract'
import { informations } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { sanitizeRichText } from '../../lib/rich-text.ts'

/**
 * The member site's information pages (about, terms, privacy...), one per type (422 on `type`); their HTML
 * is cleaned to the posts' allowlist before it is stored. No delete (spec section 7).
 */
export const informationsModule = defineResource({
  contract: informationsContract,
  table: informations,
  transform: { content: (html: string) => ({ content: sanitizeRichText(html) }) },
  list: { keyword: [informations.title] },
})
