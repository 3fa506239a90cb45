import { type Cooperation, cooperationsContract } from '@vod/contract'
import { cooperations } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

/** Cooperation requests (spec sections 3 and 7): listed, solved, archived and deleted. */
export const cooperationsModule = defineResource<Cooperation>({
  contract: cooperationsContract,
  table: cooperations,
  list: { keyword: [cooperations.subject, cooperations.name] },
})
