import { type Role, SUPER_ADMIN_ROLE } from '@vod/contract'
import { useTranslation } from 'react-i18next'
import { ResourceList } from '../../components/resource/ResourceList.tsx'
import { useCanAssign } from './use-can-assign.ts'

const isSuperAdmin = (role: Role) => role.name === SUPER_ADMIN_ROLE

/** /permissions/roles: the super-admin role is never deleted, and edited only by who may assign it. */
export default function RoleList() {
  const { t } = useTranslation()
  // Editing the super-admin role can only change who holds it.
  const mayAssign = useCanAssign()
  return (
    <ResourceList<Role>
      offer={(role, action) =>
        !isSuperAdmin(role) ||
        (action === 'edit' && (mayAssign || t('roles.superAdminFixed'))) ||
        (action === 'delete' && t('roles.superAdminKept'))
      }
    />
  )
}
