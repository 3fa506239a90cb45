import { postsContract } from '@vod/contract'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { posts } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { sanitizeRichText } from '../../lib/rich-text.ts'

/**
 * Articles of the public site; their HTML is cleaned to an allowlist before it is stored. A post saved as
 * published without a publish time gets the moment it was saved, as a video does when it is published.
 */
export const postsModule = defineResource({
  contract: postsContract,
  table: posts,
  transform: { content: (html: string) => ({ content: sanitizeRichText(html) }) },
  list: {
    keyword: [posts.title],
  },
  hooks: {
    async after({ tx, id, after }) {
      if (after?.status !== 'published' || after.published_at !== null) return
      const [stamped] = await tx
        .update(posts)
        .set({ publishedAt: sql`now()` })
        .where(and(eq(posts.id, id), isNull(posts.publishedAt)))
        .returning({ publishedAt: posts.publishedAt })
      // The record answered is this one: it shows the time too.
      if (stamped?.publishedAt) after.published_at = stamped.publishedAt.toISOString()
    },
  },
})
