import { GlobalOutlined } from '@ant-design/icons'
import { defineResource } from '../../components/resource/define-resource.ts'
import { seosLocale } from './locale.ts'

/** Search-engine texts of the public site's pages: /seos (spec section 2). */
export const seos = defineResource({
  name: 'seos',
  icon: GlobalOutlined,
  locale: seosLocale,
  screens: {
    list: () => import('./SeoList.tsx'),
    create: () => import('./SeoForm.tsx'),
    edit: () => import('./SeoForm.tsx'),
  },
})
