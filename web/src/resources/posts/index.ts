import { FileTextOutlined } from '@ant-design/icons'
import { postsContract } from '@vod/contract/resources/posts'
import { defineResource } from '../../components/resource/define-resource.ts'
import { osHeaderGroup } from '../groups.ts'
import { postsLocale } from './locale.ts'

/** Articles of the public site: /videos/posts (spec section 2, under the 'OS header' menu). */
export const posts = defineResource({
  contract: postsContract,
  group: osHeaderGroup,
  base: '/videos/posts',
  icon: FileTextOutlined,
  locale: postsLocale,
  screens: { list: true, create: true, edit: true, show: true },
  list: {
    columns: ['id', 'cover', 'title', 'status', 'is_sticky', 'published_at', 'updated_at'],
    confirm: ['publish', 'unpublish'],
  },
  form: { initialValues: { content: '' } },
})
