import { FileTextOutlined } from '@ant-design/icons'
import { defineResource } from '../../components/resource/define-resource.ts'
import { osHeaderGroup } from '../groups.ts'
import { postsLocale } from './locale.ts'

/** Articles of the public site: /videos/posts (spec section 2, under the 'OS header' menu). */
export const posts = defineResource({
  name: 'posts',
  group: osHeaderGroup,
  base: '/videos/posts',
  icon: FileTextOutlined,
  locale: postsLocale,
  screens: {
    list: () => import('./PostList.tsx'),
    create: () => import('./PostForm.tsx'),
    edit: () => import('./PostForm.tsx'),
    show: () => import('./PostShow.tsx'),
  },
})
