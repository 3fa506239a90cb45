import { VideoCameraAddOutlined } from '@ant-design/icons'
import { defineResource } from '../../components/resource/define-resource.ts'
import { osHeaderGroup } from '../groups.ts'
import { videosLocale } from './locale.ts'

/** The catalogue's videos: /videos, with show at /videos/show/{id} (spec section 2). */
export const videos = defineResource({
  name: 'videos',
  group: osHeaderGroup,
  base: '/videos',
  icon: VideoCameraAddOutlined,
  locale: videosLocale,
  paths: { show: 'show/:id' },
  screens: {
    list: () => import('./VideoList.tsx'),
    create: () => import('./VideoForm.tsx'),
    'batch-create': () => import('./VideoBatchCreate.tsx'),
    edit: () => import('./VideoForm.tsx'),
    show: () => import('./VideoShow.tsx'),
  },
})
