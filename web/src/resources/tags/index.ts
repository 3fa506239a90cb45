import { TagsOutlined } from '@ant-design/icons'
import { defineResource } from '../../components/resource/define-resource.ts'
import { tagsLocale } from './locale.ts'

export const tags = defineResource({
  name: 'tags',
  icon: TagsOutlined,
  locale: tagsLocale,
  screens: {
    list: () => import('./TagList.tsx'),
    create: () => import('./TagForm.tsx'),
    edit: () => import('./TagForm.tsx'),
  },
})
