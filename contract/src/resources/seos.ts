import { z } from 'zod'
import { defineContract } from '../resource.ts'
import { clearable, instant, recordId, reference } from '../values.ts'

/** Search-engine texts of a page of the public site, optionally for one tag's page (spec section 3). */
export const seoLimits = { title: 200, description: 1000, page: 200 } as const

const seoInput = z.object({
  title: z.string().trim().min(1).max(seoLimits.title),
  description: clearable(z.string().trim().max(seoLimits.description)).optional(),
  /** The public page it is for: a path such as `/videos` or a page name. */
  page: z.string().trim().min(1).max(seoLimits.page),
  tag_id: reference('tags').nullable().optional(),
})

const seoRecord = z
  .object({
    id: recordId,
    title: z.string(),
    description: z.string().nullable(),
    page: z.string(),
    tag_id: reference('tags').nullable(),
    tag_name: z.string().nullable(),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Seo' })
export type Seo = z.infer<typeof seoRecord>

export const seosContract = defineContract({
  path: 'seos',
  record: seoRecord,
  input: seoInput,
  label: 'title',
  list: {
    sortable: ['id', 'title', 'page', 'created_at', 'updated_at'],
    defaultSort: '-id',
    filters: { tag_id: true },
    keyword: true,
  },
})
