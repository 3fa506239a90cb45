import { DatabaseOutlined } from '@ant-design/icons'
import { defineResource } from '../../components/resource/define-resource.ts'
import { sourcesLocale } from './locale.ts'

/** Where videos come from, each filed under a genre tag: /sources (spec section 2). */
export const sources = defineResource({
  name: 'sources',
  icon: DatabaseOutlined,
  locale: sourcesLocale,
  screens: {
    list: () => import('./SourceList.tsx'),
    create: () => import('./SourceForm.tsx'),
    edit: () => import('./SourceForm.tsx'),
  },
})
