import { TeamOutlined } from '@ant-design/icons'
import { defineResource } from '../../components/resource/define-resource.ts'
import { permissionsGroup } from '../groups.ts'
import { rolesLocale } from './locale.ts'

/** Roles: a name, the permissions it holds, the admins holding it (/permissions/roles, spec sections 2 and 6). */
export const roles = defineResource({
  name: 'roles',
  group: permissionsGroup,
  icon: TeamOutlined,
  locale: rolesLocale,
  screens: {
    list: () => import('./RoleList.tsx'),
    create: () => import('./RoleForm.tsx'),
    edit: () => import('./RoleForm.tsx'),
  },
})
