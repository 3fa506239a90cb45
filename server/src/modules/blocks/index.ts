import { type Block, blockAdvertisementInput, blockPhotosInput, blocksContract } from '@vod/contract'
import { eq, sql } from 'drizzle-orm'
import { advertisements, blocks, blockVideos, videos } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'
import { expiryOf } from '../../lib/resource/expiry.ts'
import { qualified, resolveKeys } from '../../lib/resource/relations.ts'
import type { ActionRoute } from '../../lib/resource/types.ts'

/**
 * POST /api/blocks/{id}/photos behind edit-blocks (spec section 7): the block's image and mobile image,
 * uploads of POST /files/images or http(s) addresses; a field left out keeps its value, null clears it.
 */
const setPhotos: ActionRoute<Block> = {
  permission: 'edit',
  body: blockPhotosInput,
  summary: "Set a block's image and mobile image",
  description: 'Either or both; null clears one. Answers the block.',
  async run({ tx, id, body }) {
    await tx
      .update(blocks)
      .set({
        ...(body.image !== undefined ? { image: body.image } : {}),
        ...(body.mobile_image !== undefined ? { mobileImage: body.mobile_image } : {}),
      })
      .where(eq(blocks.id, id))
  },
}

/**
 * POST /api/blocks/{id}/advertisements behind edit-blocks (spec section 7): the advertisement slot the block
 * shows, or none (null). An unknown advertisement is 422 on advertisement_id.
 */
const setAdvertisement: ActionRoute<Block> = {
  permission: 'edit',
  body: blockAdvertisementInput,
  summary: 'Set the advertisement a block shows',
  description: '`advertisement_id: null` takes it away. Answers the block.',
  async run({ tx, id, body }) {
    const wanted: number | null = body.advertisement_id
    if (wanted !== null)
      await resolveKeys(tx, { table: advertisements }, 'advertisement_id', [wanted], 'validation.exists')
    await tx.update(blocks).set({ advertisementId: wanted }).where(eq(blocks.id, id))
  },
}

/** Whether a block's time is over: its `expired_at` has passed (the member site no longer shows it). */
const expiry = expiryOf(blocks.expiredAt)

/**
 * The member site's page blocks (spec sections 3 and 7): rows shown in `sort` order per page, each an
 * ordered row of videos (GET / POST /blocks/{id}/videos, reorder, remove, and how the block presents each),
 * an advertisement slot or an image with a link; shown until `expired_at`, as a banner.
 */
export const blocksModule = defineResource<Block>({
  contract: blocksContract,
  table: blocks,
  joins: [{ table: advertisements, on: eq(advertisements.id, blocks.advertisementId) }],
  present: {
    advertisement_name: advertisements.name,
    videos_count: sql`(select count(*) from ${blockVideos} where ${qualified(blockVideos.blockId)} = ${qualified(blocks.id)})::integer`,
    ...expiry.present,
  },
  list: { keyword: [blocks.title], filters: { on_page: { column: blocks.page }, ...expiry.filters } },
  actions: { photos: setPhotos, advertisements: setAdvertisement },
  children: {
    videos: { through: blockVideos, target: videos, position: blockVideos.position },
  },
})
