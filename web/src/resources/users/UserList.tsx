import { userActions } from '@vod/contract/resources/members'
import { useTranslation } from 'react-i18next'
import type { ResourceFilter } from '../../components/resource/ListFilters.tsx'
import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { useCan } from '../../stores/permission.ts'
import { users } from './index.ts'
import { userStatusColors, userStatusOptions } from './status.ts'
import type { User } from './types.ts'

/**
 * /users: find members by keyword (username, e-mail, phone), status, plan, sign-up and end dates; enable
 * or disable them in the row.
 */
export default function UserList() {
  const { t } = useTranslation()
  // The plan picker asks /api/plans, which needs list-plans.
  const canPickPlans = useCan('list', 'plans')
  const columns: ResourceColumn<User>[] = [
    { key: 'id', sortable: true, width: 80 },
    { key: 'avatar', type: 'image', width: 72 },
    { key: 'username', sortable: true },
    { key: 'email', sortable: true },
    { key: 'phone' },
    { key: 'status', sortable: true, type: 'status', colors: userStatusColors },
    { key: 'planName', sortable: true },
    { key: 'startDate', sortable: true, type: 'date' },
    { key: 'endDate', sortable: true, type: 'date' },
    { key: 'createdAt', sortable: true, type: 'datetime' },
  ]
  const filters: ResourceFilter[] = [
    { name: 'status', options: userStatusOptions(t) },
    ...(canPickPlans ? [{ name: 'planId', kind: 'record', resource: 'plans' } as const] : []),
    { name: 'createdAt', kind: 'dateRange' },
    { name: 'endDate', kind: 'dateRange', days: true },
  ]
  return (
    <ResourceList<User>
      resource={users}
      columns={columns}
      actions={userActions}
      confirm={['disable']}
      filters={filters}
      defaultSort="-id"
    />
  )
}
