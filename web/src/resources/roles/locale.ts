import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const rolesLocale = defineResourceLocale({
  title: ['Roles', '角色'],
  noun: ['role', '角色'],
  fields: {
    name: ['Role name', '角色名称'],
    permissions: ['Permissions', '权限'],
    admins: ['Admins', '管理员'],
    admin_ids: ['Admins holding this role', '拥有此角色的管理员'],
  },
  superAdminFixed: [
    'The super-admin role keeps its name and every permission; only who holds it can change.',
    '超级管理员角色的名称和全部权限不可更改，只能调整由谁担任。',
  ],
  superAdminKept: ['The super-admin role cannot be deleted.', '超级管理员角色不能删除。'],
})
