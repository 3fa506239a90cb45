import { z } from 'zod'
import { defineActions } from '../actions.ts'
import type { FieldLabels } from '../labels.ts'
import { defineContract } from '../resource.ts'
import {
  clearable,
  flag,
  instant,
  instantInput,
  media,
  mediaUrl,
  recordId,
  reference,
  references,
  tally,
} from '../values.ts'

/** A video is a draft until it is published (spec section 4: videos: publish). */
/** The longest video the catalogue takes, in seconds: a header claiming more is read as unknown. */
export const MAX_VIDEO_SECONDS = 86_400

export const videoStatuses = ['draft', 'published'] as const

/**
 * Unpublishing (a takedown) takes a published video back to a draft, which the member site does not show,
 * saying why; publishing it again undoes that and keeps its first publish time.
 */
export const videoActions = defineActions({
  publish: { from: ['draft'], to: 'published' },
  unpublish: { from: ['published'], to: 'draft', reason: true, undo: 'publish' },
})

export const videoLimits = { title: 200, serialNumber: 50, description: 5000 } as const

const optionalVideo = clearable(media('videos')).optional()

/** Spec section 3's video, as a form sends it; counts left out stay as they are (0 on create). */
const videoInput = z.object({
  title: z.string().trim().min(1).max(videoLimits.title),
  serial_number: z
    .string()
    .trim()
    .min(1)
    .max(videoLimits.serialNumber)
    .regex(/^[\w.-]+$/, 'validation.serial_number'),
  description: clearable(z.string().trim().max(videoLimits.description)).optional(),
  cover: clearable(mediaUrl).optional(),
  preview_video: optionalVideo,
  trailer: optionalVideo,
  video: optionalVideo,
  video_duration: z.number().int().min(0).max(MAX_VIDEO_SECONDS).nullable().optional(),
  original_views: tally.optional(),
  subscriber_trailer_views: tally.optional(),
  visitor_trailer_views: tally.optional(),
  views: tally.optional(),
  likes: tally.optional(),
  dislikes: tally.optional(),
  is_free: flag.optional(),
  is_main: flag.optional(),
  source_id: reference('sources').nullable().optional(),
  published_at: instantInput.nullable().optional(),
  /** Model, studio and genre tags together. */
  tag_ids: references('tags').optional(),
  director_ids: references('directors').optional(),
})

const videoTagRef = z.object({ id: z.number().int(), name: z.string(), type: z.string() })
const ref = z.object({ id: z.number().int(), name: z.string() })

