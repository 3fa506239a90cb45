import { VideoCameraAddOutlined } from '@ant-design/icons'
import { type Video, videosContract } from '@vod/contract/resources/videos'
import type { TFunction } from 'i18next'
import { defineResource } from '../../components/resource/define-resource.ts'
import { osHeaderGroup } from '../groups.ts'
import { videosLocale } from './locale.ts'
import { videoPublishedAt, videoStatus } from './takedown.tsx'

// A taken-down draft shows as such, with no publish time while it is not published (issue 68).
const status = { field: 'status', render: (video: Video, t: TFunction) => videoStatus(video, t) } as const
const publishedAt = { field: 'published_at', render: (video: Video) => videoPublishedAt(video) } as const

/** The catalogue's videos: /videos, with show at /videos/show/{id} (spec section 2). */
export const videos = defineResource({
  contract: videosContract,
  group: osHeaderGroup,
  base: '/videos',
  icon: VideoCameraAddOutlined,
  locale: videosLocale,
  paths: { show: 'show/:id' },
  screens: {
    list: true,
    create: () => import('./VideoForm.tsx'),
    'batch-create': true,
    edit: () => import('./VideoForm.tsx'),
    show: () => import('./VideoShow.tsx'),
  },
  list: {
    columns: [
      'id',
      'cover',
      'serial_number',
      'title',
      status,
      'is_free',
      'is_main',
      'views',
      'source_id',
      publishedAt,
    ],
    // The table fits a 1440 px screen; these come back through the column picker.
    hidden: ['is_free', 'is_main', 'views', 'source_id'],
    confirm: ['publish', 'unpublish'],
  },
  show: {
    items: [
      'cover',
      'title',
      'serial_number',
      { field: 'status', render: (video: Video, t: TFunction) => videoStatus(video, t, true) },
      publishedAt,
      'video_duration',
      'is_free',
      'is_main',
      'tags',
      'directors',
      'source_id',
      'views',
      'likes',
      'dislikes',
      'description',
    ],
  },
  children: { photos: { columns: ['url', 'width', 'height', 'created_at'] } },
  import: {
    examples: {
      title: '夏日旅行 Summer trip',
      serial_number: 'ST-0001',
      description: 'A week by the sea.',
      cover: 'https://cdn.example.com/covers/st-0001.jpg',
      video: 'https://cdn.example.com/videos/st-0001.mp4',
      video_duration: '3600',
      genres: 'Travel|Documentary',
      studios: 'Atlas Frame',
      directors: 'Ava Lindqvist',
    },
  },
})
