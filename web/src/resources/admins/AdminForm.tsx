import type { AdminRoleRef } from '@vod/contract'
import { adminStatuses } from '@vod/contract/resources/admins'
import { Input, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { passwordRule } from '../../components/form/password-rule.ts'
import { RecordPicker } from '../../components/resource/RecordPicker.tsx'
import { type ResourceField, ResourceForm } from '../../components/resource/ResourceForm.tsx'
import type { RecordValues } from '../../components/resource/resource-queries.ts'
import { useCan } from '../../stores/permission.ts'
import { admins } from './index.ts'

/** The record's role references as the ids the roles select holds. */
const toForm = (record: RecordValues): RecordValues => ({
  ...record,
  roleIds: ((record.roles as AdminRoleRef[] | undefined) ?? []).map((role) => role.id),
})

const emptyToNull = (value: unknown) => (typeof value === 'string' && !value.trim() ? null : value)

/**
 * Create and edit an admin. The password is required on create and optional on edit (left empty, the old
 * one stays); both follow spec section 5's rule. Roles come from GET /api/roles.
 */
export default function AdminForm() {
  const { t } = useTranslation()
  const editing = useParams().id !== undefined
  // Without list-roles the roles cannot be offered, so the field is not shown and not sent.
  const canPickRoles = useCan('list', 'roles')
  // An edit changes the status only with the permissions of the enable and disable actions (the server
  // answers 403 otherwise); without them the field is left to those actions.
  const canEnable = useCan('enable', 'admins')
  const canDisable = useCan('disable', 'admins')
  const canSetStatus = !editing || (canEnable && canDisable)
  const statusOptions = adminStatuses.map((status) => ({
    value: status,
    label: t(`admins.statuses.${status}`),
  }))

  const toBody = ({ password, phone, email, roleIds, status, ...rest }: RecordValues): RecordValues => ({
    ...rest,
    ...(canSetStatus ? { status } : {}),
    phone: emptyToNull(phone),
    email: emptyToNull(email),
    ...(password ? { password } : {}),
    ...(canPickRoles ? { roleIds: roleIds ?? [] } : {}),
  })

  const fields: ResourceField[] = [
    { name: 'username', required: true, input: <Input maxLength={50} autoComplete="off" /> },
    {
      name: 'password',
      rules: [passwordRule(t, { optional: editing })],
      extra: editing ? t('admins.passwordKeep') : undefined,
      input: <Input.Password maxLength={72} autoComplete="new-password" />,
    },
    { name: 'name', required: true, input: <Input maxLength={100} /> },
    { name: 'phone', input: <Input maxLength={30} autoComplete="off" /> },
    { name: 'email', rules: [{ type: 'email' }], input: <Input maxLength={255} autoComplete="off" /> },
  ]
  if (canSetStatus) fields.push({ name: 'status', required: true, input: <Select options={statusOptions} /> })
  if (canPickRoles)
    fields.push({
      name: 'roleIds',
      input: <RecordPicker resource="roles" mode="multiple" allowClear />,
    })

  return (
    <ResourceForm
      resource={admins}
      fields={fields}
      initialValues={{ status: 'enabled', roleIds: [] }}
      toForm={toForm}
      toBody={toBody}
    />
  )
}
