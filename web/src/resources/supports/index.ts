import { CustomerServiceOutlined } from '@ant-design/icons'
import { supportsContract } from '@vod/contract/resources/supports'
import { defineResource } from '../../components/resource/define-resource.ts'
import { questionsGroup } from '../groups.ts'
import { supportsLocale } from './locale.ts'

/** Support tickets: /questions/supports and {id} (spec section 2); solve, archive, recover, delete, reply. */
export const supports = defineResource({
  contract: supportsContract,
  group: questionsGroup,
  base: '/questions/supports',
  icon: CustomerServiceOutlined,
  locale: supportsLocale,
  screens: { list: true, show: () => import('./SupportShow.tsx') },
  list: {
    columns: ['id', 'type', 'subject', 'email', 'username', 'status', 'created_at'],
    filters: ['status', 'type', 'user_id', 'created_at'],
    // What a phone keeps: what it is about, where it stands, when it came.
    phone: ['subject', 'status', 'created_at'],
    confirm: ['archive'],
  },
})
