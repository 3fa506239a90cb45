import { Button, type ButtonProps, Popconfirm } from 'antd'
import { useTranslation } from 'react-i18next'
import { notify } from '../../app/notify.ts'
import { useCan } from '../../stores/permission.ts'
import type { ResourceDefinition } from './define-resource.ts'
import { useResourceAction } from './resource-queries.ts'
import { testId } from './test-id.ts'

interface ResourceActionProps {
  resource: ResourceDefinition
  id: number | string
  /** The action word of the permission and the label: `enable` -> `enable-admins`, `t('admins.actions.enable')`. */
  action: string
  /** The API path segment when it is not the action word (`resetQRCode`). */
  path?: string
  /** Ask first, with this question. */
  confirm?: string
  button?: ButtonProps
}

/**
 * A status action on one record (enable, disable, publish, reset...), shown only to admins holding its
 * permission. The server's refusal (a 409 when the action does not apply) is shown as its message.
 */
export function ResourceAction({
  resource,
  id,
  action,
  path = action,
  confirm,
  button,
}: ResourceActionProps) {
  const { t } = useTranslation()
  const allowed = useCan(action, resource.name)
  const run = useResourceAction(resource.name, path)
  if (!allowed) return null
  const label = t(`${resource.name}.actions.${action}`)
  const perform = () =>
    run.mutateAsync(id).then(
      () => notify('success', t('resource.done')),
      (error: Error) => notify('error', error.message),
    )
  const trigger = (
    <Button
      type="link"
      size="small"
      loading={run.isPending}
      data-testid={`${action}-${id}`}
      onClick={confirm ? undefined : perform}
      {...button}
    >
      {label}
    </Button>
  )
  if (!confirm) return trigger
  return (
    <Popconfirm
      title={confirm}
      okText={label}
      cancelText={t('resource.cancel')}
      okButtonProps={{ danger: button?.danger, ...testId(`${action}-confirm`) }}
      onConfirm={perform}
    >
      {trigger}
    </Popconfirm>
  )
}
