import { bannersContract } from '@vod/contract'
import { banners } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { expiryOf } from '../../lib/resource/expiry.ts'

/** Whether a banner's time is over: its `expired_at` has passed. */
const expiry = expiryOf(banners.expiredAt)

/**
 * Banners of the member site (spec section 3): uploads for the image, mobile image, video and mobile video,
 * a link that must be http(s), mailto or tel (422 on `link`), and `expired` once `expired_at` has passed.
 */
export const bannersModule = defineResource({
  contract: bannersContract,
  table: banners,
  present: expiry.present,
  list: {
    keyword: [banners.name, banners.title],
    filters: expiry.filters,
  },
})
