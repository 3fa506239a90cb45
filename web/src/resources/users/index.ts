import { UserOutlined } from '@ant-design/icons'
import { usersContract } from '@vod/contract/resources/members'
import { defineResource } from '../../components/resource/define-resource.ts'
import { membersGroup } from '../groups.ts'
import { usersLocale } from './locale.ts'

/**
 * Members: /users (spec section 2: list, edit/{id}, {id}); no create screen, members come from sign-ups or
 * the batch create (/users/batch-create, with batch-create-users). The status changes by enable / disable.
 */
export const users = defineResource({
  contract: usersContract,
  group: membersGroup,
  base: '/users',
  icon: UserOutlined,
  locale: usersLocale,
  screens: { list: true, 'batch-create': true, edit: true, show: () => import('./UserShow.tsx') },
  list: {
    columns: [
      'id',
      'avatar',
      'username',
      'email',
      'phone',
      'status',
      'plan_id',
      'start_date',
      'end_date',
      'created_at',
    ],
    // The table fits a 1440 px screen; these come back through the column picker.
    hidden: ['avatar', 'phone', 'plan_id', 'start_date'],
    filters: ['status', 'plan_id', 'created_at', 'end_date'],
    confirm: ['disable'],
  },
  show: {
    related: [
      { resource: 'orders', filter: 'user_id' },
      { resource: 'subscriptions', filter: 'user_id' },
      { resource: 'supports', filter: 'user_id', listed: true },
    ],
  },
  import: {
    examples: {
      username: 'member.lee',
      email: 'lee@example.com',
      first_name: 'Li',
      last_name: 'Lee',
      birthdate: '1990-05-06',
      phone: '+86 138 0000 0000',
      plan_id: '',
      end_date: '2027-12-01',
    },
  },
})
