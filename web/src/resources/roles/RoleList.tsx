import { SUPER_ADMIN_ROLE } from '@vod/contract'
import { useTranslation } from 'react-i18next'
import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { roles } from './index.ts'
import type { Role } from './types.ts'
import { useCanAssign } from './use-can-assign.ts'

export default function RoleList() {
  const { t } = useTranslation()
  // Editing the super-admin role can only change who holds it.
  const mayAssign = useCanAssign()
  const columns: ResourceColumn<Role>[] = [
    { key: 'id', sortable: true, width: 80 },
    { key: 'name', sortable: true },
    { key: 'permissions', render: (_, role) => role.permissions.length },
    { key: 'admins', type: 'relation', label: (admin) => admin.name || `${admin.username}` },
    { key: 'createdAt', sortable: true, type: 'datetime' },
    { key: 'updatedAt', sortable: true, type: 'datetime' },
  ]
  const superAdmin = (role: Role) => role.name === SUPER_ADMIN_ROLE
  return (
    <ResourceList<Role>
      resource={roles}
      columns={columns}
      defaultSort="id"
      editable={(role) => !superAdmin(role) || mayAssign || t('roles.superAdminFixed')}
      deletable={(role) => !superAdmin(role) || t('roles.superAdminKept')}
    />
  )
}
