import type { ActionTable } from '@vod/contract/actions'
import type { ButtonProps } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Id } from '../../api/resource-client.ts'
import { can } from '../../base/permission-match.ts'
import { usePermissions } from '../../stores/permission.ts'
import { stateColors } from './Display.tsx'
import { ResourceAction } from './ResourceAction.tsx'
import { isDangerous, offeredActions } from './record-actions.ts'
import { useResource } from './resource-context.tsx'

/** Whether a record offers an action: yes, no (hidden), or disabled with the reason (ResourceList's `offer`). */
export type Offer<T> = (record: T, action: string) => boolean | string

export interface RecordActionsProps<T> {
  record: T
  offer?: Offer<T>
  /** The resource's transition table from the contract. */
  table: ActionTable
  /** Actions that ask first (the destructive ones): `{resource}.confirms.{action}`, or a general question. */
  confirm?: readonly string[]
  button?: ButtonProps
}

/** A record's buttons from its transition table: exactly what its state allows and the admin may do. */
export function RecordActions<T extends { id: Id }>({
  record,
  table,
  confirm = [],
  button,
  offer,
}: RecordActionsProps<T>) {
  const { t } = useTranslation()
  const resource = useResource()
  const names = usePermissions((state) => state.names)
  return offeredActions(table, record, (action) => can(names, action, resource.name)).flatMap((action) => {
    const offered = offer?.(record, action) ?? true
    if (offered === false) return []
    const asks = confirm.includes(action)
    const question = t(`${resource.name}.confirms.${action}`, {
      defaultValue: t('resource.actionConfirm', {
        action: t([`${resource.name}.actions.${action}`, `resource.verbs.${action}`]),
      }),
    })
    return (
      <ResourceAction
        key={action}
        id={record.id}
        version={(record as { version?: unknown }).version}
        action={action}
        confirm={asks ? question : undefined}
        unavailable={typeof offered === 'string' ? offered : undefined}
        reason={table[action]?.reason}
        button={{ danger: asks && isDangerous(table, action, stateColors), ...button }}
      />
    )
  })
}
