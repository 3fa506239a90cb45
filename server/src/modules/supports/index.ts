import { type Support, supportsContract } from '@vod/contract'
import { eq } from 'drizzle-orm'
import { supports, users } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

/**
 * Support tickets (spec sections 3 and 7): listed, solved, archived, recovered (back to the state it was
 * archived from, the contract's transition table) and deleted. Members write them on the member site.
 */
export const supportsModule = defineResource<Support>({
  contract: supportsContract,
  table: supports,
  joins: [{ table: users, on: eq(users.id, supports.userId) }],
  present: { username: users.username },
  list: { keyword: [supports.subject, { prefix: supports.email }] },
})
