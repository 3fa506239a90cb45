import { type Support, supportsContract } from '@vod/contract'
import { eq } from 'drizzle-orm'
import { supports, users } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import type { ApiModule } from '../types.ts'
import { supportReplyRoutes } from './replies.ts'

/**
 * Support tickets (spec sections 3 and 7): listed, solved, archived, recovered (back to the state it was
 * archived from, the contract's transition table) and deleted, and answered by e-mail (replies.ts). Members
 * write them on the member site.
 */
const supportsResource = defineResource<Support>({
  contract: supportsContract,
  table: supports,
  joins: [{ table: users, on: eq(users.id, supports.userId) }],
  present: { username: users.username },
  list: { keyword: [supports.subject, { prefix: supports.email }] },
})

export const supportsModule: ApiModule = Object.assign(
  async (app: Parameters<ApiModule>[0], options: Parameters<ApiModule>[1]) => {
    await supportsResource(app, options)
    await supportReplyRoutes(app, options)
  },
  { permissions: [...supportsResource.permissions, 'reply-supports'] },
)
