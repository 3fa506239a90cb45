import { articlesContract } from '@vod/contract'
import { articles } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { sanitizeRichText } from '../../lib/rich-text.ts'

/**
 * The articles behind the template's table and example demo pages: behind `list-`, `create-`, `edit-` and
 * `delete-articles` like any resource (the super-admin holds them; a demo page shows the 403 state to an
 * admin without them). Their HTML is cleaned to an allowlist before it is stored, as posts' is.
 */
export const articlesModule = defineResource({
  contract: articlesContract,
  table: articles,
  transform: { content: (html: string) => ({ content: sanitizeRichText(html) }) },
  list: {
    keyword: [articles.title],
  },
})
