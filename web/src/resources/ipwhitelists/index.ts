import { SafetyOutlined } from '@ant-design/icons'
import { ipwhitelistsContract } from '@vod/contract/resources/members'
import { defineResource } from '../../components/resource/define-resource.ts'
import { membersGroup } from '../groups.ts'
import { ipwhitelistsLocale } from './locale.ts'

/** The IP whitelist: /users/ipwhitelists (spec section 2: list, create, edit/{id}). */
export const ipwhitelists = defineResource({
  contract: ipwhitelistsContract,
  group: membersGroup,
  base: '/users/ipwhitelists',
  icon: SafetyOutlined,
  locale: ipwhitelistsLocale,
  screens: { list: true, create: true, edit: true },
})
