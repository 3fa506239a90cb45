import { z } from 'zod'
import { defineActions } from '../actions.ts'
import { defineContract } from '../resource.ts'
import { instant, mediaUrl, recordId } from '../values.ts'

/** Cooperation requests (studios, partners) sent from the member site's contact form (spec section 3). */
export const cooperationStatuses = ['open', 'solved', 'archived'] as const

export const cooperationLimits = { subject: 200, name: 100, email: 255, phone: 50, message: 5000 } as const

/** solve an open request; archive an open or solved one (spec section 4); anything else is 409. */
const cooperationActions = defineActions({
  solve: { from: ['open'], to: 'solved' },
  archive: { from: ['open', 'solved'], to: 'archived' },
})

export const cooperationRecord = z
  .object({
    id: recordId,
    subject: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    message: z.string().max(cooperationLimits.message),
    attachment: mediaUrl.nullable(),
    status: z.enum(cooperationStatuses),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Cooperation' })
export type Cooperation = z.infer<typeof cooperationRecord>

export const cooperationsContract = defineContract({
  path: 'cooperations',
  record: cooperationRecord,
  label: 'subject',
  operations: ['list', 'show', 'delete'],
  list: {
    sortable: ['id', 'subject', 'name', 'email', 'status', 'created_at', 'updated_at'],
    defaultSort: '-id',
    filters: { status: true },
    ranges: { created_at: true },
    keyword: true,
  },
  actions: cooperationActions,
})
