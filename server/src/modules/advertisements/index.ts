import { advertisementsContract } from '@vod/contract'
import { advertisements } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

/**
 * The member site's ad slots (spec section 2: list, show and edit only): one per position, made by the
 * seed; staff change the name, images, link (http(s), mailto or tel) and where the button sits.
 */
export const advertisementsModule = defineResource({
  contract: advertisementsContract,
  table: advertisements,
  list: { keyword: [advertisements.name] },
})
