import type { ActionTable } from '@vod/contract/actions'
import type { ButtonProps } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Id } from '../../api/resource-client.ts'
import { can } from '../../app/permission-match.ts'
import { usePermissions } from '../../stores/permission.ts'
import type { ResourceDefinition } from './define-resource.ts'
import { ResourceAction } from './ResourceAction.tsx'
import { offeredActions } from './record-actions.ts'

export interface RecordActionsProps {
  resource: ResourceDefinition
  record: { id: Id }
  /** The resource's transition table from the contract. */
  table: ActionTable
  /** Actions that ask first (the destructive ones): `{resource}.confirms.{action}`, or a general question. */
  confirm?: readonly string[]
  button?: ButtonProps
}

/** A record's buttons from its transition table: exactly what its state allows and the admin may do. */
export function RecordActions({ resource, record, table, confirm = [], button }: RecordActionsProps) {
  const { t } = useTranslation()
  const names = usePermissions((state) => state.names)
  return offeredActions(table, record, (action) => can(names, action, resource.name)).map((action) => {
    const asks = confirm.includes(action)
    const question = t(`${resource.name}.confirms.${action}`, {
      defaultValue: t('resource.actionConfirm', { action: t(`${resource.name}.actions.${action}`) }),
    })
    return (
      <ResourceAction
        key={action}
        resource={resource}
        id={record.id}
        action={action}
        confirm={asks ? question : undefined}
        button={{ danger: asks, ...button }}
      />
    )
  })
}
