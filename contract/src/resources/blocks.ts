import { z } from 'zod'
import { expiryInput, expiryList, expiryRecord } from '../expiry.ts'
import { defineContract } from '../resource.ts'
import { clearable, externalLink, flag, instant, media, recordId, reference } from '../values.ts'
import { videoStatuses } from './videos.ts'

/**
 * Blocks are the rows of the member site's pages, shown in `sort` order: a row of videos in the order
 * staff set, an advertisement slot, or an image banner with a link; until `expired_at`, as banners.
 */
export const blockTypes = ['videos', 'advertisement', 'image'] as const

/** The member site's pages that are made of blocks. */
export const blockPages = ['home', 'videos', 'models'] as const

/**
 * Which of the member site's audiences sees a video of a block: members browsing its section for women,
 * its section for men, or everyone (`all`, unless staff narrow it).
 */
export const blockAudiences = ['all', 'female', 'male'] as const

export const blockLimits = { title: 100, description: 500, name: 100 } as const

const blockInput = z.object({
  title: z.string().trim().min(1).max(blockLimits.title),
  description: clearable(z.string().trim().max(blockLimits.description)).optional(),
  type: z.enum(blockTypes).default('videos'),
  page: z.enum(blockPages).default('home'),
  /** 1: drawn in a framed box; 0: across the page's full width. */
  is_box: flag.optional(),
  sort: z.number().int().min(0).max(100_000).default(0),
  advertisement_id: reference('advertisements').nullable().optional(),
  image: clearable(media('images')).optional(),
  mobile_image: clearable(media('images')).optional(),
  link: externalLink.optional(),
  /** A seasonal block comes down at a moment (and is published again with null), as a banner does. */
  ...expiryInput,
})

const blockRecord = z
  .object({
    id: recordId,
    title: z.string(),
    description: z.string().nullable(),
    type: z.enum(blockTypes),
    page: z.enum(blockPages),
    is_box: flag,
    sort: z.number().int(),
    advertisement_id: reference('advertisements').nullable(),
    advertisement_name: z.string().nullable(),
    image: media('images').nullable(),
    mobile_image: media('images').nullable(),
    link: z.string().nullable(),
    videos_count: z.number().int(),
    ...expiryRecord,
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Block' })
export type Block = z.infer<typeof blockRecord>

/**
 * How a block presents one of its videos, set per block: `name` the caption the card shows instead of the
 * video's title (null: the title), `gender` the audience it is shown to, `is_popular` a "Popular" badge.
 */
const blockVideoInput = z.object({
  name: clearable(z.string().trim().max(blockLimits.name)).optional(),
  gender: z.enum(blockAudiences).optional(),
  is_popular: flag.optional(),
})

/** One video of a block (GET /blocks/{id}/videos): the video's own fields and the block's settings for it. */
const blockVideoRecord = z
  .object({
    id: recordId,
    cover: media('images').nullable(),
    title: z.string(),
    serial_number: z.string(),
    is_free: flag,
    status: z.enum(videoStatuses),
    published_at: instant.nullable(),
    name: z.string().nullable(),
    gender: z.enum(blockAudiences),
    is_popular: flag,
    position: z.number().int(),
  })
  .meta({ id: 'BlockVideo' })
export type BlockVideo = z.infer<typeof blockVideoRecord>

/** POST /blocks/{id}/photos: the block's image and mobile image (either or both; null clears). */
export const blockPhotosInput = blockInput
  .pick({ image: true, mobile_image: true })
  .refine((body) => body.image !== undefined || body.mobile_image !== undefined, {
    message: 'validation.required',
    path: ['image'],
  })

/** POST /blocks/{id}/advertisements: the advertisement the block shows (null: none). */
export const blockAdvertisementInput = z.object({
  advertisement_id: reference('advertisements').nullable(),
})

export const blocksContract = defineContract({
  path: 'blocks',
  record: blockRecord,
  input: blockInput,
  label: 'title',
  list: {
    sortable: [
      'id',
      'title',
      'type',
      'page',
      'sort',
      'videos_count',
      ...expiryList.sortable,
      'created_at',
      'updated_at',
    ],
    defaultSort: 'sort',
    // `page` is the list's paging, so the page a block is on filters as `on_page`.
    filters: {
      type: true,
      on_page: z.enum(blockPages),
      is_box: true,
      advertisement_id: true,
      ...expiryList.filters,
    },
    ranges: expiryList.ranges,
    keyword: true,
  },
  children: {
    videos: {
      record: blockVideoRecord,
      input: blockVideoInput,
      links: 'videos',
      ordered: true,
      list: {
        sortable: ['id', 'position', 'serial_number', 'published_at'],
        defaultSort: 'position',
        filters: { status: true, is_free: true, gender: true, is_popular: true },
      },
    },
  },
})
