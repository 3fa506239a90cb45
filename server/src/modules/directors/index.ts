import { directorsContract } from '@vod/contract'
import { directors } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

/** Directors credited on videos; a name is unique regardless of letter case. */
export const directorsModule = defineResource({
  contract: directorsContract,
  table: directors,
  list: {
    keyword: [directors.name],
  },
})
