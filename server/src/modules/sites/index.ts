import { sitesContract } from '@vod/contract'
import { sites } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

/** The business's other sites: a name, the domain it is served on (unique), and whether it is live. */
export const sitesModule = defineResource({
  contract: sitesContract,
  table: sites,
  list: {
    keyword: [sites.name, sites.domain],
  },
})
