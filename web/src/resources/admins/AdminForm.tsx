import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { type FormField, ResourceForm } from '../../components/resource/ResourceForm.tsx'
import { useCan } from '../../stores/permission.ts'

/**
 * Create and edit an admin. The password is required on create and optional on edit (left empty, the old
 * one stays); both follow spec section 5's rule. Roles come from GET /api/roles.
 */
export default function AdminForm() {
  const { t } = useTranslation()
  const editing = useParams().id !== undefined
  // An edit changes the status only with the permissions of the enable and disable actions (the server
  // answers 403 otherwise); without them the field is left to those actions.
  const mayEnable = useCan('enable', 'admins')
  const mayDisable = useCan('disable', 'admins')
  const canSetStatus = !editing || (mayEnable && mayDisable)
  const fields: FormField[] = [
    'username',
    { name: 'password', extra: editing ? t('admins.passwordKeep') : undefined },
    'name',
    'phone',
    'email',
    ...(canSetStatus ? ['status'] : []),
    'role_ids',
  ]
  return <ResourceForm fields={fields} />
}
