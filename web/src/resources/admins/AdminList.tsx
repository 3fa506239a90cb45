import { adminStatuses } from '@vod/contract/resources/admins'
import { useTranslation } from 'react-i18next'
import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { AdminStatusAction, adminStatus, useOwnId } from './AdminStatus.tsx'
import { admins } from './index.ts'
import type { Admin } from './types.ts'

export default function AdminList() {
  const { t } = useTranslation()
  const ownId = useOwnId()
  const columns: ResourceColumn<Admin>[] = [
    { key: 'id', sortable: true, width: 80 },
    { key: 'username', sortable: true },
    { key: 'name', sortable: true },
    { key: 'phone' },
    { ...adminStatus, sortable: true },
    { key: 'allocatedMembers' },
    { key: 'createdAt', sortable: true, type: 'datetime' },
    { key: 'updatedAt', sortable: true, type: 'datetime' },
  ]
  const statusOptions = adminStatuses.map((status) => ({
    value: status,
    label: t(`admins.statuses.${status}`),
  }))
  return (
    <ResourceList<Admin>
      resource={admins}
      columns={columns}
      filters={[{ name: 'status', options: statusOptions }]}
      defaultSort="-createdAt"
      rowActions={(admin) => <AdminStatusAction admin={admin} />}
      deletable={(admin) => admin.id !== ownId}
    />
  )
}