export const videoRecord = z
  .object({
    id: recordId,
    title: z.string(),
    serial_number: z.string(),
    description: z.string().max(videoLimits.description).nullable(),
    cover: mediaUrl.nullable(),
    preview_video: media('videos').nullable(),
    trailer: media('videos').nullable(),
    video: media('videos').nullable(),
    video_duration: z.number().int().nullable(),
    original_views: z.number().int(),
    subscriber_trailer_views: z.number().int(),
    visitor_trailer_views: z.number().int(),
    views: z.number().int(),
    likes: z.number().int(),
    dislikes: z.number().int(),
    is_free: flag,
    is_main: flag,
    source_id: reference('sources').nullable(),
    source_name: z.string().nullable(),
    status: z.enum(videoStatuses),
    published_at: instant.nullable(),
    /**
     * A draft taken down (unpublished): when, by whom (the admin's username) and why, from its audit entry;
     * all null while published or never taken down.
     */
    taken_down_at: instant.nullable(),
    taken_down_by: z.string().nullable(),
    takedown_reason: z.string().nullable(),
    tag_ids: references('tags'),
    tags: z.array(videoTagRef),
    director_ids: references('directors'),
    directors: z.array(ref),
    photos_count: z.number().int(),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Video' })
export type Video = z.infer<typeof videoRecord>

/** A gallery photo of a video (`/videos/{id}/photos`; all of them at GET /photos). */
const photoInput = z.object({
  url: mediaUrl,
  width: z.number().int().min(1).max(100_000).nullable().optional(),
  height: z.number().int().min(1).max(100_000).nullable().optional(),
})

const photoRecord = z
  .object({
    id: recordId,
    video_id: reference('videos'),
    url: mediaUrl,
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    position: z.number().int(),
    created_at: instant,
  })
  .meta({ id: 'Photo' })

/** GET /api/photos: every video's gallery photos in one list (changes go through /videos/{id}/photos). */
export const photosContract = defineContract({
  path: 'photos',
  record: photoRecord,
  operations: ['list'],
  list: { sortable: ['id', 'position', 'created_at'], defaultSort: '-id', filters: { video_id: true } },
})

const names = z.array(z.string().trim().min(1).max(100)).max(100).optional()

/**
 * One row of the batch create (`POST /files/cdn77BatchUpload`, a CSV): a video's fields, with its tags and
 * directors named rather than numbered (`genres: Drama|Comedy`), each matched by name within its kind.
 */
const videoBatchRow = videoInput.omit({ tag_ids: true, director_ids: true }).extend({
  genres: names,
  models: names,
  studios: names,
  directors: names,
})

/** A video's fields as the screens name them, and its CSV's header in either language (labels.ts). */
export const videoFieldLabels = {
  serial_number: ['Serial number', '编号'],
  preview_video: ['Preview video', '预览视频'],
  trailer: ['Trailer', '预告片'],
  video: ['Video', '正片'],
  video_duration: ['Duration (seconds)', '时长（秒）'],
  original_views: ['Original views', '原始播放量'],
  subscriber_trailer_views: ['Trailer views (subscribers)', '预告片播放量（订阅者）'],
  visitor_trailer_views: ['Trailer views (visitors)', '预告片播放量（访客）'],
  views: ['Views', '播放量'],
  likes: ['Likes', '点赞'],
  dislikes: ['Dislikes', '点踩'],
  is_free: ['Free', '免费'],
  is_main: ['Main', '主推'],
  source_id: ['Source', '来源'],
  source_name: ['Source', '来源'],
  tag_ids: ['Tags', '标签'],
  tags: ['Tags', '标签'],
  model_ids: ['Models', '模特'],
  studio_ids: ['Studios', '工作室'],
  genre_ids: ['Genres', '题材'],
  director_ids: ['Directors', '导演'],
  directors: ['Directors', '导演'],
  director_id: ['Director', '导演'],
  photos_count: ['Photos', '图片数'],
  taken_down_at: ['Taken down at', '下架时间'],
  taken_down_by: ['Taken down by', '下架人'],
  takedown_reason: ['Takedown reason', '下架原因'],
  genres: ['Genres', '题材'],
  models: ['Models', '模特'],
  studios: ['Studios', '工作室'],
} as const satisfies FieldLabels

/**
 * The catalogue's videos: filters and sorts for a million rows, tags and directors written with the video, a
 * gallery of photos, publishing, the CSV export and the batch create from CSV.
 */
export const videosContract = defineContract({
  path: 'videos',
  record: videoRecord,
  input: videoInput,
  label: 'title',
  list: {
    sortable: [
      'id',
      'title',
      'serial_number',
      'views',
      'likes',
      'status',
      'published_at',
      'created_at',
      'updated_at',
    ],
    defaultSort: '-id',
    filters: {
      status: true,
      is_free: true,
      is_main: true,
      source_id: true,
      tag_id: reference('tags'),
      // Videos carrying any tag of the category.
      category_id: reference('tag-categories'),
      director_id: reference('directors'),
    },
    ranges: { published_at: true },
    keyword: true,
  },
  actions: videoActions,
  fieldLabels: videoFieldLabels,
  export: { filename: 'videos.csv' },
  import: { path: 'batch-create', url: '/files/cdn77BatchUpload', row: videoBatchRow },
  children: { photos: { record: photoRecord, input: photoInput, ordered: true } },
})
