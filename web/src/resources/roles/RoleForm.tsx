import { useQueryClient } from '@tanstack/react-query'
import { type Admin, type FieldRules, type Role, type RoleAdminRef, SUPER_ADMIN_ROLE } from '@vod/contract'
import { Alert, Form } from 'antd'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { PermissionPicker } from '../../components/permission/PermissionPicker.tsx'
import { RecordPicker } from '../../components/resource/RecordPicker.tsx'
import { type FormField, ResourceForm } from '../../components/resource/ResourceForm.tsx'
import { useResource } from '../../components/resource/resource-context.tsx'
import {
  queryKeys,
  type RecordValues,
  useRecordQuery,
  useResourceClient,
} from '../../components/resource/resource-queries.ts'
import { FieldRulesGrid } from './FieldRulesGrid.tsx'
import { hasScreens } from './screen-groups.ts'
import { useCanAssign } from './use-can-assign.ts'

/** The field rules' grid, offering the resources of the permissions ticked so far. */
function WatchedFieldRules(props: {
  id?: string
  value?: FieldRules
  onChange?: (value: FieldRules) => void
  disabled?: boolean
}) {
  const permissions = (Form.useWatch('permissions', Form.useFormInstance()) as string[] | undefined) ?? []
  return <FieldRulesGrid {...props} permissions={permissions} />
}

/**
 * The permissions that read channel-scoped data (issue 68 item 1): without `all-channels` their holders see
 * only the channels they administer, so orders, members and figures stay empty for an admin with none.
 */
const CHANNEL_DATA = [
  'list-users',
  'list-subscriptions',
  'list-orders',
  'list-daily-revenue',
  'list-daily-channel',
  'list-daily-campaign',
  'list-daily-data',
  'list-daily-subscriber-source',
  'list-daily-refund-statistics',
]

/** Whether a role reads channel data but sees no channel beyond those its holders administer. */
export function needsChannelScope(permissions: readonly string[]): boolean {
  return !permissions.includes('all-channels') && permissions.some((name) => CHANNEL_DATA.includes(name))
}

/** Said beside the permissions: a role reading channel data without `all-channels` shows nothing to a new admin. */
export function ChannelScopeWarning() {
  const { t } = useTranslation()
  const permissions = (Form.useWatch('permissions', Form.useFormInstance()) as string[] | undefined) ?? []
  if (!needsChannelScope(permissions)) return null
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      data-testid="channel-scope-warning"
      style={{ marginBottom: 8 }}
      title={t('roles.channelScopeWarning')}
    />
  )
}

const toForm = (record: RecordValues): RecordValues => ({
  ...record,
  admin_ids: ((record.admins as RoleAdminRef[] | undefined) ?? []).map((admin) => admin.id),
})

/**
 * Create and edit a role: its name, its permissions from the catalogue, and (with assign-roles) the
 * admins holding it, saved after the role with POST /api/roles/{id}/assign.
 */
export default function RoleForm() {
  const { t } = useTranslation()
  const queries = useQueryClient()
  const rolesApi = useResourceClient<Role>(useResource())
  const canAssign = useCanAssign()
  // The super-admin role keeps its name and every permission (the server answers 409); only its holders change.
  const fixed = useRecordQuery(rolesApi, useParams().id).data?.name === SUPER_ADMIN_ROLE

  /** The role itself is name, permissions and field rules; the admins holding it are saved by a second call. */
  const toBody = ({ name, permissions, field_rules }: RecordValues): RecordValues =>
    fixed ? {} : { name, permissions: permissions ?? [], field_rules: field_rules ?? {} }

  const fields: FormField[] = [
    { name: 'name', disabled: fixed, extra: fixed ? t('roles.superAdminFixed') : undefined },
    {
      name: 'permissions',
      input: <PermissionPicker disabled={fixed} groupShown={hasScreens} />,
      extra: fixed ? undefined : <ChannelScopeWarning />,
    },
    {
      name: 'field_rules',
      extra: t('roles.fieldRulesHint'),
      input: <WatchedFieldRules disabled={fixed} />,
    },
  ]
  if (canAssign)
    fields.push({
      name: 'admin_ids',
      input: (
        <RecordPicker<Admin>
          resource="admins"
          mode="multiple"
          allowClear
          optionLabel={(admin) => (admin.name ? `${admin.name} (${admin.username})` : admin.username)}
        />
      ),
    })

  const assign = async (saved: { id: number }, values: RecordValues) => {
    await rolesApi.action(saved.id, 'assign', { admin_ids: values.admin_ids ?? [] })
    await Promise.all([
      queries.invalidateQueries({ queryKey: queryKeys.resource('roles') }),
      queries.invalidateQueries({ queryKey: queryKeys.resource('admins') }),
    ])
  }

  return (
    <ResourceForm
      fields={fields}
      initialValues={{ permissions: [], admin_ids: [], field_rules: {} }}
      toForm={toForm}
      toBody={toBody}
      afterSave={canAssign ? assign : undefined}
      maxWidth={1040}
    />
  )
}
