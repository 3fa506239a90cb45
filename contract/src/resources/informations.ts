import { z } from 'zod'
import { defineContract } from '../resource.ts'
import { instant, recordId, richText } from '../values.ts'

/** The member site's information pages, one of each type (spec section 3 "Information"). */
export const informationTypes = ['about', 'terms', 'privacy', 'refund', 'contact'] as const
export type InformationType = (typeof informationTypes)[number]

export const informationLimits = { title: 200, content: 200_000 } as const

const informationInput = z.object({
  type: z.enum(informationTypes),
  title: z.string().trim().min(1).max(informationLimits.title),
  /** Rich text as HTML, cleaned by the server as posts' is. */
  content: richText(informationLimits.content).default(''),
})

const informationRecord = z
  .object({
    id: recordId,
    type: z.enum(informationTypes),
    title: z.string(),
    content: richText(informationLimits.content),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Information' })

/** GET list, GET / PUT one and POST (spec section 7); no delete. */
export const informationsContract = defineContract({
  path: 'informations',
  record: informationRecord,
  input: informationInput,
  label: 'title',
  operations: ['list', 'show', 'create', 'edit'],
  list: {
    sortable: ['id', 'type', 'title', 'updated_at'],
    defaultSort: 'type',
    filters: { type: true },
    keyword: true,
  },
})
