import { z } from 'zod'
import { expiryInput, expiryList, expiryRecord } from '../expiry.ts'
import { defineContract } from '../resource.ts'
import { clearable, externalLink, instant, media, recordId, tally } from '../values.ts'

/** Where on the member site a banner shows. */
export const bannerPositions = ['home_hero', 'home_middle', 'videos_top', 'sidebar'] as const

/** What a banner shows: its image, or its video (the image then is the poster). */
export const bannerTypes = ['image', 'video'] as const

export const bannerLimits = { name: 100, title: 200, subtitle: 300, cta: 50 } as const

const optionalText = (max: number) => clearable(z.string().trim().max(max)).optional()

/** Spec section 3's banner; `clicks` is counted by the member site, so no form sets it. */
const bannerInput = z.object({
  position: z.enum(bannerPositions),
  name: z.string().trim().min(1).max(bannerLimits.name),
  title: optionalText(bannerLimits.title),
  subtitle: optionalText(bannerLimits.subtitle),
  type: z.enum(bannerTypes).default('image'),
  /** The call to action: the button's words ("Watch now"). */
  cta: optionalText(bannerLimits.cta),
  image: clearable(media('images')).optional(),
  mobile_image: clearable(media('images')).optional(),
  video: clearable(media('videos')).optional(),
  mobile_video: clearable(media('videos')).optional(),
  link: externalLink.optional(),
  sort: z.number().int().min(0).max(100_000).default(0),
  ...expiryInput,
})

const bannerRecord = z
  .object({
    id: recordId,
    position: z.enum(bannerPositions),
    name: z.string(),
    title: z.string().nullable(),
    subtitle: z.string().nullable(),
    type: z.enum(bannerTypes),
    cta: z.string().nullable(),
    image: media('images').nullable(),
    mobile_image: media('images').nullable(),
    video: media('videos').nullable(),
    mobile_video: media('videos').nullable(),
    link: z.string().nullable(),
    sort: z.number().int(),
    clicks: tally,
    ...expiryRecord,
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Banner' })

export const bannersContract = defineContract({
  path: 'banners',
  record: bannerRecord,
  input: bannerInput,
  list: {
    sortable: [
      'id',
      'name',
      'position',
      'sort',
      'clicks',
      ...expiryList.sortable,
      'created_at',
      'updated_at',
    ],
    defaultSort: 'sort',
    filters: { position: true, type: true, ...expiryList.filters },
    ranges: expiryList.ranges,
    keyword: true,
  },
})
