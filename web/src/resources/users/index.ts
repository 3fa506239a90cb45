import { UserOutlined } from '@ant-design/icons'
import { defineResource } from '../../components/resource/define-resource.ts'
import { membersGroup } from '../groups.ts'
import { usersLocale } from './locale.ts'

/**
 * Members: /users (spec section 2: list, edit/{id}, {id}); no create screen, members come from sign-ups or
 * the batch create (/users/batch-create, with batch-create-users).
 */
export const users = defineResource({
  name: 'users',
  group: membersGroup,
  base: '/users',
  icon: UserOutlined,
  locale: usersLocale,
  screens: {
    list: () => import('./UserList.tsx'),
    'batch-create': () => import('./UserBatchCreate.tsx'),
    edit: () => import('./UserForm.tsx'),
    show: () => import('./UserShow.tsx'),
  },
})
