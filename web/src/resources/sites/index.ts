import { CloudServerOutlined } from '@ant-design/icons'
import { defineResource } from '../../components/resource/define-resource.ts'
import { osHeaderGroup } from '../groups.ts'
import { sitesLocale } from './locale.ts'

/** The business's other sites: /videos/sites (spec section 2, under the 'OS header' menu). */
export const sites = defineResource({
  name: 'sites',
  group: osHeaderGroup,
  base: '/videos/sites',
  icon: CloudServerOutlined,
  locale: sitesLocale,
  screens: {
    list: () => import('./SiteList.tsx'),
    create: () => import('./SiteForm.tsx'),
    edit: () => import('./SiteForm.tsx'),
    show: () => import('./SiteShow.tsx'),
  },
})
