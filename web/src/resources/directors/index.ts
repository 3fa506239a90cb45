import { VideoCameraOutlined } from '@ant-design/icons'
import { defineResource } from '../../components/resource/define-resource.ts'
import { directorsLocale } from './locale.ts'

/** Directors credited on videos: /directors (spec section 2). */
export const directors = defineResource({
  name: 'directors',
  icon: VideoCameraOutlined,
  locale: directorsLocale,
  screens: {
    list: () => import('./DirectorList.tsx'),
    create: () => import('./DirectorForm.tsx'),
    edit: () => import('./DirectorForm.tsx'),
    show: () => import('./DirectorShow.tsx'),
  },
})
