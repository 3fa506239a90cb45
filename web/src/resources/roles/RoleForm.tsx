import { useQueryClient } from '@tanstack/react-query'
import type { RoleAdminRef } from '@vod/contract'
import { Input } from 'antd'
import { http } from '../../api/http.ts'
import { RecordSelect } from '../../components/resource/RecordSelect.tsx'
import { type ResourceField, ResourceForm } from '../../components/resource/ResourceForm.tsx'
import type { RecordValues } from '../../components/resource/resource-queries.ts'
import { useCan } from '../../stores/permission.ts'
import type { Admin } from '../admins/types.ts'
import { roles } from './index.ts'
import { PermissionPicker } from './PermissionPicker.tsx'

const toForm = (record: RecordValues): RecordValues => ({
  ...record,
  adminIds: ((record.admins as RoleAdminRef[] | undefined) ?? []).map((admin) => admin.id),
})

/** The role itself is name and permissions; the admins holding it are saved by a second call. */
const toBody = ({ name, permissions }: RecordValues): RecordValues => ({
  name,
  permissions: permissions ?? [],
})

/**
 * Create and edit a role: its name, its permissions from the catalogue, and (with assign-roles) the
 * admins holding it, saved after the role with POST /api/roles/{id}/assign.
 */
export default function RoleForm() {
  const client = useQueryClient()
  const mayAssign = useCan('assign', 'roles')
  const mayListAdmins = useCan('list', 'admins')
  const canAssign = mayAssign && mayListAdmins

  const fields: ResourceField[] = [
    { name: 'name', required: true, input: <Input maxLength={100} /> },
    { name: 'permissions', input: <PermissionPicker /> },
  ]
  if (canAssign)
    fields.push({
      name: 'adminIds',
      input: (
        <RecordSelect<Admin>
          resource="admins"
          mode="multiple"
          allowClear
          optionLabel={(admin) => (admin.name ? `${admin.name} (${admin.username})` : admin.username)}
        />
      ),
    })

  const assign = async (saved: { id: number }, values: RecordValues) => {
    await http.post(`/roles/${saved.id}/assign`, { body: { adminIds: values.adminIds ?? [] } })
    await Promise.all([
      client.invalidateQueries({ queryKey: ['roles'] }),
      client.invalidateQueries({ queryKey: ['admins'] }),
    ])
  }

  return (
    <ResourceForm
      resource={roles}
      fields={fields}
      initialValues={{ permissions: [], adminIds: [] }}
      toForm={toForm}
      toBody={toBody}
      afterSave={canAssign ? assign : undefined}
      maxWidth={1040}
    />
  )
}
