import { z } from 'zod'
import { defineActions } from '../actions.ts'
import { defineContract } from '../resource.ts'
import { clearable, flag, instant, instantInput, mediaUrl, recordId, richText } from '../values.ts'

/** Articles of the public site (spec section 3). */
export const postStatuses = ['draft', 'published'] as const

export const postLimits = { title: 200, description: 1000, content: 200_000 } as const

/** As a video's (videoActions): a post taken down goes back to a draft, with the reason. */
const postActions = defineActions({
  publish: { from: ['draft'], to: 'published' },
  unpublish: { from: ['published'], to: 'draft', reason: true, undo: 'publish' },
})

const postInput = z.object({
  title: z.string().trim().min(1).max(postLimits.title),
  cover: clearable(mediaUrl).optional(),
  /** Rich text as HTML; the server keeps only an allowlist of tags and attributes. */
  content: richText(postLimits.content).default(''),
  description: clearable(z.string().trim().max(postLimits.description)).optional(),
  status: z.enum(postStatuses).default('draft'),
  published_at: instantInput.nullable().optional(),
  is_sticky: flag.optional(),
})

const postRecord = z
  .object({
    id: recordId,
    title: z.string(),
    cover: mediaUrl.nullable(),
    content: richText(postLimits.content),
    description: z.string().nullable(),
    status: z.enum(postStatuses),
    published_at: instant.nullable(),
    is_sticky: flag,
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Post' })

export const postsContract = defineContract({
  path: 'posts',
  record: postRecord,
  input: postInput,
  label: 'title',
  list: {
    sortable: ['id', 'title', 'status', 'is_sticky', 'published_at', 'created_at', 'updated_at'],
    defaultSort: '-id',
    filters: { status: true, is_sticky: true },
    ranges: { published_at: true },
    keyword: true,
  },
  actions: postActions,
})
