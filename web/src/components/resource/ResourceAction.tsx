import { Button, type ButtonProps } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Id } from '../../api/resource-client.ts'
import { notify } from '../../base/notify.ts'
import { useCan } from '../../stores/permission.ts'
import { ConfirmDialog } from './ConfirmDialog.tsx'
import { useResource } from './resource-context.tsx'
import { useRecordAction, useResourceClient } from './resource-queries.ts'
import { testId } from './test-id.ts'
import { Unavailable } from './Unavailable.tsx'

interface ResourceActionProps {
  id: Id
  /** The record's version as shown: an action on a record changed since is refused (412). */
  version?: unknown
  /** The action word of the permission and the label: `enable` -> `enable-admins`, `t('admins.actions.enable')`. */
  action: string
  /** The API path segment when it is not the action word (`resetQRCode`). */
  path?: string
  /** Ask first, with this question. */
  confirm?: string
  button?: ButtonProps
  /** Why the action cannot apply to this record now: offered disabled, with this as its tooltip. */
  unavailable?: string
  /** The action asks why (the contract's `reason`): the dialog takes it, and it goes as `{"reason"}`. */
  reason?: boolean
}

/**
 * An action on one record (enable, publish, reset...), shown only to admins holding its permission.
 * The server's refusal (a 409 when the record's state does not allow it) is shown as its message.
 */
export function ResourceAction({
  id,
  version,
  action,
  path = action,
  confirm,
  button,
  unavailable,
  reason,
}: ResourceActionProps) {
  const { t } = useTranslation()
  const resource = useResource()
  const allowed = useCan(action, resource.name)
  const run = useRecordAction(useResourceClient(resource), path)
  if (!allowed) return null
  const label = t([`${resource.name}.actions.${action}`, `resource.verbs.${action}`])
  if (unavailable)
    return (
      <Unavailable label={label} reason={unavailable} button={{ ...button, ...testId(`${action}-${id}`) }} />
    )
  const perform = (why?: string) =>
    run.mutateAsync({ id, version, body: why === undefined ? undefined : { reason: why } }).then(
      () => notify('success', t('resource.done')),
      (error: Error) => notify('error', error.message),
    )
  const trigger = (onClick: () => unknown) => (
    <Button
      type="link"
      size="small"
      loading={run.isPending}
      data-testid={`${action}-${id}`}
      onClick={onClick}
      {...button}
    >
      {label}
    </Button>
  )
  if (!confirm && !reason) return trigger(() => perform())
  return (
    <ConfirmDialog
      question={confirm ?? label}
      okText={label}
      reason={reason}
      danger={button?.danger}
      okTestId={`${action}-confirm`}
      onConfirm={perform}
    >
      {trigger}
    </ConfirmDialog>
  )
}
