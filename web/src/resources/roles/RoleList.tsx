import { Space, Tag } from 'antd'
import { type ResourceColumn, ResourceList } from '../../components/resource/ResourceList.tsx'
import { roles } from './index.ts'
import type { Role } from './types.ts'

export default function RoleList() {
  const columns: ResourceColumn<Role>[] = [
    { key: 'id', sortable: true, width: 80 },
    { key: 'name', sortable: true },
    { key: 'permissions', render: (_, role) => role.permissions.length },
    {
      key: 'admins',
      render: (_, role) => (
        <Space size={[0, 4]} wrap>
          {role.admins.map((admin) => (
            <Tag key={admin.id}>{admin.name || admin.username}</Tag>
          ))}
        </Space>
      ),
    },
    { key: 'createdAt', sortable: true, type: 'datetime' },
    { key: 'updatedAt', sortable: true, type: 'datetime' },
  ]
  return <ResourceList<Role> resource={roles} columns={columns} defaultSort="id" />
}
