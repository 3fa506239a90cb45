import { VideoCameraAddOutlined } from '@ant-design/icons'
import { videosContract } from '@vod/contract/resources/videos'
import { defineResource } from '../../components/resource/define-resource.ts'
import { osHeaderGroup } from '../groups.ts'
import { videosLocale } from './locale.ts'

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
      'status',
      'is_free',
      'is_main',
      'views',
      'source_id',
      'published_at',
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
      'status',
      'published_at',
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
