import { TeamOutlined } from '@ant-design/icons'
import { type Role, rolesContract } from '@vod/contract/resources/roles'
import { defineResource } from '../../components/resource/define-resource.ts'
import { permissionsGroup } from '../groups.ts'
import { rolesLocale } from './locale.ts'

/** Roles: a name, the permissions it holds, the admins holding it (/permissions/roles, spec sections 2 and 6). */
export const roles = defineResource({
  contract: rolesContract,
  group: permissionsGroup,
  icon: TeamOutlined,
  locale: rolesLocale,
  screens: {
    list: () => import('./RoleList.tsx'),
    create: () => import('./RoleForm.tsx'),
    edit: () => import('./RoleForm.tsx'),
  },
  list: {
    columns: [
      'id',
      'name',
      { field: 'permissions', render: (role: Role) => role.permissions.length },
      'admins',
      'created_at',
      'updated_at',
    ],
  },
})
