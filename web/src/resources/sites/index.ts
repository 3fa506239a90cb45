import { CloudServerOutlined } from '@ant-design/icons'
import { sitesContract } from '@vod/contract/resources/sites'
import { defineResource } from '../../components/resource/define-resource.ts'
import { osHeaderGroup } from '../groups.ts'
import { sitesLocale } from './locale.ts'

/** The business's other sites: /videos/sites (spec section 2, under the 'OS header' menu). */
export const sites = defineResource({
  contract: sitesContract,
  group: osHeaderGroup,
  base: '/videos/sites',
  icon: CloudServerOutlined,
  locale: sitesLocale,
  screens: { list: true, create: true, edit: true, show: true },
})
