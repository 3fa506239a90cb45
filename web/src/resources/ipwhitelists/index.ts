import { SafetyOutlined } from '@ant-design/icons'
import { defineResource } from '../../components/resource/define-resource.ts'
import { membersGroup } from '../groups.ts'
import { ipwhitelistsLocale } from './locale.ts'

/** The IP whitelist: /users/ipwhitelists (spec section 2: list, create, edit/{id}). */
export const ipwhitelists = defineResource({
  name: 'ipwhitelists',
  group: membersGroup,
  base: '/users/ipwhitelists',
  icon: SafetyOutlined,
  locale: ipwhitelistsLocale,
  screens: {
    list: () => import('./IpWhitelistList.tsx'),
    create: () => import('./IpWhitelistForm.tsx'),
    edit: () => import('./IpWhitelistForm.tsx'),
  },
})
