import { z } from 'zod'
import { defineContract } from '../resource.ts'
import { clearable, externalLink, instant, media, recordId } from '../values.ts'

/**
 * Advertisements are the member site's fixed ad slots (spec section 2: list, show and edit only): one per
 * position, made at start (server/src/auth/bootstrap.ts), so staff change what a slot shows, never how many
 * there are.
 */
export const advertisementPositions = [
  'home_top',
  'home_middle',
  'home_bottom',
  'video_sidebar',
  'video_pause',
] as const
export type AdvertisementPosition = (typeof advertisementPositions)[number]

/**
 * The name each slot is made with (server/src/auth/bootstrap.ts), in both languages as demo names are: staff
 * rename it; a name is data and is shown as written, so it must never be the position's code.
 */
export const advertisementSlotNames: Record<AdvertisementPosition, string> = {
  home_top: 'Home page, top 首页顶部',
  home_middle: 'Home page, middle 首页中部',
  home_bottom: 'Home page, bottom 首页底部',
  video_sidebar: 'Video page, sidebar 视频页侧栏',
  video_pause: 'Player, when paused 播放器暂停时',
}

/** Where the ad's call-to-action button sits on its image. */
export const ctaPositions = ['left', 'center', 'right'] as const

export const advertisementLimits = { name: 100 } as const

const advertisementInput = z.object({
  name: z.string().trim().min(1).max(advertisementLimits.name),
  image: clearable(media('images')).optional(),
  mobile_image: clearable(media('images')).optional(),
  link: externalLink.optional(),
  cta_position: z.enum(ctaPositions),
})

const advertisementRecord = z
  .object({
    id: recordId,
    position: z.enum(advertisementPositions),
    name: z.string(),
    image: media('images').nullable(),
    mobile_image: media('images').nullable(),
    link: z.string().nullable(),
    cta_position: z.enum(ctaPositions),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Advertisement' })

export const advertisementsContract = defineContract({
  path: 'advertisements',
  record: advertisementRecord,
  input: advertisementInput,
  operations: ['list', 'show', 'edit'],
  list: {
    sortable: ['id', 'position', 'name', 'updated_at'],
    // Slots are made in the order of advertisementPositions: the page's order.
    defaultSort: 'id',
    filters: { position: true, cta_position: true },
    keyword: true,
  },
})
