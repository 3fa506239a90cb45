import { SolutionOutlined } from '@ant-design/icons'
import { cooperationsContract } from '@vod/contract/resources/cooperations'
import { defineResource } from '../../components/resource/define-resource.ts'
import { osHeaderGroup } from '../groups.ts'
import { cooperationsLocale } from './locale.ts'

/** Cooperation requests: /videos/cooperations and {id} (spec section 2, under 'OS header'); solve, archive, delete. */
export const cooperations = defineResource({
  contract: cooperationsContract,
  group: osHeaderGroup,
  base: '/videos/cooperations',
  icon: SolutionOutlined,
  locale: cooperationsLocale,
  screens: { list: true, show: true },
  list: {
    columns: ['id', 'subject', 'name', 'email', 'phone', 'status', 'created_at'],
    filters: ['status', 'created_at'],
    confirm: ['archive'],
  },
})
