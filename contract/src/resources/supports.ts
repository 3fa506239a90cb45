import { z } from 'zod'
import { defineActions } from '../actions.ts'
import { defineContract } from '../resource.ts'
import { flag, instant, mediaUrl, recordId, reference } from '../values.ts'
import { memberMailStates } from './members.ts'

/** Support tickets members send from the member site (spec section 3), worked through here. */
export const supportTypes = ['account', 'billing', 'technical', 'content', 'other'] as const
export type SupportType = (typeof supportTypes)[number]
export const supportStatuses = ['open', 'solved', 'archived'] as const
export type SupportStatus = (typeof supportStatuses)[number]

export const supportLimits = { subject: 200, email: 255, message: 5000, reply: 10_000 } as const

/**
 * The ticket's transitions (spec section 4): solve an open one; archive an open or solved one, keeping
 * where it was in `archived_from`; recover an archived one back to that state. Anything else is 409.
 */
const supportActions = defineActions({
  solve: { from: ['open'], to: 'solved' },
  archive: { from: ['open', 'solved'], to: 'archived', remember: 'archived_from' },
  recover: { from: ['archived'], to: { recall: 'archived_from' } },
})

export const supportRecord = z
  .object({
    id: recordId,
    user_id: reference('users', { shown_as: 'username' }).nullable(),
    username: z.string().nullable(),
    type: z.enum(supportTypes),
    subject: z.string(),
    email: z.string(),
    message: z.string().max(supportLimits.message),
    attachment: mediaUrl.nullable(),
    status: z.enum(supportStatuses),
    archived_from: z.enum(supportStatuses).nullable(),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Support' })
export type Support = z.infer<typeof supportRecord>

export const supportsContract = defineContract({
  path: 'supports',
  record: supportRecord,
  label: 'subject',
  operations: ['list', 'show', 'delete'],
  list: {
    sortable: ['id', 'type', 'subject', 'email', 'status', 'created_at', 'updated_at'],
    defaultSort: '-id',
    filters: { status: true, type: true, user_id: true },
    ranges: { created_at: true },
    keyword: true,
  },
  actions: supportActions,
})

/**
 * `POST /supports/{id}/replies`: an answer to the ticket's e-mail address, through the mail outbox; with
 * `solve: 1` the ticket is solved in the same transaction (the last reply).
 */
export const supportReplyInput = z.strictObject({
  body: z.string().trim().min(1).max(supportLimits.reply),
  solve: flag.optional(),
})
export type SupportReplyInput = z.infer<typeof supportReplyInput>

/** A reply kept on its ticket: who sent it, when, to whom, and how its mail went (as a member mail's state). */
export const supportReplyRecord = z
  .object({
    id: recordId,
    support_id: recordId,
    body: z.string(),
    /** Absent where the caller's role does not read the e-mail whole (field-rules.ts carriedFields). */
    recipient: z.string().optional(),
    admin_id: recordId.nullable(),
    /** The sender's username, copied: it still reads once that admin is gone. */
    admin_name: z.string().nullable(),
    state: z.enum(memberMailStates).meta({
      description:
        'sent: the mail server took it; queued: not yet taken, tried again; failed: refused for good or out ' +
        'of tries; outbox: no mail server is set up, so it never left',
    }),
    created_at: instant,
  })
  .meta({ id: 'SupportReply' })
export type SupportReply = z.infer<typeof supportReplyRecord>
